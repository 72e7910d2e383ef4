/**
 * The real backend for API-level tests: startTestServer() boots it on
 * 127.0.0.1 with an in-memory PGlite (or the given PostgreSQL database) and
 * our migrations + seed applied; createTestClient() is a supabase-js client.
 */
// The RLS suite must drive the backend the app talks to; its test
// entry point lives in the backend app, which Nx otherwise keeps apps from importing.
// eslint-disable-next-line @nx/enforce-module-boundaries
export {
  createTestClient,
  freshDatabase,
  startTestServer,
  type TestServer,
} from '@bistro/backend/src/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries
export { pgliteFromTemplate } from '@bistro/backend/src/db/template';
