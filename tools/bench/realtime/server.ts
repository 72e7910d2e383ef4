/**
 * The backend under test of the Realtime bench, in a process of its own (so its memory and CPU
 * are measured apart from the 5,000 client sockets): apps/backend's startBackend on a free
 * 127.0.0.1 port, in-memory PGlite or the PostgreSQL in DATABASE_URL, with `members` bench
 * members (auth users with a session, profiles by the trigger) and one private topic
 * 'bench:lounge' that members may read (the policy checks the member's profile, as the app's do).
 *
 * Driven over IPC by realtime.bench.ts:
 *   -> { op: 'send', seq }    realtime.send({seq}, 'tick', 'bench:lounge'); answers committedAt
 *   -> { op: 'stats' }        after a GC: heap + external + RSS bytes, CPU time, open sockets
 *   -> { op: 'quit' }
 *   <- { op: 'ready', url, anonKey, members: [{ token, userId }], eventDate, djId }
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBackend } from '../../../apps/backend/src/server.js';
import { dataDirFromTemplate } from '../../../apps/backend/src/db/template.js';
import { memberTokens, seedMembers } from '../api/lounge-seed.js';

const MEMBERS = Number(process.env['BENCH_RT_MEMBERS'] ?? 5000);
const databaseUrl =
  process.env['BENCH_RT_DB'] === 'postgres' ? process.env['DATABASE_URL'] : undefined;
if (process.env['BENCH_RT_DB'] === 'postgres' && !databaseUrl)
  throw new Error('the PostgreSQL run needs DATABASE_URL (scripts/with-postgres.sh)');

const send = (m: unknown) => process.send?.(m);
const now = () => performance.timeOrigin + performance.now();

const dataDir = await mkdtemp(path.join(tmpdir(), 'bistro-bench-rt-'));
// migrated once per run (the backend's template builder), copied into the data folder
if (!databaseUrl) await dataDirFromTemplate(dataDir);
const b = await startBackend({
  dataDir,
  port: 0,
  inboxPort: 0,
  host: '127.0.0.1',
  ...(databaseUrl ? { databaseUrl } : {}),
  config: {
    rateLimit: { max: 1_000_000, windowMs: 60_000 },
    // each bench member's socket names its own client address (X-Forwarded-For), as members
    // on their own phones would have; the per-address Realtime limits keep their defaults
    trustProxy: true,
    realtime: { maxSockets: 50_000 },
  },
  warn: (m) => console.warn(`[bench backend] ${m}`),
});

const tonight = (
  await b.db.query<{ d: string }>(
    `select (((now() at time zone 'America/New_York') - interval '4 hours')::date)::text as d`,
  )
).rows[0]?.d as string;
const djId = (
  await b.db.query<{ id: string }>(
    'select id::text as id from public.djs where is_active order by name limit 1',
  )
).rows[0]?.id as string;

await seedMembers(b.db, MEMBERS);
await b.db.exec(`
  begin;
  set local session_replication_role = replica;
  insert into public.song_requests (song_title, artist, user_id, requested_by_name, status,
    event_date, created_at, queue_position, song_key)
  select 'Song number ' || g, 'Artist ' || (g % 97),
    ('b0000000-0000-4000-8000-' || lpad((1 + g % ${MEMBERS})::text, 12, '0'))::uuid,
    'Member' || (1 + g % ${MEMBERS}), (array['pending', 'approved', 'played'])[1 + g % 3],
    '${tonight}', now() - (g % 18000) * interval '1 second',
    -- what the queue triggers (off while seeding) would set: the approved ones are the queue,
    -- and one key per song and night
    case when g % 3 = 1 then (g + 2) / 3 end,
    private.song_key('Song number ' || g, 'Artist ' || (g % 97))
  from generate_series(1, 100) as g;
  insert into public.dj_ratings (dj_id, user_id, rating, comment, performance_date, created_at)
  select '${djId}', ('b0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 1 + g % 5,
    'Great set ' || g, '${tonight}', now() - g * interval '10 seconds'
  from generate_series(1, least(300, ${MEMBERS})) as g;
  commit;
  create policy bench_lounge_read on realtime.messages for select to authenticated
    using (realtime.topic() = 'bench:lounge'
      and exists (select 1 from public.profiles p where p.user_id = (select auth.uid())));
  analyze;`);

const members = await memberTokens({ url: b.url, keys: b.ctx.keys, jwtExpiry: 3600 }, MEMBERS);

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (m: { op: string; seq?: number }) => {
  void (async () => {
    if (m.op === 'send') {
      await b.db.query(`select realtime.send($1::jsonb, 'tick', 'bench:lounge', true)`, [
        JSON.stringify({ seq: m.seq, song: 'Mr. Brightside', votes: 12 }),
      ]);
      send({ op: 'sent', seq: m.seq, committedAt: now() });
    } else if (m.op === 'stats') {
      gc?.();
      gc?.();
      const mem = process.memoryUsage();
      const cpu = process.cpuUsage();
      send({
        op: 'stats',
        heap: mem.heapUsed,
        external: mem.external, // includes arrayBuffers (socket buffers)
        rss: mem.rss,
        cpuMs: (cpu.user + cpu.system) / 1000,
        at: now(),
      });
    } else if (m.op === 'quit') {
      await b.close();
      process.exit(0);
    }
  })().catch((e: unknown) => {
    console.error('[bench backend]', e);
    process.exit(1);
  });
});

send({ op: 'ready', url: b.url, anonKey: b.anonKey, members, eventDate: tonight, djId });
