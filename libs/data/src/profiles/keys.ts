export { profileKeys } from '../lib/query-keys';
