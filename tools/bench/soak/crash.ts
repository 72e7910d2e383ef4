/**
 * Crash safety: kill -9 the backend (or the PostgreSQL postmaster) at a random moment of a
 * write load, start it again on the same data, and check that every write answered 2xx
 * before the kill is there, against the client's own log.
 */
import { cp, rm, truncate, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Check } from './races.js';
import {
  Api,
  Tally,
  pick,
  rand,
  sleep,
  startBackendProc,
  startExpectingRefusal,
  type BackendProc,
  type BackendTarget,
  type Member,
  type PgCluster,
} from './lib.js';

export interface TrialResult {
  trial: number;
  killed: 'backend' | 'postmaster';
  afterSeconds: number;
  operations: number;
  acked: number;
  checked: number;
  lost: number;
  uncertain: number;
  restartMs: number;
  notes: string;
}

type VoteState = 'present' | 'absent' | 'unknown';

async function trial(opts: {
  n: number;
  backend: BackendProc;
  members: Member[];
  admin: Member;
  requestIds: string[];
  eventTitle: string;
  kill: 'backend' | 'postmaster';
  cluster?: PgCluster;
  target: BackendTarget;
  minSeconds: number;
  maxSeconds: number;
}): Promise<{ result: TrialResult; backend: BackendProc }> {
  const { members, admin, requestIds } = opts;
  const tally = new Tally();
  const api = new Api(opts.backend.url, opts.backend.anonKey, tally);
  const booked = new Set<string>();
  const approved = new Set<string>();
  const votes = new Map<string, VoteState>(); // `${member}:${request}`
  let acked = 0;
  let dead = false;
  const stopOn = (status: number | undefined) => {
    if (status === undefined || status >= 500) dead = true;
  };
  const workers = [
    ...members.map(async (m, i) => {
      let nights = 0;
      while (!dead) {
        if (i % 2 === 0) {
          // a private-occasion request, each for a night of its own (a request needs a future
          // date, and a member holds a few open requests per night at most)
          nights++;
          const r = await api.call('POST', '/rest/v1/event_bookings', {
            token: m.token,
            body: {
              user_id: m.id,
              name: `Crash ${i}`,
              email: m.email,
              phone: '(216) 555-0101',
              event_title: opts.eventTitle,
              event_date: new Date(
                Date.now() + (opts.n * 10_000 + nights) * 86_400_000,
              ).toISOString(),
            },
            prefer: 'return=representation',
            label: 'book',
          });
          stopOn(r?.status);
          if (r?.status === 201) {
            booked.add((r.body as { id: string }[])[0]?.id as string);
            acked++;
          }
        } else {
          const req = pick(requestIds);
          const key = `${m.id}:${req}`;
          const state = votes.get(key) ?? 'unknown';
          const r =
            state === 'present'
              ? await api.call(
                  'DELETE',
                  `/rest/v1/song_votes?song_request_id=eq.${req}&user_id=eq.${m.id}`,
                  { token: m.token, label: 'unvote' },
                )
              : await api.call('POST', '/rest/v1/song_votes', {
                  token: m.token,
                  body: { song_request_id: req, user_id: m.id },
                  label: 'vote',
                });
          stopOn(r?.status);
          if (!r || r.status >= 500) votes.set(key, 'unknown');
          else if (r.status === 204) {
            votes.set(key, 'absent');
            acked++;
          } else if (r.status === 201) {
            votes.set(key, 'present');
            acked++;
          } else if (r.status === 409) votes.set(key, 'present');
          // 400 vote_limit_reached (a 4th vote) changes nothing
        }
      }
    }),
    (async () => {
      while (!dead) {
        const r = await api.call(
          'GET',
          '/rest/v1/event_bookings?select=id&status=eq.pending&order=created_at.desc&limit=10',
          { token: admin.token, label: 'admin list pending' },
        );
        stopOn(r?.status);
        for (const b of r?.status === 200 ? (r.body as { id: string }[]) : []) {
          const p = await api.call('PATCH', `/rest/v1/event_bookings?id=eq.${b.id}`, {
            token: admin.token,
            body: { status: 'approved' },
            prefer: 'return=representation',
            label: 'admin approve',
          });
          stopOn(p?.status);
          if (p?.status === 200 && (p.body as { status: string }[])[0]?.status === 'approved') {
            approved.add(b.id);
            acked++;
          }
          if (dead) break;
        }
        await sleep(50);
      }
    })(),
  ];
  // kill at a random moment once the load is flowing (a restarted server warms up first)
  const t0 = Date.now();
  while (acked < 10 && Date.now() - t0 < 60_000) await sleep(100);
  await sleep(rand(opts.minSeconds, opts.maxSeconds) * 1000);
  const afterSeconds = (Date.now() - t0) / 1000;
  let backend = opts.backend;
  let notes = '';
  let restartMs: number;
  if (opts.kill === 'backend') {
    await backend.kill9();
    await Promise.all(workers);
    backend = await startBackendProc(opts.target);
    restartMs = backend.startMs;
  } else {
    const cluster = opts.cluster as PgCluster;
    await cluster.killPostmaster();
    await Promise.all(workers);
    const t0 = Date.now();
    await cluster.start();
    restartMs = Date.now() - t0;
    // the same backend process: its pool must reconnect to the restarted server
    const probe = new Api(backend.url, backend.anonKey);
    let served = false;
    let last = '';
    for (let i = 0; i < 60 && !served; i++) {
      const r = await probe.call('GET', '/rest/v1/events?select=id&limit=1');
      served = r?.status === 200;
      last = `${r?.status ?? 'no answer'} ${JSON.stringify(r?.body ?? null).slice(0, 200)}`;
      if (!served) await sleep(500);
    }
    notes = served
      ? 'the backend kept running and served again once PostgreSQL was back'
      : `the backend did not serve within 30 s after PostgreSQL came back (last answer: ${last}); restarted it`;
    if (!served) {
      await backend.kill9();
      backend = await startBackendProc(opts.target);
    }
  }

  // verify against the client's log
  const check = new Api(backend.url, backend.anonKey);
  const ids = new Set(members.map((m) => m.id));
  const rows = (
    await check.all<{ id: string; user_id: string; status: string }>(
      backend.serviceRoleKey,
      'event_bookings?select=id,user_id,status&order=id',
    )
  ).filter((b) => ids.has(b.user_id) || approved.has(b.id));
  const status = new Map(rows.map((b) => [b.id, b.status]));
  let lost = 0;
  let checked = 0;
  for (const id of booked) {
    checked++;
    if (!status.has(id)) lost++;
  }
  for (const id of approved) {
    checked++;
    if (status.get(id) !== 'approved') lost++;
  }
  const stored = await check.all<{ song_request_id: string; user_id: string }>(
    backend.serviceRoleKey,
    `song_votes?select=song_request_id,user_id&song_request_id=in.(${requestIds.join(',')})`,
  );
  const present = new Set(stored.map((v) => `${v.user_id}:${v.song_request_id}`));
  let uncertain = 0;
  for (const [key, state] of votes) {
    if (state === 'unknown') {
      uncertain++;
      continue;
    }
    checked++;
    if ((state === 'present') !== present.has(key)) lost++;
  }
  return {
    backend,
    result: {
      trial: opts.n,
      killed: opts.kill,
      afterSeconds: Math.round(afterSeconds * 10) / 10,
      operations: tally.ops,
      acked,
      checked,
      lost,
      uncertain,
      restartMs,
      notes,
    },
  };
}

