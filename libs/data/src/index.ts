export {
  runtimeConfigSchema,
  parseRuntimeConfig,
  fetchRuntimeConfig,
  RuntimeConfigError,
  type RuntimeConfig,
} from './lib/runtime-config';
export { configureSupabase, getSupabase, isSupabaseConfigured } from './lib/supabase-client';
export { queryClient } from './lib/query-client';
