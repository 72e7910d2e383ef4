import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';

export type BistroClient = SupabaseClient<Database>;

/**
 * The one Supabase client on the page. The shell configures it from the runtime
 * config before anything renders; libs/data is a shared singleton, so every
 * remote reaches this same instance.
 */
let client: BistroClient | null = null;

export function configureSupabase(settings: { url: string; anonKey: string }): BistroClient {
  client = createClient<Database>(settings.url, settings.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  });
  return client;
}

export function isSupabaseConfigured(): boolean {
  return client !== null;
}

export function getSupabase(): BistroClient {
  if (!client) {
    throw new Error(
      'The Supabase client is not configured: the runtime config has no supabase entry.',
    );
  }
  return client;
}
