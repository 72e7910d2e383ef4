export { songRequestKeys } from '../lib/query-keys';
