/**
 * Frame fuzzing of the Realtime socket as a member (see realtime-fuzz.ts). For every sequence
 * of frames the socket either answers a heartbeat afterwards or was closed with 1007, 1008 or
 * 1009; every error reply carries a reason; the server logs no internal error; no unhandled
 * rejection; realtime.messages gains nothing; and a bystander member's socket stays joined and
 * keeps receiving. REALTIME_FUZZ_RUNS sets the number of sequences (default 300), FUZZ_SEED
 * replays a run.
 *
 * Then hostile clients: fuzzed crowds of sockets from one address flooding private joins. The
 * address holds at most maxSocketsPerIp sockets (the rest: 429 at the upgrade), gets at most
 * maxJoinsPerSecondPerIp joins a second answered over all its sockets, a private join without
 * a member token never reaches the database, and a member's joins of ever new topics reach it
 * at most maxAuthorizationsPerSecondPerIp times a second; a member's repeated joins of one
 * topic reach it once per authCacheMs; a bystander at another address keeps joining and
 * receiving.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { PASSWORD, USERS } from '../integration/support.js';
import { RawSocket, TEST_POLICIES, send, until } from '../realtime/test-support.js';
import { ACCEPTED_CLOSE_CODES, frameArbitrary } from './realtime-fuzz.js';

const runs = Number(process.env['REALTIME_FUZZ_RUNS'] ?? 300);
/** Small caps for the hostile-client property (the defaults are in realtime/settings.ts). */
const CAPS = { sockets: 12, joins: 15, authorizations: 4 };
const hostileRuns = Math.max(4, Math.round(runs / 60));
let probes = 0;
let srv: TestServer;
const warnings: string[] = [];

async function signIn(who: 'maya' | 'leo'): Promise<string> {
  const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: USERS[who].email, password: PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  srv = await startTestServer({
    warn: (m) => warnings.push(m),
    config: {
      trustProxy: true,
      realtime: {
        maxFrameBytes: 8 * 1024,
        maxMessagesPerSecond: 1000,
        maxSocketsPerIp: CAPS.sockets,
        maxJoinsPerSecondPerIp: CAPS.joins,
        maxAuthorizationsPerSecondPerIp: CAPS.authorizations,
        authCacheMs: 60_000,
      },
    },
  });
  await srv.sql(TEST_POLICIES);
  // counts the authorization transactions: each one inserts a probe message (authorize.ts)
  const db = srv.backend.ctx.db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((...args: Parameters<typeof transaction>) => {
    if (String(args[1] ?? '').includes('realtime.probe_id')) probes++;
    return transaction(...args);
  }) as typeof db.transaction;
});
afterAll(async () => {
  await srv?.close();
});

