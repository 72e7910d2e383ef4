export {
  runtimeConfigSchema,
  parseRuntimeConfig,
  fetchRuntimeConfig,
  RuntimeConfigError,
  type RuntimeConfig,
} from './lib/runtime-config';
export {
  configureSupabase,
  getSupabase,
  isSupabaseConfigured,
  type BistroClient,
} from './lib/supabase-client';
export { queryClient } from './lib/query-client';
export {
  DataError,
  unwrap,
  errorCode,
  errorMessage,
  isUniqueViolation,
  type ServerError,
} from './lib/errors';
export type { Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from './database.types';

// Domains: one folder each under src/ (keys.ts, <entity>-query.ts,
// <entity>-<verb>-mutation.ts, errors.ts). Each area adds its exports in its
// own section below; keep to your section to avoid edit collisions.

// --- guest domains (events, bookings, offers, photos, profiles, analytics, account) ---

// --- lounge domains (song requests, votes, djs, ratings) ---

// --- admin domains (moderation, users, roles, analytics, functions) ---
