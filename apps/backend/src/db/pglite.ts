import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RequestAbandoned, type Db, type Queryable, type QueryResult } from './types.js';
import { Mutex } from './mutex.js';
import { lockDataFolder } from './pglite-folder.js';
import { loadArtifacts, openSession, type PgliteSession } from './pglite-session.js';
import { PgliteWorker, type Engine } from './pglite-watchdog.js';
import type { Op } from './pglite-protocol.js';
import { statementTimeouts, type DbOptions } from './options.js';
import { copyPgliteTemplate } from './template.js';

export interface PgliteOptions extends DbOptions {
  /** Where the watchdog reports ending and reopening the database (default: console.warn). */
  log?: (msg: string) => void;
  /**
   * An in-memory database starts as a copy of this data folder (a migrated template, see
   * template.ts) instead of empty. Ignored for a data folder.
   */
  template?: string;
}

/** Throwaway folders of in-memory databases, removed at close or when the process exits. */
const throwaway = new Set<string>();
let exitHook = false;
const PREFIX = 'bistro-pglite-';

/** Removes throwaway folders left by processes that were killed (no exit handler ran). */
function sweepOrphans(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^bistro-pglite-([0-9]+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH')
        rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

function throwawayFolder(): { folder: string; remove(): void } {
  if (!exitHook) sweepOrphans();
  const dir = mkdtempSync(path.join(tmpdir(), `${PREFIX}${process.pid}-`));
  throwaway.add(dir);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const d of throwaway) rmSync(d, { recursive: true, force: true });
    });
  }
  return {
    folder: path.join(dir, 'db'),
    remove() {
      throwaway.delete(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PGlite on the calling thread: no watchdog, timeouts are not enforced. */
function inProcess(session: PgliteSession): Engine {
  return {
    ready: () => Promise.resolve(0),
    async run(op: Op) {
      if (op.op === 'query') return session.query(op.sql, op.params);
      await session.exec(op.sql);
      return null;
    },
    close: () => session.close(),
  };
}

/**
 * Opens PGlite in `dataDir` (persistent) or in memory when dataDir is undefined, and runs it
 * in a worker thread whose every statement is bounded by a statement timeout (see
 * pglite-watchdog.ts), so the HTTP thread never waits on a running query.
 *
 * A data folder is locked to this process, checked before use and written durably (see
 * pglite-folder.ts); the lock is held here, across the worker's restarts. An "in-memory"
 * database keeps its files in a throwaway folder (fsync off, deleted at close): a worker ended
 * mid-statement takes its WASM memory with it, so only files can be reopened; a snapshot
 * (dumpDataDir) would cost a full copy per commit or lose the commits since the last one.
 *
 * Every answer that follows a write is sent only after PGlite's COMMIT returned, i.e. after the
 * commit record was written (and, in a data folder, fsynced): nothing acknowledged is lost when
 * the watchdog ends the worker.
 */
export async function openPglite(dataDir?: string, opts: PgliteOptions = {}): Promise<Db> {
  const timeouts = statementTimeouts(opts.statementTimeoutMs);
  const log = opts.log ?? ((msg: string) => console.warn(`[db] ${msg}`));
  let release: () => void = () => undefined;
  let engine: Engine;
  try {
    const artifacts = await loadArtifacts();
    if (opts.pgliteInProcess) {
      if (dataDir) release = lockDataFolder(dataDir);
      engine = inProcess(await openSession({ folder: dataDir, durable: true, artifacts }));
    } else if (dataDir) {
      release = lockDataFolder(dataDir);
      engine = await PgliteWorker.open({ folder: dataDir, durable: true, artifacts }, log);
    } else {
      const tmp = throwawayFolder();
      release = tmp.remove;
      if (opts.template) copyPgliteTemplate(opts.template, tmp.folder);
      engine = await PgliteWorker.open({ folder: tmp.folder, durable: false, artifacts }, log);
    }
  } catch (e) {
    release();
    throw e;
  }
  return pgliteDb(engine, timeouts, release);
}

function pgliteDb(engine: Engine, timeouts: Db['statementTimeouts'], release: () => void): Db {
  // PGlite is a single connection: one transaction or statement at a time, in arrival order
  const mutex = new Mutex();
  let closed = false;
  const internal = timeouts.internal;
  const query = async <R>(sql: string, params: unknown[] = []) =>
    (await engine.run({ op: 'query', sql, params }, internal)) as QueryResult<R>;

  return {
    kind: 'pglite',
    statementTimeouts: timeouts,
    poolState: () => {
      const { busy, waiting } = mutex.state;
      return { total: 1, idle: 1 - busy, waiting };
    },
    query: <R>(sql: string, params?: unknown[]) => mutex.run(() => query<R>(sql, params)),
    exec: (sql: string) =>
      mutex.run(async () => void (await engine.run({ op: 'exec', sql }, internal))),
    transaction: <T>(
      fn: (tx: Queryable) => Promise<T>,
      preamble?: string,
      signal?: AbortSignal,
      timeoutMs = internal,
    ) =>
      mutex.run(async () => {
        // one connection for everything: under overload, don't spend it on a client that left
        if (signal?.aborted) throw new RequestAbandoned();
        // every statement of this transaction runs on this incarnation of the database only
        const generation = await engine.ready();
        if (signal?.aborted) throw new RequestAbandoned(); // left while the database reopened
        const run = (op: Op, ms = timeoutMs) => engine.run(op, ms, generation);
        const rollback = () =>
          run({ op: 'exec', sql: 'rollback' }, internal).catch(() => undefined);
        // BEGIN and the preamble in one call; the mutex keeps everything else out meanwhile
        await run({ op: 'exec', sql: preamble ? `begin; ${preamble}` : 'begin' }).catch(
          async (e: unknown) => {
            await rollback();
            throw e;
          },
        );
        // remember failed statements: COMMIT of an aborted transaction silently rolls back
        let failed: unknown = null;
        const track = <R>(p: Promise<R>): Promise<R> =>
          p.catch((e: unknown) => {
            failed = e;
            throw e;
          });
        const tx: Queryable = {
          query: async <R>(sql: string, params: unknown[] = []) =>
            (await track(run({ op: 'query', sql, params }))) as QueryResult<R>,
          exec: async (sql: string) => void (await track(run({ op: 'exec', sql }))),
        };
        let out: T;
        try {
          out = await fn(tx);
          if (failed) throw failed;
        } catch (e) {
          await rollback();
          throw e;
        }
        await run({ op: 'exec', sql: 'commit' });
        return out;
      }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await mutex.run(() => engine.close());
      } finally {
        release();
      }
    },
  };
}
