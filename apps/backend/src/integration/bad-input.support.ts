/**
 * Shared by the hostile-input suites: a server with a member's token, a snapshot of the rows
 * those suites must leave unchanged, and the check of PostgREST's error shape.
 */
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { signedIn } from './support.js';

const SNAPSHOT_SQL = `select md5(concat_ws('|',
  (select string_agg(t::text, ',' order by t.id) from public.events t),
  (select string_agg(t::text, ',' order by t.id) from public.user_offers t),
  (select string_agg(t::text, ',' order by t.user_id) from public.profiles t),
  (select string_agg(t::text, ',' order by t.id) from public.song_requests t),
  (select string_agg(t.id::text || t.email, ',' order by t.id) from auth.users t),
  (select count(*)::text from pg_class)
)) as h`;

export async function snapshot(srv: TestServer): Promise<string> {
  const r = await srv.db.query<{ h: string }>(SNAPSHOT_SQL);
  return r.rows[0]?.h as string;
}

export async function expectPgrstError(
  res: Response,
  status: number | number[],
  code?: string | RegExp,
): Promise<Record<string, unknown>> {
  const statuses = Array.isArray(status) ? status : [status];
  const text = await res.text();
  expect(statuses, `status ${res.status}: ${text}`).toContain(res.status);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  if (code instanceof RegExp) expect(body['code']).toMatch(code);
  else if (code) expect(body['code']).toBe(code);
  expect(text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/);
  return body;
}

export interface HostileServer {
  srv: TestServer;
  /** an access token of the member maya */
  memberToken: string;
  /** the snapshot taken before any test ran */
  before: string;
}

export async function startHostileServer(): Promise<HostileServer> {
  const srv = await startTestServer();
  const maya = await signedIn(srv, 'maya');
  const memberToken = (await maya.auth.getSession()).data.session?.access_token as string;
  return { srv, memberToken, before: await snapshot(srv) };
}
