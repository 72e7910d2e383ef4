/**
 * Shared setup of the app-calls suites (app-calls-*.test.ts): one real server per test file
 * (in-memory PGlite, or a fresh database when DATABASE_URL is set, with the project's
 * migrations and seed) and a supabase-js client for each seed user and for a visitor.
 *
 * The exported bindings are live: they are set by the beforeAll hook that
 * `useAppCallsServer()` registers, so read them inside tests and hooks only.
 */
import { afterAll, beforeAll } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from '../testing.js';
import { signedIn } from './support.js';

export let srv: TestServer;
export let maya: SupabaseClient;
export let leo: SupabaseClient;
export let admin: SupabaseClient;
export let visitor: SupabaseClient;

/** Boots the server and signs the clients in before the file's tests; closes it after them. */
export function useAppCallsServer(): void {
  beforeAll(async () => {
    srv = await startTestServer();
    [maya, leo, admin] = await Promise.all([
      signedIn(srv, 'maya'),
      signedIn(srv, 'leo'),
      signedIn(srv, 'admin'),
    ]);
    visitor = createTestClient(srv);
  });
  afterAll(async () => {
    await srv?.close();
  });
}

export const nowIso = () => new Date().toISOString();
