/**
 * Two backends over one PostgreSQL database, as WORKERS=2 or two machines run it: both started
 * at the same moment (they take turns preparing the database), each answering with what the
 * other wrote. Rate limits, refresh-token rotation, Realtime and the booking-mail outbox must
 * hold across them, since nothing of that lives in one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase, startTestServer, type TestServer } from '../testing.js';
import { USERS, PASSWORD, api } from './support.js';
import { realtimeClient, subscribed, sleep } from '../realtime/test-support.js';
import { startBookingMailsJob } from '../jobs/booking-mails.js';

const url = process.env['DATABASE_URL'];
const REUSE_MS = 1500;

// Runs under `npm run test:postgres` (scripts/with-postgres.sh sets DATABASE_URL).
describe.skipIf(!url)('two backend processes over one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const db = await freshDatabase(url as string);
    drop = db.drop;
    // one data folder per "machine": the signing key comes from the database all the same
    dataDir = await mkdtemp(path.join(tmpdir(), 'bistro-mp-'));
    const config = {
      rateLimit: { max: 5, windowMs: 60_000 },
      refreshReuseIntervalMs: REUSE_MS,
    };
    [a, b] = await Promise.all([
      startTestServer({ databaseUrl: db.url, dataDir: path.join(dataDir, 'a'), config }),
      startTestServer({ databaseUrl: db.url, dataDir: path.join(dataDir, 'b'), config }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (srv: TestServer, p: string, body: unknown) =>
    api(srv, p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('prepared the database once and sign with one key', async () => {
    const m = await a.db.query<{ n: number }>(
      `select count(*)::int as n from supabase_migrations.seed_files`,
    );
    expect(m.rows[0]?.n).toBe(1);
    expect(a.backend.ctx.keys.kid).toBe(b.backend.ctx.keys.kid);
    const signIn = await post(a, '/auth/v1/token?grant_type=password', {
      email: USERS.maya.email,
      password: PASSWORD,
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    const user = await api(b, '/auth/v1/user', { token: access_token });
    expect(user.status).toBe(200);
  });

  it("reload the REST schema cache in every process on NOTIFY pgrst, 'reload schema'", async () => {
    const probe = () => api(b, '/rest/v1/events?select=id,mp_extra&limit=1');
    await a.db.exec(`alter table public.events add column mp_extra text`);
    // a column B's cache does not know: refused until the schema is reloaded
    expect((await probe()).status).toBe(400);
    await a.db.exec(`notify pgrst, 'reload schema'`);
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      await sleep(50);
      status = (await probe()).status;
    }
    expect(status).toBe(200);
  });

  it('share one rate limit: 5 sign-ins per address, whichever process answers', async () => {
    const email = `mp.${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await post(i % 2 ? b : a, '/auth/v1/token?grant_type=password', {
        email,
        password: 'wrong-password',
      });
      const body = (await r.json()) as { error_code?: string };
      statuses.push(r.status);
      if (r.status === 429) expect(body.error_code).toBe('over_request_rate_limit');
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('count hits sent at the same moment to both: exactly 5 get through', async () => {
    const email = `mp.burst.${Date.now()}@example.test`;
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(i % 2 ? b : a, '/auth/v1/token?grant_type=password', {
          email,
          password: 'wrong-password',
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('refresh one token on both at once: one new session, and the reuse rule still holds', async () => {
    const signIn = await post(a, '/auth/v1/token?grant_type=password', {
      email: USERS.leo.email,
      password: PASSWORD,
    });
    const first = ((await signIn.json()) as { refresh_token: string }).refresh_token;
    const [ra, rb] = await Promise.all(
      [a, b].map((srv) =>
        post(srv, '/auth/v1/token?grant_type=refresh_token', { refresh_token: first }),
      ),
    );
    expect([ra?.status, rb?.status]).toEqual([200, 200]);
    const sa = (await ra?.json()) as { refresh_token: string; access_token: string };
    const sb = (await rb?.json()) as { refresh_token: string };
    // the second refresh waited for the first's row lock and got the same new token
    expect(sa.refresh_token).toBe(sb.refresh_token);
    expect(sa.refresh_token).not.toBe(first);
    const live = await a.db.query<{ n: number }>(
      `select count(*)::int as n from auth.refresh_tokens
       where session_id = (select session_id from auth.refresh_tokens where token = $1)
         and not revoked`,
      [first],
    );
    expect(live.rows[0]?.n).toBe(1);

    await sleep(REUSE_MS + 200);
    const reused = await post(b, '/auth/v1/token?grant_type=refresh_token', {
      refresh_token: first,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
    // the session is over on the other process as well
    const after = await post(a, '/auth/v1/token?grant_type=refresh_token', {
      refresh_token: sa.refresh_token,
    });
    expect(after.status).toBe(400);
    const user = await api(a, '/auth/v1/user', { token: sa.access_token });
    expect(user.status).toBe(403);
  });

  it('deliver a Realtime message written through one process to a socket on the other', async () => {
    const client = realtimeClient(b);
    try {
      const got: unknown[] = [];
      const ch = client
        .channel('mp-open', { config: { private: false } })
        .on('broadcast', { event: 'hello' }, (m) => got.push(m['payload']));
      expect((await subscribed(ch)).status).toBe('SUBSCRIBED');
      await a.db.query(`select realtime.send('{"from":"a"}'::jsonb, 'hello', 'mp-open', false)`);
      for (let i = 0; i < 100 && got.length === 0; i++) await sleep(50);
      expect(got).toEqual([{ from: 'a' }]);
    } finally {
      await client.removeAllChannels();
      client.realtime.disconnect();
    }
  });

  it("relay a client's broadcast on one process to the sockets on the other", async () => {
    const [ca, cb] = [realtimeClient(a), realtimeClient(b)];
    try {
      const atA: unknown[] = [];
      const atB: unknown[] = [];
      const chA = ca
        .channel('mp-chat', { config: { private: false } })
        .on('broadcast', { event: 'say' }, (m) => atA.push(m['payload']));
      const chB = cb
        .channel('mp-chat', { config: { private: false } })
        .on('broadcast', { event: 'say' }, (m) => atB.push(m['payload']));
      expect((await subscribed(chA)).status).toBe('SUBSCRIBED');
      expect((await subscribed(chB)).status).toBe('SUBSCRIBED');
      expect(await chA.send({ type: 'broadcast', event: 'say', payload: { text: 'hi' } })).toBe(
        'ok',
      );
      for (let i = 0; i < 100 && atB.length === 0; i++) await sleep(50);
      expect(atB).toEqual([{ text: 'hi' }]);
      // the sender's own process did not hand it back to the sender (self is off)
      await sleep(200);
      expect(atA).toEqual([]);
    } finally {
      await ca.removeAllChannels();
      await cb.removeAllChannels();
      ca.realtime.disconnect();
      cb.realtime.disconnect();
    }
  });

  it('drain the booking-mail outbox from both at once: every mail goes out once', async () => {
    const n = 20;
    await a.db.exec(`
      insert into public.events (id, title, event_date, is_approved)
      select ('e2000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Night ' || i,
             now() + make_interval(days => 3 + i), true
      from generate_series(1, ${n}) i;
      insert into public.event_bookings (user_id, event_id, name, email, phone)
      select '${USERS.leo.id}', ('e2000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
             'Leo', '${USERS.leo.email}', '555'
      from generate_series(1, ${n}) i;
    `);
    const jobs = [a, b].map((srv) =>
      startBookingMailsJob({
        apiUrl: srv.url,
        serviceRoleKey: srv.serviceRoleKey,
        intervalMs: 60_000,
        warn: (m) => {
          throw new Error(m);
        },
      }),
    );
    await Promise.all(jobs.map((j) => j.runNow()));
    await Promise.all(jobs.map((j) => j.stop()));
    const mails = [...(await a.inbox(USERS.leo.email)), ...(await b.inbox(USERS.leo.email))];
    const subjects = mails.map((m) => m.subject).sort();
    const expected = Array.from(
      { length: n },
      (_, i) => `We received your booking request for Night ${i + 1}`,
    ).sort();
    expect(subjects).toEqual(expected);
    const pending = await a.db.query<{ n: number }>(
      `select count(*)::int as n from private.booking_mails where sent_at is null`,
    );
    expect(pending.rows[0]?.n).toBe(0);
  });
});
