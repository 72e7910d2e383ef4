/**
 * The long load and crash runs (`npm run soak`, through tools/bench/soak/run.mjs):
 *   1. races under load: SOAK_VOTERS members (200) voting and un-voting at random on
 *      SOAK_REQUESTS (20) of tonight's song requests for SOAK_VOTE_SECONDS (60); then
 *      SOAK_BOOKERS members (100) booking events for SOAK_BOOK_SECONDS (30) while an admin
 *      approves them. Invariants checked in the database afterwards.
 *   2. crash safety: SOAK_CRASH_TRIALS (5) kill -9 of the backend at a random moment of a
 *      write load by SOAK_CRASH_WRITERS (20) members and the admin, then a restart on the same
 *      data and a check of every write answered 2xx; on PostgreSQL one more trial kills the
 *      postmaster. On PGlite, the backend must refuse a folder in use and damaged folders.
 * Each on PGlite and on a throwaway PostgreSQL cluster (SOAK_DB=pglite|postgres|both).
 * Prints every figure and records them with writeBenchPart (into BENCH_OUT, which
 * tools/bench/soak/run.mjs sets).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBenchPart } from '../report.mjs';
import { crashTrials, folderChecks, type TrialResult } from './crash.js';
import {
  ADMIN,
  Api,
  createPgCluster,
  dbLabel,
  envInt,
  makeMembers,
  signIn,
  startBackendProc,
  type DbKind,
  type PgCluster,
} from './lib.js';
import { bookingRace, voteRace, type Check, type PhaseResult } from './races.js';

const cfg = {
  db: process.env['SOAK_DB'] ?? 'both',
  voters: envInt('SOAK_VOTERS', 200),
  requests: envInt('SOAK_REQUESTS', 20),
  voteSeconds: envInt('SOAK_VOTE_SECONDS', 60),
  bookers: envInt('SOAK_BOOKERS', 100),
  bookSeconds: envInt('SOAK_BOOK_SECONDS', 30),
  thinkMs: envInt('SOAK_THINK_MS', 50),
  crashTrials: envInt('SOAK_CRASH_TRIALS', 5),
  crashWriters: envInt('SOAK_CRASH_WRITERS', 20),
  crashMinSeconds: envInt('SOAK_CRASH_MIN_SECONDS', 1),
  crashMaxSeconds: envInt('SOAK_CRASH_MAX_SECONDS', 6),
};

const failures: string[] = [];

function printPhase(label: string, p: PhaseResult): void {
  console.log(
    `\n${label}: ${p.operations} requests in ${p.seconds.toFixed(1)} s (${(p.operations / p.seconds).toFixed(0)}/s)`,
  );
  console.log('  answers:');
  for (const [k, v] of p.tally.rows()) console.log(`    ${String(k).padEnd(40)} ${v}`);
  for (const [k, v] of p.tally.errors) console.log(`  error: ${k} x${v}`);
  for (const s of p.tally.samples) console.log(`    e.g. ${s}`);
  for (const c of p.checks) {
    console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    if (!c.ok) failures.push(`${label}: ${c.name} (${c.detail})`);
  }
}

function checkRows(checks: Check[]): (string | number)[][] {
  return checks.map((c) => [c.name, c.ok ? 'ok' : 'FAILED', c.detail]);
}

async function runDb(db: DbKind): Promise<void> {
  const label = dbLabel(db);
  console.log(`\n=== ${label} ===`);
  let cluster: PgCluster | undefined;
  if (db === 'postgres') {
    cluster = await createPgCluster();
    console.log(`PostgreSQL cluster on ${cluster.url} (fsync and synchronous_commit on)`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `bistro-soak-${db}-`));
  const target = { db, dataDir, ...(cluster ? { databaseUrl: cluster.url } : {}) };
  let backend = await startBackendProc(target);
  try {
    console.log(`backend ready in ${backend.startMs} ms (fresh database)`);
    const api = new Api(backend.url, backend.anonKey);
    const admin = await signIn(api, ADMIN.email, ADMIN.password);
    const t0 = Date.now();
    const members = await makeMembers(
      api,
      backend.serviceRoleKey,
      backend.inboxUrl,
      cfg.voters,
      `${db}-member`,
    );
    const setupSeconds = (Date.now() - t0) / 1000;
    console.log(`${members.length} members created and signed in in ${setupSeconds.toFixed(1)} s`);

    const first = backend;
    const votes = await voteRace({
      url: backend.url,
      anonKey: backend.anonKey,
      serviceKey: backend.serviceRoleKey,
      members,
      requests: cfg.requests,
      seconds: cfg.voteSeconds,
      thinkMs: cfg.thinkMs,
      unexpected: () => first.unexpected.length,
    });
    printPhase(
      `${label} votes (${members.length} members, ${cfg.requests} requests, ${cfg.voteSeconds} s)`,
      votes,
    );
    const bookings = await bookingRace({
      url: backend.url,
      anonKey: backend.anonKey,
      serviceKey: backend.serviceRoleKey,
      members: members.slice(0, cfg.bookers),
      admin,
      seconds: cfg.bookSeconds,
      thinkMs: cfg.thinkMs,
      approvers: 2,
      unexpected: () => first.unexpected.length,
    });
    printPhase(
      `${label} bookings (${Math.min(cfg.bookers, members.length)} members + admin approving, ${cfg.bookSeconds} s)`,
      bookings,
    );
    for (const l of first.unexpected.slice(0, 5)) console.log(`  backend log: ${l}`);
    const phaseFigures = (p: PhaseResult, what: string) => [
      { name: `${what}: requests`, value: p.operations },
      { name: `${what}: duration`, value: Math.round(p.seconds), unit: 's' },
      { name: `${what}: requests/s`, value: Math.round(p.operations / p.seconds) },
      {
        name: `${what}: 5xx answers`,
        value: p.tally.count5xx(),
        target: '= 0',
        met: p.tally.count5xx() === 0,
      },
      {
        name: `${what}: requests without answer`,
        value: p.tally.countErrors() - p.tally.count5xx(),
      },
      {
        name: `${what}: invariant checks passed`,
        value: p.checks.filter((c) => c.ok).length,
        unit: `of ${p.checks.length}`,
        target: `= ${p.checks.length}`,
        met: p.checks.every((c) => c.ok),
      },
    ];
    writeBenchPart({
      id: `soak-races-${db}`,
      title: `Soak: races under load, ${label}`,
      notes: `${members.length} members created (GoTrue admin API) and signed in (recovery code from the dev inbox) in ${setupSeconds.toFixed(0)} s; think time 0-${cfg.thinkMs} ms between a member's requests; loopback only.`,
      figures: [...phaseFigures(votes, 'votes'), ...phaseFigures(bookings, 'bookings')],
      tables: [
        {
          title: 'Votes: answers',
          columns: ['request and status', 'count'],
          rows: votes.tally.rows(),
        },
        {
          title: 'Votes: invariants',
          columns: ['check', 'result', 'detail'],
          rows: checkRows(votes.checks),
        },
        {
          title: 'Bookings: answers',
          columns: ['request and status', 'count'],
          rows: bookings.tally.rows(),
        },
        {
          title: 'Bookings: invariants',
          columns: ['check', 'result', 'detail'],
          rows: checkRows(bookings.checks),
        },
      ],
    });

    console.log(`\n${label} crash trials (${cfg.crashWriters} members + admin writing):`);
    const crash = await crashTrials({
      target,
      backend,
      members: members.slice(0, cfg.crashWriters),
      admin,
      trials: cfg.crashTrials,
      ...(cluster ? { cluster } : {}),
      minSeconds: cfg.crashMinSeconds,
      maxSeconds: cfg.crashMaxSeconds,
    });
    backend = crash.backend;
    const sum = (f: (t: TrialResult) => number) => crash.trials.reduce((a, t) => a + f(t), 0);
    const lost = sum((t) => t.lost);
    if (lost) failures.push(`${label}: ${lost} writes lost in crash trials`);
    let folder: Check[] = [];
    if (db === 'pglite') {
      console.log(`\n${label} data folder guards:`);
      folder = await folderChecks(dataDir, backend);
      for (const c of folder) if (!c.ok) failures.push(`${label}: ${c.name} (${c.detail})`);
    }
    const restarts = crash.trials.map((t) => t.restartMs);
    writeBenchPart({
      id: `soak-crash-${db}`,
      title: `Soak: crash safety, ${label}`,
      notes:
        db === 'pglite'
          ? 'kill -9 of the backend process at a random moment of a write load (bookings, votes and un-votes, admin approvals), restart on the same PGlite data folder, every write answered 2xx checked against the client log.'
          : 'kill -9 of the backend process (the PostgreSQL server survives) and, in the last trial, of the postmaster itself; every write answered 2xx checked against the client log.',
      figures: [
        { name: 'crash trials', value: crash.trials.length },
        { name: 'requests during the trials', value: sum((t) => t.operations) },
        { name: 'writes answered 2xx', value: sum((t) => t.acked) },
        { name: 'writes checked', value: sum((t) => t.checked) },
        { name: 'writes lost', value: lost, target: '= 0', met: lost === 0 },
        { name: 'in flight at the kill (not checkable)', value: sum((t) => t.uncertain) },
        { name: 'restart after kill, slowest', value: Math.max(...restarts), unit: 'ms' },
        ...(folder.length
          ? [
              {
                name: 'data folder guards passed',
                value: folder.filter((c) => c.ok).length,
                unit: `of ${folder.length}`,
                target: `= ${folder.length}`,
                met: folder.every((c) => c.ok),
              },
            ]
          : []),
      ],
      tables: [
        {
          title: 'Trials',
          columns: [
            'trial',
            'killed',
            'after s',
            'requests',
            'writes 2xx',
            'checked',
            'lost',
            'in flight',
            'restart ms',
            'notes',
          ],
          rows: crash.trials.map((t) => [
            t.trial,
            t.killed,
            t.afterSeconds,
            t.operations,
            t.acked,
            t.checked,
            t.lost,
            t.uncertain,
            t.restartMs,
            t.notes,
          ]),
        },
        ...(folder.length
          ? [
              {
                title: 'Data folder guards',
                columns: ['check', 'result', 'detail'],
                rows: checkRows(folder),
              },
            ]
          : []),
      ],
    });
  } finally {
    await backend.stop();
    await cluster?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const dbs: DbKind[] =
    cfg.db === 'both' ? ['pglite', 'postgres'] : cfg.db === 'postgres' ? ['postgres'] : ['pglite'];
  console.log(`soak: ${JSON.stringify(cfg)}`);
  for (const db of dbs) await runDb(db);
  console.log(`\nsoak finished in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (failures.length) {
    console.log('\nFAILED:');
    for (const f of failures) console.log(`  - ${f}`);
    process.exit(1);
  }
  console.log('all invariants held, no write lost');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
