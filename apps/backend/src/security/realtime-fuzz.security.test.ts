/**
 * Frame fuzzing of the Realtime socket as a member (see realtime-fuzz.ts). For every sequence
 * of frames the socket either answers a heartbeat afterwards or was closed with 1007, 1008 or
 * 1009; every error reply carries a reason; the server logs no internal error; no unhandled
 * rejection; realtime.messages gains nothing; and a bystander member's socket stays joined and
 * keeps receiving. REALTIME_FUZZ_RUNS sets the number of sequences (default 300), FUZZ_SEED
 * replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { PASSWORD, USERS } from '../integration/support.js';
import { RawSocket, TEST_POLICIES, send, until } from '../realtime/test-support.js';
import { ACCEPTED_CLOSE_CODES, frameArbitrary } from './realtime-fuzz.js';

const runs = Number(process.env['REALTIME_FUZZ_RUNS'] ?? 300);
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
    config: { realtime: { maxFrameBytes: 8 * 1024, maxMessagesPerSecond: 1000 } },
  });
  await srv.sql(TEST_POLICIES);
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
