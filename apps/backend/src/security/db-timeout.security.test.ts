/**
 * One request must not freeze the service. A regular expression with catastrophic
 * backtracking, sent by anyone with the anon key, runs for seconds per row (each extra `(.*)`
 * multiplies the time by about 8). Every request's statements are bounded by the role's
 * statement timeout (anon 3 s by default): the runaway request answers 57014 (HTTP 500 as in PostgREST, never a
 * late 200); other routes keep answering meanwhile; afterwards the database works and nothing
 * committed before is lost. Runs on PGlite, and on PostgreSQL under scripts/with-postgres.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { api } from '../integration/support.js';
import { DEFAULT_STATEMENT_TIMEOUTS } from '../db/options.js';

const RUNAWAY = '/rest/v1/events?select=id&description=match.^(.*?)*(.*)(.*)(.*)(.*)\\1$';
const ANON_TIMEOUT = DEFAULT_STATEMENT_TIMEOUTS.anon;
const TITLE = 'Committed before the runaway request';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** GET /auth/v1/health until `until` settles, returning each answer's status and latency. */
async function pollHealth(until: Promise<unknown>): Promise<{ status: number; ms: number }[]> {
  let done = false;
  void until.finally(() => (done = true));
  const out: { status: number; ms: number }[] = [];
  while (!done) {
    const t = performance.now();
    const res = await api(srv, '/auth/v1/health');
    await res.arrayBuffer();
    out.push({ status: res.status, ms: performance.now() - t });
    await sleep(50);
  }
  return out;
}

describe(`a runaway anon request (${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers 57014 within about the anon timeout while every other route keeps answering', async () => {
    // a write acknowledged before the runaway request must survive it
    const created = await api(srv, '/rest/v1/events', {
      method: 'POST',
      token: srv.serviceRoleKey,
      headers: {
        apikey: srv.serviceRoleKey,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: JSON.stringify({
        title: TITLE,
        description: 'Glow paint, neon cocktails and DJ Nova on the decks until close.',
        event_date: new Date(Date.now() + 86_400_000).toISOString(),
        is_approved: true,
      }),
    });
    expect(created.status).toBe(201);

    await (await api(srv, '/auth/v1/health')).arrayBuffer(); // warm: connection, route
    const started = performance.now();
    const runaway = api(srv, RUNAWAY).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { code?: string; message?: string },
      ms: performance.now() - started,
    }));
    await sleep(300); // the runaway statement is running now
    // a read queued behind the runaway one: served once the database is back, not lost
    const queued = api(srv, `/rest/v1/events?select=title&title=eq.${encodeURIComponent(TITLE)}`);
    const health = await pollHealth(runaway);
    const answer = await runaway;

    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('57014');
    expect(answer.body.message).toBe('canceling statement due to statement timeout');
    expect(answer.ms).toBeGreaterThanOrEqual(ANON_TIMEOUT - 100);
    expect(answer.ms).toBeLessThan(ANON_TIMEOUT + 3_000);

    expect(health.length).toBeGreaterThan(10);
    expect(health.every((h) => h.status === 200)).toBe(true);
    const slowest = Math.max(...health.map((h) => h.ms));
    expect(
      slowest,
      `health latencies ${health.map((h) => Math.round(h.ms)).join(' ')}`,
    ).toBeLessThan(100);

    const queuedRes = await queued;
    expect(queuedRes.status).toBe(200);
    expect(await queuedRes.json()).toEqual([{ title: TITLE }]);
  });

  it('leaves a working database: reads and writes succeed and the committed row is there', async () => {
    const read = await api(
      srv,
      `/rest/v1/events?select=title&title=eq.${encodeURIComponent(TITLE)}`,
    );
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([{ title: TITLE }]);
    const all = await api(srv, '/rest/v1/events?select=id&order=event_date');
    expect(all.status).toBe(200);
    expect(((await all.json()) as unknown[]).length).toBeGreaterThan(1);
    const { rows } = await srv.db.query<{ n: number }>(
      'select count(*)::int as n from public.events where title = $1',
      [TITLE],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