export async function crashTrials(opts: {
  target: BackendTarget;
  backend: BackendProc;
  members: Member[];
  admin: Member;
  trials: number;
  cluster?: PgCluster;
  minSeconds: number;
  maxSeconds: number;
}): Promise<{ trials: TrialResult[]; backend: BackendProc }> {
  let backend = opts.backend;
  const setup = new Api(backend.url, backend.anonKey);
  const requestIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const m = opts.members[i % opts.members.length] as Member;
    const r = await setup.call('POST', '/rest/v1/song_requests', {
      token: m.token,
      body: { song_title: `Crash song ${i} ${Date.now()}`, artist: 'Crash artist' },
      prefer: 'return=representation',
    });
    if (r?.status !== 201) throw new Error(`song request: ${r?.status} ${JSON.stringify(r?.body)}`);
    requestIds.push((r.body as { id: string }[])[0]?.id as string);
  }
  const out: TrialResult[] = [];
  const kinds: ('backend' | 'postmaster')[] = Array.from({ length: opts.trials }, () => 'backend');
  if (opts.cluster) kinds.push('postmaster');
  for (const [i, kill] of kinds.entries()) {
    const r = await trial({
      n: i + 1,
      backend,
      members: opts.members,
      admin: opts.admin,
      requestIds,
      eventTitle: 'Crash trial',
      kill,
      ...(opts.cluster ? { cluster: opts.cluster } : {}),
      target: opts.target,
      minSeconds: opts.minSeconds,
      maxSeconds: opts.maxSeconds,
    });
    backend = r.backend;
    out.push(r.result);
    const t = r.result;
    console.log(
      `  trial ${t.trial}: kill -9 ${t.killed} after ${t.afterSeconds} s, ${t.operations} requests, ${t.acked} writes answered 2xx, ${t.checked} checked, ${t.lost} lost, ${t.uncertain} in flight (not checkable), restart ${t.restartMs} ms${t.notes ? `; ${t.notes}` : ''}`,
    );
  }
  return { trials: out, backend };
}

