import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, type TestServer } from '../testing.js';

export const USERS = {
  admin: { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
  maya: { id: 'a0000000-0000-4000-8000-000000000002', email: 'maya@example.com' },
  leo: { id: 'a0000000-0000-4000-8000-000000000003', email: 'leo@example.com' },
} as const;
export const PASSWORD = 'password123';

/** A supabase-js client signed in as one of the seed users. */
export async function signedIn(srv: TestServer, who: keyof typeof USERS): Promise<SupabaseClient> {
  const client = createTestClient(srv);
  const { error } = await client.auth.signInWithPassword({
    email: USERS[who].email,
    password: PASSWORD,
  });
  if (error) throw error;
  return client;
}

/** Raw fetch against the API with the anon key (or a given token). */
export function api(
  srv: TestServer,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has('apikey')) headers.set('apikey', srv.anonKey);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token ?? srv.anonKey}`);
  return fetch(`${srv.url}${path}`, { ...rest, headers });
}

/** A row count taken as the superuser, to prove that bad requests change nothing. */
export async function countRows(srv: TestServer, table: string): Promise<number> {
  const r = await srv.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return r.rows[0]?.n ?? -1;
}
