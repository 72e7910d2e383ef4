export { djKeys } from '../lib/query-keys';
