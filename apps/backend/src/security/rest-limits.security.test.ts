/**
 * Limits of the REST service that keep one request from doing what its verb does not allow:
 * GET and HEAD on /rest/v1/rpc/<fn> run read-only, as PostgREST does, so a function that
 * writes fails with Postgres' 25006 (405) and nothing is written. Runs on PGlite, or on
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { api, countRows } from '../integration/support.js';

let srv: TestServer;

const FIXTURE = `
create table public.rest_limits_hits (id serial primary key, at timestamptz not null default now());
create function public.rest_limits_bump() returns int language sql volatile as
  $$ insert into public.rest_limits_hits default values returning id $$;
create function public.rest_limits_peek() returns bigint language sql stable as
  $$ select count(*) from public.rest_limits_hits $$;
grant select, insert on public.rest_limits_hits to anon;
grant usage on sequence public.rest_limits_hits_id_seq to anon;
grant execute on function public.rest_limits_bump(), public.rest_limits_peek() to anon;
`;

beforeAll(async () => {
  srv = await startTestServer();
  await srv.sql(FIXTURE);
});
afterAll(async () => {
  await srv?.close();
});

/** The body is PostgREST's error object: exactly code, details, hint and message. */
async function expectPgrstError(res: Response, status: number, code: string): Promise<string> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(body['code']).toBe(code);
  return body['message'] as string;
}

describe('GET and HEAD on an RPC run read-only', () => {
  it('a volatile function that writes answers 405 25006 on GET and writes nothing', async () => {
    const before = await countRows(srv, 'public.rest_limits_hits');
    const res = await api(srv, '/rest/v1/rpc/rest_limits_bump');
    const message = await expectPgrstError(res, 405, '25006');
    expect(message).toMatch(/read-only transaction/);
    const head = await api(srv, '/rest/v1/rpc/rest_limits_bump', { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(await head.text()).toBe('');
    expect(await countRows(srv, 'public.rest_limits_hits')).toBe(before);
  });

  it('the same function by POST writes; a read-only function works by GET', async () => {
    const before = await countRows(srv, 'public.rest_limits_hits');
    const post = await api(srv, '/rest/v1/rpc/rest_limits_bump', { method: 'POST' });
    expect(post.status, await post.clone().text()).toBe(200);
    expect(await countRows(srv, 'public.rest_limits_hits')).toBe(before + 1);
    const get = await api(srv, '/rest/v1/rpc/rest_limits_peek');
    expect(get.status).toBe(200);
    expect(Number(await get.json())).toBe(before + 1);
  });
});