it(
  'fuzzed frames get an answer or close their own socket, and nothing else',
  async () => {
    const leo = await signIn('leo');
    const maya = await signIn('maya');
    const expired = await srv.backend.ctx.keys.sign(
      { sub: USERS.leo.id, role: 'authenticated', aud: 'authenticated' },
      -60,
    );
    const bystander = await RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=2.0.0`);
    expect((await bystander.join('rt-test:members', { token: maya })).status).toBe('ok');
    const count = async () =>
      (
        await srv.db.query<{ n: number }>(
          `select count(*)::int as n from realtime.messages where topic <> 'rt-test:members'`,
        )
      ).rows[0]?.n;
    const before = await count();
    const rejections: unknown[] = [];
    const onRejection = (e: unknown) => rejections.push(e);
    process.on('unhandledRejection', onRejection);
    const topics = [
      'rt-test:members',
      'rt-test:chat',
      'rt-test:open',
      `rt-test:user:${USERS.maya.id}`,
      `rt-test:user:${USERS.leo.id}`,
    ];
    const arb = frameArbitrary(topics, {
      member: leo,
      other: maya,
      expired,
      anonKey: srv.anonKey,
    });
    const closes: Record<string, number> = {};
    const replies = { ok: 0, error: 0, joined: 0, broadcasts: 0 };
    let socket: RawSocket | null = null;
    const seed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);
    try {
      await fc.assert(
        fc.asyncProperty(arb, async (frames) => {
          socket ??= await RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=2.0.0`);
          const s = socket;
          const seen = s.frames.length;
          const seenBinary = s.binary.length;
          for (const f of frames) {
            if (s.closed) break;
            if ('text' in f) s.ws.send(f.text);
            else s.ws.send(f.binary);
          }
          // a heartbeat after the sequence: answered, or the socket was closed for a reason
          let answered = false;
          if (!s.closed) {
            const ref = s.push('phoenix', 'heartbeat', {});
            await until(() => {
              answered = s.frames.some(
                (x) => Array.isArray(x) && x[1] === ref && x[3] === 'phx_reply',
              );
              return answered || s.closed !== null;
            }, 10_000);
          }
          if (s.closed) {
            const code = `${s.closed.code} ${s.closed.reason}`;
            closes[code] = (closes[code] ?? 0) + 1;
            socket = null;
            if (!ACCEPTED_CLOSE_CODES.includes(s.closed.code))
              throw new Error(`socket closed with ${code} (${s.closed.reason})`);
          }
          replies.broadcasts += s.binary.length - seenBinary;
          for (const x of s.frames.slice(seen)) {
            if (!Array.isArray(x) || x.length !== 5) throw new Error(`bad server frame ${x}`);
            const p = x[4] as {
              status?: string;
              response?: { reason?: unknown; postgres_changes?: unknown };
            };
            if (x[3] === 'phx_reply' && p.status === 'ok') replies.ok++;
            if (x[3] === 'phx_reply' && p.status === 'error') replies.error++;
            if (x[3] === 'phx_reply' && p.response?.postgres_changes) replies.joined++;
            if (
              x[3] === 'phx_reply' &&
              p.status === 'error' &&
              typeof p.response?.reason !== 'string'
            )
              throw new Error(`error reply without a reason: ${JSON.stringify(x)}`);
          }
        }),
        { numRuns: runs, seed },
      );
    } finally {
      process.off('unhandledRejection', onRejection);
      (socket as RawSocket | null)?.close();
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(rejections.map(String)).toEqual([]);
    expect(warnings.filter((w) => w.startsWith('realtime:'))).toEqual([]);
    expect(await count()).toBe(before);
    // the bystander was never dropped and still receives
    const got = bystander.binary.length;
    await send(srv, 'rt-test:members', 'still-here', {});
    await until(() => bystander.binary.length > got);
    expect(bystander.closed).toBeNull();
    bystander.close();
    console.log(
      `[fuzz] realtime: ${runs} frame sequences (seed ${seed}); socket closes by code ${JSON.stringify(closes)}; replies ${JSON.stringify(replies)}; internal errors 0, unhandled rejections 0, bystander kept`,
    );
  },
  Math.max(300_000, runs * 500),
);