/** The backend must refuse a second opener and a damaged PGlite folder, saying why. */
export async function folderChecks(dataDir: string, running: BackendProc): Promise<Check[]> {
  const checks: Check[] = [];
  const refusal = async (name: string, dir: string, expect: RegExp) => {
    const r = await startExpectingRefusal({ db: 'pglite', dataDir: dir });
    const line =
      r.output
        .split('\n')
        .find((l) => expect.test(l))
        ?.trim() ?? r.output.trim().split('\n').slice(-3).join(' ');
    const ok = !r.started && r.code !== 0 && expect.test(r.output);
    checks.push({
      name,
      ok,
      detail: `exit ${r.code}${r.started ? ' (STARTED)' : ''}: ${line.slice(0, 300)}`,
    });
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: exit ${r.code}: ${line.slice(0, 200)}`);
  };
  await refusal(
    'a second backend on a data folder in use is refused',
    dataDir,
    /is in use by process/,
  );
  await running.stop();
  const copy = async (suffix: string) => {
    const dir = `${dataDir}-${suffix}`;
    await rm(dir, { recursive: true, force: true });
    await cp(dataDir, dir, { recursive: true });
    return dir;
  };
  const noVersion = await copy('no-version');
  await unlink(path.join(noVersion, 'pglite', 'PG_VERSION'));
  await refusal(
    'a folder without PG_VERSION (half-written) is refused, not re-initialised empty',
    noVersion,
    /not a complete PGlite database/,
  );
  const badControl = await copy('bad-control');
  await truncate(path.join(badControl, 'pglite', 'global', 'pg_control'), 100);
  await refusal(
    'a folder with a truncated pg_control is refused',
    badControl,
    /could not be opened/,
  );
  const noWal = await copy('no-wal');
  const walDir = path.join(noWal, 'pglite', 'pg_wal');
  for (const f of await readdir(walDir))
    if (/^[0-9A-F]{24}$/.test(f)) await truncate(path.join(walDir, f), 0);
  await refusal('a folder with emptied WAL segments is refused', noWal, /could not be opened/);
  for (const d of [noVersion, badControl, noWal]) await rm(d, { recursive: true, force: true });
  return checks;
}
