/**
 * Limits of the REST service (src/rest/limits.ts), each answered in PostgREST's error shape:
 * GET and HEAD on /rest/v1/rpc/<fn>, and any call of a stable or immutable function, run
 * read-only, as PostgREST does (a write fails with Postgres' 25006, 405, and nothing is written); long like/ilike/match/imatch
 * patterns and deeply nested logic trees are a 400 before any SQL runs; a bulk insert of too
 * many rows is a 413 that writes nothing; a statement timeout (57014) is PostgREST's 500.
 * Runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { api, countRows } from '../integration/support.js';
import { MAX_BULK_ROWS, MAX_NESTING, MAX_PATTERN_LENGTH } from '../rest/limits.js';

let srv: TestServer;

const FIXTURE = `
create table public.rest_limits_hits (id serial primary key, at timestamptz not null default now());
create function public.rest_limits_bump() returns int language sql volatile as
  $$ insert into public.rest_limits_hits default values returning id $$;
create function public.rest_limits_peek() returns bigint language sql stable as
  $$ select count(*) from public.rest_limits_hits $$;
grant select, insert on public.rest_limits_hits to anon;
grant usage on sequence public.rest_limits_hits_id_seq to anon;
-- declared stable, yet writes through a volatile function it calls
create function public.rest_limits_sneaky() returns int language plpgsql stable as
  $$ begin return public.rest_limits_bump(); end $$;
create table public.rest_limits_rows (n int not null);
create function public.rest_limits_timeout() returns int language plpgsql as $$
begin
  raise sqlstate '57014' using message = 'canceling statement due to statement timeout';
end $$;
-- lowers the timeout for the transaction's next statement, then outlasts it there
create function public.rest_limits_slow() returns setof int language plpgsql volatile as $$
begin
  perform set_config('statement_timeout', '100', true);
  perform pg_sleep(0.4);
  return next 1;
end $$;
grant select, insert on public.rest_limits_rows to anon;
grant execute on function public.rest_limits_bump(), public.rest_limits_peek(),
  public.rest_limits_timeout(), public.rest_limits_slow(), public.rest_limits_sneaky() to anon;
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

  it('a function declared stable runs read-only by POST too', async () => {
    const before = await countRows(srv, 'public.rest_limits_hits');
    const res = await api(srv, '/rest/v1/rpc/rest_limits_sneaky', { method: 'POST' });
    await expectPgrstError(res, 405, '25006');
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

describe('pattern filters have a maximum length', () => {
  /** A valid pattern of exactly `n` characters for the operator. */
  const pattern = (op: string, n: number): string =>
    encodeURIComponent(op.endsWith('like') ? `*${'a'.repeat(n - 2)}*` : `^${'a'.repeat(n - 2)}$`);
  for (const op of ['like', 'ilike', 'match', 'imatch']) {
    it(`${op}: ${MAX_PATTERN_LENGTH} characters pass, one more is 400 PGRST100`, async () => {
      const longest = pattern(op, MAX_PATTERN_LENGTH);
      const tooLong = pattern(op, MAX_PATTERN_LENGTH + 1);
      const ok = await api(srv, `/rest/v1/events?select=id&description=${op}.${longest}`);
      expect(ok.status, await ok.clone().text()).toBe(200);
      const res = await api(srv, `/rest/v1/events?select=id&description=${op}.${tooLong}`);
      const message = await expectPgrstError(res, 400, 'PGRST100');
      expect(message).toBe(`failed to parse filter (${op})`);
      const inTree = await api(
        srv,
        `/rest/v1/events?select=id&or=(title.eq.x,description.not.${op}.${tooLong})`,
      );
      await expectPgrstError(inTree, 400, 'PGRST100');
    });
  }
});

describe('logic trees have a maximum depth', () => {
  const nested = (depth: number): string => {
    let tree = 'title.eq.x';
    for (let i = 1; i < depth; i++) tree = `${i % 2 ? 'and' : 'or'}(${tree},title.eq.y)`;
    return `(${tree})`;
  };
  it(`${MAX_NESTING} levels run; 300 levels are 400 PGRST100, not a database error`, async () => {
    const ok = await api(srv, `/rest/v1/events?select=id&or=${nested(MAX_NESTING)}`);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const res = await api(srv, `/rest/v1/events?select=id&or=${nested(300)}`);
    const message = await expectPgrstError(res, 400, 'PGRST100');
    expect(message).toMatch(/^failed to parse logic tree/);
    // the service still answers afterwards
    expect((await api(srv, '/rest/v1/events?select=id&limit=1')).status).toBe(200);
  });
});

describe('bulk inserts have a maximum row count', () => {
  const rows = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ n: i })));
  const post = (body: string, prefer = 'return=minimal') =>
    api(srv, '/rest/v1/rest_limits_rows', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer },
      body,
    });

  it(`${MAX_BULK_ROWS} rows insert; one more is 413 54000 and writes nothing`, async () => {
    const before = await countRows(srv, 'public.rest_limits_rows');
    expect((await post(rows(MAX_BULK_ROWS))).status).toBe(201);
    expect(await countRows(srv, 'public.rest_limits_rows')).toBe(before + MAX_BULK_ROWS);
    const res = await post(rows(MAX_BULK_ROWS + 1));
    const message = await expectPgrstError(res, 413, '54000');
    expect(message).toMatch(/too many rows/i);
    const upsert = await post(rows(MAX_BULK_ROWS + 1), 'resolution=ignore-duplicates');
    await expectPgrstError(upsert, 413, '54000');
    expect(await countRows(srv, 'public.rest_limits_rows')).toBe(before + MAX_BULK_ROWS);
  });
});

describe("a statement timeout is PostgREST's 500 with SQLSTATE 57014", () => {
  it("57014 from the database answers 500 in PostgREST's shape", async () => {
    const res = await api(srv, '/rest/v1/rpc/rest_limits_timeout', { method: 'POST' });
    const message = await expectPgrstError(res, 500, '57014');
    expect(message).toBe('canceling statement due to statement timeout');
  });

  // The function lowers its own statement_timeout, which only PostgreSQL's server honours;
  // PGlite's bound is the watchdog's per-role timeout (db-timeout.security.test.ts)
  it.skipIf(!process.env['DATABASE_URL'])(
    'a statement that outlasts statement_timeout answers 500 57014, never a late 200',
    async () => {
      const res = await api(srv, '/rest/v1/rpc/rest_limits_slow', {
        method: 'POST',
        headers: { prefer: 'count=exact' },
      });
      const message = await expectPgrstError(res, 500, '57014');
      expect(message).toMatch(/statement timeout/);
    },
  );
});