it('hostile crowds from one address: capped sockets, capped joins, no database work without a member token', async () => {
  const leo = await signIn('leo');
  const maya = await signIn('maya');
  const anonymousUser = await srv.backend.ctx.keys.sign(
    { sub: USERS.leo.id, role: 'authenticated', aud: 'authenticated', is_anonymous: true },
    3600,
  );
  const bystander = await RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=2.0.0`, {
    'x-forwarded-for': '192.0.2.250',
  });
  expect((await bystander.join('rt-test:members', { token: maya })).status).toBe('ok');
  let ipNo = 0;
  const seed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);
  const summary = { refusedUpgrades: 0, joins: 0, rateLimited: 0, unauthorized: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        extra: fc.integer({ min: 1, max: 6 }),
        perSocket: fc.integer({ min: 1, max: 8 }),
        token: fc.constantFrom<'none' | 'anonymous-user' | 'member-new-topics'>(
          'none',
          'anonymous-user',
          'member-new-topics',
        ),
        topic: fc.constantFrom('rt-test:members', 'rt-test:chat', `rt-test:user:${USERS.leo.id}`),
      }),
      async ({ extra, perSocket, token, topic: fixedTopic }) => {
        const headers = { 'x-forwarded-for': `198.18.${Math.floor(++ipNo / 250)}.${ipNo % 250}` };
        const opened: RawSocket[] = [];
        let refused = 0;
        for (let i = 0; i < CAPS.sockets + extra; i++) {
          try {
            opened.push(await RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=2.0.0`, headers));
          } catch (e) {
            expect(String(e)).toContain('upgrade refused: 429');
            refused++;
          }
        }
        try {
          expect(opened).toHaveLength(CAPS.sockets);
          expect(refused).toBe(extra);
          summary.refusedUpgrades += refused;

          // every socket floods private joins at once without a member token
          const before = probes;
          const started = Date.now();
          let fresh = 0;
          const refs = opened.map((s) =>
            Array.from({ length: perSocket }, () =>
              s.push(
                `realtime:${token === 'member-new-topics' ? `rt-test:new-${ipNo}-${++fresh}` : fixedTopic}`,
                'phx_join',
                {
                  config: { broadcast: { self: false }, private: true },
                  ...(token === 'anonymous-user' ? { access_token: anonymousUser } : {}),
                  ...(token === 'member-new-topics' ? { access_token: leo } : {}),
                },
                'own',
              ),
            ),
          );
          const answers = await Promise.all(
            opened.flatMap((s, i) => (refs[i] as string[]).map((ref) => s.reply(ref, 10_000))),
          );
          const windows = Math.ceil((Date.now() - started + 1) / 1000) + 1;
          let limited = 0;
          for (const a of answers) {
            expect(a.status).toBe('error');
            const reason = String(a.response['reason']);
            if (reason.startsWith('ClientJoinRateLimitReached')) limited++;
            else expect(reason).toContain('Unauthorized');
          }
          // joins answered past the limit: at most the cap in each one-second window touched
          expect(answers.length - limited).toBeLessThanOrEqual(CAPS.joins * windows);
          if (answers.length > CAPS.joins * windows) expect(limited).toBeGreaterThan(0);
          if (token === 'member-new-topics')
            expect(probes - before, 'database transactions for new topics').toBeLessThanOrEqual(
              CAPS.authorizations * windows,
            );
          else
            expect(probes - before, 'database transactions for joins without a member token').toBe(
              0,
            );
          summary.joins += answers.length;
          summary.rateLimited += limited;
          summary.unauthorized += answers.length - limited;
        } finally {
          for (const s of opened) s.close();
        }
        // the slots come back once the sockets are gone
        await until(() => srv.backend.realtime.stats().sockets <= 1, 5000);
        const again = await RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=2.0.0`, headers);
        again.close();
        expect(bystander.closed).toBeNull();
      },
    ),
    {
      numRuns: hostileRuns,
      seed,
      // every kind of hostile token at least once, each flooding past the caps
      examples: (['none', 'anonymous-user', 'member-new-topics'] as const).map((token) => [
        { extra: 2, perSocket: 8, token, topic: 'rt-test:members' },
      ]),
    },
  );

  // a member joining one topic again and again: the database answers once per authCacheMs
  const member = await RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=2.0.0`, {
    'x-forwarded-for': '192.0.2.251',
  });
  // (the frame fuzzing above joined as leo: start from nothing kept)
  srv.backend.realtime.forgetUser(USERS.leo.id);
  const before = probes;
  for (let i = 0; i < 5; i++)
    expect((await member.join('rt-test:chat', { token: leo })).status).toBe('ok');
  expect(probes - before).toBe(1);
  member.close();

  // the bystander at another address was never held up and still receives
  expect((await bystander.join('rt-test:chat', { token: maya })).status).toBe('ok');
  const got = bystander.binary.length;
  await send(srv, 'rt-test:members', 'still-here', {});
  await until(() => bystander.binary.length > got);
  expect(bystander.closed).toBeNull();
  bystander.close();
  console.log(
    `[fuzz] realtime hostile crowds: ${hostileRuns} runs (seed ${seed}) ${JSON.stringify(summary)}; database transactions without a member token 0`,
  );
}, 300_000);
