/**
 * Hostile and malformed input to /rest/v1: every case answers 4xx in PostgREST's error shape,
 * never 500 or a stack trace, and the database is unchanged afterwards. JWTs, storage, auth
 * and the fuzzing of random requests are in bad-input-auth.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS, api } from './support.js';
import type { TestServer } from '../testing.js';
import { expectPgrstError, snapshot, startHostileServer } from './bad-input.support.js';

let srv: TestServer;
let memberToken: string;
let before: string;

beforeAll(async () => {
  ({ srv, memberToken, before } = await startHostileServer());
});
afterAll(async () => {
  await srv?.close();
});

describe('REST: malformed queries', () => {
  it.each([
    ['/rest/v1/nope', 404, '42P01'],
    ['/rest/v1/events?select=nope', 400, '42703'],
    ['/rest/v1/events?nope=eq.1', 400, '42703'],
    ['/rest/v1/events?order=nope.desc', 400, '42703'],
    ['/rest/v1/events?id=zz.1', 400, 'PGRST100'],
    ['/rest/v1/events?id=eq', 400, 'PGRST100'],
    ['/rest/v1/events?or=(title.eq.a', 400, 'PGRST100'],
    ['/rest/v1/events?or=title.eq.a', 400, 'PGRST100'],
    ['/rest/v1/events?and=()', 400, 'PGRST100'],
    ['/rest/v1/events?id=in.1,2', 400, 'PGRST100'],
    ['/rest/v1/events?limit=-1', 400, 'PGRST100'],
    ['/rest/v1/events?offset=abc', 400, 'PGRST100'],
    ['/rest/v1/events?id=eq.not-a-uuid', 400, '22P02'],
    ['/rest/v1/events?is_approved=is.maybe', 400, 'PGRST100'],
    // PGlite used to throw a plain Error for a non-boolean string parameter (found by the fuzzer)
    ['/rest/v1/events?is_approved=eq.maybe', 400, '22P02'],
    ['/rest/v1/events?is_approved=in.(true,perhaps)', 400, '22P02'],
    ['/rest/v1/events?select=*,nope(*)', 400, 'PGRST200'],
    ['/rest/v1/events?select=count()', 400, 'PGRST123'],
    ['/rest/v1/events?nope.title=eq.x', 400, 'PGRST108'],
    ['/rest/v1/events?select=title::text;select 1', 400, 'PGRST100'],
    ['/rest/v1/events?event_date=gt.yesterday-ish', 400, /^22/],
    ['/rest/v1/rpc/nope', 404, 'PGRST202'],
    ['/rest/v1/rpc/increment_offer_usage?x=1', 404, 'PGRST202'],
  ])('GET %s -> %i %s', async (path, status, code) => {
    await expectPgrstError(await api(srv, path), status, code);
  });

  it('HEAD on an unknown table is 404 without a body', async () => {
    const r = await api(srv, '/rest/v1/nope', { method: 'HEAD' });
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('');
  });
});

describe('REST: SQL fragments in every query parameter', () => {
  const frag = `'; drop table public.events; --`;
  const e = encodeURIComponent(frag);
  it.each([
    [`select=${e}`],
    [`select=title,${e}`],
    [`order=${e}`],
    [`order=title.${e}`],
    [`limit=${e}`],
    [`offset=${e}`],
    [`${e}=eq.1`],
    [`title;drop=eq.1`],
    [`or=(${e})`],
    [`or=(title.eq.x,${e}.eq.1)`],
    [`and=(title.eq.x)${e}`],
    [`id=eq.${e}`],
    [`id=in.(${e})`],
    [`event_date=gt.${e}`],
    [`select=*,${e}(*)`],
    [`select=title::${e}`],
  ])('GET /rest/v1/events?%s is a 4xx', async (qs) => {
    const r = await api(srv, `/rest/v1/events?${qs}`);
    await expectPgrstError(r, [400, 404]);
  });

  it('a fragment as a text value is just a value', async () => {
    const r = await api(srv, `/rest/v1/events?title=eq.${e}`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([]);
    const like = await api(
      srv,
      `/rest/v1/events?title=ilike.${encodeURIComponent("%' or 1=1 --")}`,
    );
    expect(await like.json()).toEqual([]);
  });

  it('on_conflict and columns with fragments', async () => {
    const h = { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' };
    const a = await api(srv, `/rest/v1/user_offers?on_conflict=${e}`, {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: JSON.stringify({ user_id: USERS.maya.id }),
    });
    await expectPgrstError(a, 400);
    const b = await api(srv, `/rest/v1/user_offers?columns=${e}`, {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: JSON.stringify([{ user_id: USERS.maya.id }]),
    });
    await expectPgrstError(b, 400, 'PGRST100');
  });
});

describe('REST: hostile headers and bodies', () => {
  it('JSON keys with SQL are unknown columns (PGRST204)', async () => {
    const r = await api(srv, '/rest/v1/user_offers', {
      method: 'POST',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'user_id") values (null); drop table events; --': 1 }),
    });
    await expectPgrstError(r, 400, 'PGRST204');
    const p = await api(srv, '/rest/v1/profiles?user_id=eq.' + USERS.maya.id, {
      method: 'PATCH',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'first_name = (select 1)': 'x' }),
    });
    await expectPgrstError(p, 400, 'PGRST204');
  });

  it('invalid JSON, wrong shapes and wrong content types', async () => {
    const post = (
      body: string,
      headers: Record<string, string> = { 'content-type': 'application/json' },
    ) => api(srv, '/rest/v1/user_offers', { method: 'POST', token: memberToken, headers, body });
    await expectPgrstError(await post('{nope'), 400, 'PGRST102');
    await expectPgrstError(await post('[1,2]'), 400, 'PGRST102');
    await expectPgrstError(await post('"x"'), 400, 'PGRST102');
    await expectPgrstError(
      await post('{}', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'PGRST102',
    );
    const rpc = await api(srv, '/rest/v1/rpc/increment_offer_usage', {
      method: 'POST',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    });
    await expectPgrstError(rpc, 400, 'PGRST102');
  });

  it('deeply nested JSON is a 4xx everywhere', async () => {
    const deep = '['.repeat(300_000) + ']'.repeat(300_000);
    const h = { 'content-type': 'application/json' };
    const rest = await api(srv, '/rest/v1/analytics', {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: JSON.stringify({ user_id: USERS.maya.id, event_type: 'offer_redeemed' }).replace(
        '}',
        `,"event_data":${deep}}`,
      ),
    });
    expect(rest.status).toBeGreaterThanOrEqual(400);
    expect(rest.status).toBeLessThan(500);
    const auth = await api(srv, '/auth/v1/signup', {
      method: 'POST',
      headers: h,
      body: `{"email":"deep@example.com","password":"secret123","data":{"x":${deep}}}`,
    });
    expect(auth.status).toBe(400);
    const rpc = await api(srv, '/rest/v1/rpc/increment_offer_usage', {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: `{"offer_id":${deep}}`,
    });
    expect(rpc.status).toBeGreaterThanOrEqual(400);
    expect(rpc.status).toBeLessThan(500);
  });

  it('Prefer, Range, Accept-Profile and Accept with junk', async () => {
    const a = await api(srv, '/rest/v1/events', {
      headers: { prefer: "return=representation'; drop table events; --, count=exact;" },
    });
    expect(a.status).toBe(200);
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { range: "0-1'; drop" } }),
      416,
      'PGRST103',
    );
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { 'accept-profile': 'auth' } }),
      406,
      'PGRST106',
    );
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { 'accept-profile': 'public; drop table x' } }),
      406,
      'PGRST106',
    );
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { accept: 'application/geo+json' } }),
      406,
      'PGRST107',
    );
  });

  it('oversized bodies get 413 on every service', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
    const rest = await api(srv, '/rest/v1/events', {
      method: 'POST',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toMatchObject({ code: 'PGRST413' });
    const auth = await api(srv, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(auth.status).toBe(413);
    expect(await auth.json()).toMatchObject({ error_code: 'request_too_large' });
  });

  it('a PATCH that would touch every row still obeys RLS', async () => {
    const r = await api(srv, '/rest/v1/events', {
      method: 'PATCH',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'pwned' }),
    });
    expect(r.status).toBe(204); // the member may update titles by grant, but RLS matches no rows
    const d = await api(srv, '/rest/v1/events', { method: 'DELETE', token: memberToken });
    expect(d.status).toBe(204); // allowed by grants, but RLS leaves nothing deletable
  });
});

describe('afterwards', () => {
  it('the database is unchanged', async () => {
    expect(await snapshot(srv)).toBe(before);
  });
});
