/**
 * The RLS matrix through the API the app really uses: supabase-js against the
 * backend (startTestServer: in-memory PGlite, our migrations and seed). The
 * fixture is restored before every probe, since API calls commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from './support/api';
import {
  emailOf,
  fixtureSql,
  ids,
  matrix,
  password,
  probes,
  usersSql,
  type Case,
  type Who,
} from './support/matrix';

let srv: TestServer;
const clients = {} as Record<Who | 'newbie', SupabaseClient>;
let dirty = false;

beforeAll(async () => {
  srv = await startTestServer();
  await srv.db.exec(usersSql);
  await srv.db.exec(fixtureSql);
  clients.visitor = createTestClient(srv);
  for (const who of ['owner', 'other', 'admin', 'newbie'] as const) {
    const c = createTestClient(srv);
    const { error } = await c.auth.signInWithPassword({ email: emailOf(who), password });
    if (error) throw new Error(`sign in ${who}: ${error.message}`);
    clients[who] = c;
  }
});
afterAll(async () => {
  await srv?.close();
});

const meOf = (c: Case, who: Who): string | null =>
  who === 'visitor' ? null : who === 'owner' && c.ownerIs === 'newbie' ? ids.newbie : ids[who];

describe.each(Object.entries(matrix))('%s (API)', (_table, cases) => {
  it.each(probes(cases).map((p) => [p.title, p] as const))(
    '%s',
    async (_title, { c, who, allowed }) => {
      // A refused or read-only probe changes nothing; restore the fixture only
      // after a probe that wrote something.
      if (dirty) await srv.db.exec(fixtureSql);
      const client = who === 'owner' && c.ownerIs === 'newbie' ? clients.newbie : clients[who];
      dirty = c.kind !== 'read';
      const out = await c.api(client, meOf(c, who));
      dirty = c.kind !== 'read' && !out.error && out.rows > 0;
      if (allowed) expect(out.error ? `${out.error.code}: ${out.error.message}` : 'ok').toBe('ok');
      expect(!out.error && out.rows > 0).toBe(allowed);
    },
  );
});
