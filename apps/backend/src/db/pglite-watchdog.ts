/**
 * PGlite in a worker thread, watched from the main thread. PGlite runs Postgres synchronously
 * on the thread that calls it and never fires `statement_timeout` (no signals in WASM), so a
 * runaway statement would hold that thread for as long as it runs. Here it holds only the
 * worker: the HTTP thread keeps answering, and a timer on the main thread bounds every
 * statement. When a statement overruns:
 *   - the statement fails with 57014 ("canceling statement due to statement timeout");
 *   - the worker is ended (V8 stops WASM mid-loop) and a new one reopens the data folder;
 *     Postgres' WAL recovery drops the uncommitted transaction and keeps every committed one;
 *   - the rest of that transaction fails with 25P02 (aborted) and is not committed;
 *   - work queued behind it (waiting for pglite.ts's mutex, not yet sent) runs on the new
 *     worker as soon as the database is open again.
 * A worker that dies on its own (PGlite aborted) fails its statement with 57P02 (503) and is
 * replaced the same way.
 */
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { StatementTimeout } from './options.js';
import {
  fromWire,
  type Op,
  type Reply,
  type Request,
  type WorkerInput,
} from './pglite-protocol.js';
import type { PgliteTarget } from './pglite-session.js';
import type { QueryResult } from './types.js';

const BOOT = new URL('./pglite-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./pglite-worker.ts', import.meta.url).href;

/** What pglite.ts needs from wherever PGlite runs (this worker, or the calling thread). */
export interface Engine {
  /** Resolves once the database is open, with its incarnation (it changes on every reopen). */
  ready(): Promise<number>;
  /**
   * Runs one operation, bounded by timeoutMs (0: no bound). With `generation`, only on that
   * incarnation: a transaction whose database was reopened under it fails with 25P02.
   */
  run(op: Op, timeoutMs: number, generation?: number): Promise<QueryResult | null>;
  close(): Promise<void>;
}

/** A Postgres-style error (code and message) as the drivers throw them. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

interface Pending {
  resolve(r: QueryResult | null): void;
  reject(e: unknown): void;
  timer: NodeJS.Timeout | undefined;
}

export class PgliteWorker implements Engine {
  private worker: Worker | null = null;
  private standby: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  private generation = 0;
  private opened = false;
  private closed = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(
    private readonly target: PgliteTarget,
    private readonly log: (msg: string) => void,
  ) {}

  /** Starts the worker and opens the database (errors such as DataFolderError come through). */
  static async open(target: PgliteTarget, log: (msg: string) => void): Promise<PgliteWorker> {
    const engine = new PgliteWorker(target, log);
    await engine.ready();
    return engine;
  }

  async ready(): Promise<number> {
    await this.current();
    return this.generation;
  }

  run(op: Op, timeoutMs: number, generation?: number): Promise<QueryResult | null> {
    const stale = () =>
      generation !== undefined && generation !== this.generation
        ? pgError(
            '25P02',
            'current transaction is aborted, commands ignored until end of transaction block',
          )
        : null;
    // a dead transaction fails at once, without waiting for the database to reopen
    const early = stale();
    if (early) return Promise.reject(early);
    return this.current().then((w) => {
      const late = stale();
      if (late) throw late;
      return this.send(w, op, timeoutMs);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const w = await this.current().catch(() => null);
    this.closed = true;
    const standby = this.standby;
    this.standby = null;
    if (standby) await standby.terminate();
    if (!w) return;
    try {
      await this.send(w, { op: 'close' }, 0);
    } finally {
      this.worker = null;
      await w.terminate();
    }
  }

  private current(): Promise<Worker> {
    if (this.closed) return Promise.reject(pgError('57P01', 'the database is closed'));
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.start(Promise.resolve());
    return this.starting;
  }

  /** Opens the database in a new worker once `before` (the old worker's end) has settled. */
  private start(before: Promise<unknown>): Promise<Worker> {
    const t0 = performance.now();
    const reopen = this.opened;
    const started = before
      .then(() => this.spawn())
      .then(
        (w) => {
          this.worker = w;
          this.opened = true;
          if (reopen) {
            this.log(`database reopened in ${Math.round(performance.now() - t0)} ms`);
            this.prepareStandby();
          }
          return w;
        },
        (e: unknown) => {
          if (!reopen) throw e;
          const why = e instanceof Error ? e.message : String(e);
          this.log(`the database could not be reopened: ${why}`);
          // 57P03 cannot_connect_now: REST answers 503; the next request tries again
          throw pgError('57P03', `the database could not be reopened: ${why}`);
        },
      )
      .finally(() => {
        this.starting = null;
      });
    started.catch(() => undefined); // reported to whoever waits for it
    return started;
  }

  private createWorker(standby: boolean): Worker {
    const input: WorkerInput = { ...this.target, entry: ENTRY, standby };
    return new Worker(BOOT, { workerData: input });
  }

  /**
   * After a reopen, a worker is kept booted (modules loaded) but not opened: the next overrun
   * (an attacker repeating the request) reopens the database without that part of the wait.
   */
  private prepareStandby(): void {
    if (this.closed || this.standby) return;
    const w = this.createWorker(true);
    w.unref();
    const drop = () => {
      if (this.standby === w) this.standby = null;
    };
    w.on('error', drop);
    w.on('exit', drop);
    this.standby = w;
  }

  private spawn(): Promise<Worker> {
    let w = this.standby;
    this.standby = null;
    if (w) {
      w.removeAllListeners('error');
      w.removeAllListeners('exit');
      w.ref();
      w.postMessage({ op: 'open' });
    } else w = this.createWorker(false);
    const worker = w;
    return new Promise((resolve, reject) => {
      const fail = (e: Error) => {
        off();
        worker.on('error', () => undefined);
        void worker.terminate();
        reject(e);
      };
      const onExit = (code: number) =>
        fail(new Error(`the database worker stopped while opening (exit code ${code})`));
      const onMessage = (r: Reply) => {
        if (r.type === 'failed') fail(fromWire(r.error));
        if (r.type !== 'ready') return;
        off();
        this.attach(worker);
        resolve(worker);
      };
      const off = () => {
        worker.off('message', onMessage);
        worker.off('error', fail);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', fail);
      worker.on('exit', onExit);
    });
  }

  private attach(w: Worker): void {
    w.unref(); // an idle database does not keep the process alive; send() refs it while busy
    w.on('message', (r: Reply) => {
      if (r.type !== 'done' && r.type !== 'error') return;
      const p = this.settle(r.id);
      if (!p) return; // answered after its watchdog fired
      if (r.type === 'done') return p.resolve(r.result);
      if (!r.fatal) return p.reject(fromWire(r.error));
      p.reject(pgError('57P02', `the database stopped: ${r.error.message}`));
      this.replace(`PGlite aborted (${r.error.message})`);
    });
    const lost = (why: string) => {
      if (w !== this.worker) return; // ended by us
      this.worker = null;
      this.generation++;
      this.log(`the database worker stopped (${why}); it is reopened on the next request`);
      this.failPending(pgError('57P02', `the database worker stopped: ${why}`));
    };
    w.on('error', (e) => lost(e.message));
    w.on('exit', (code) => lost(`exit code ${code}`));
  }

  private send(w: Worker, op: Op | { op: 'close' }, timeoutMs: number) {
    const id = this.nextId++;
    return new Promise<QueryResult | null>((resolve, reject) => {
      const timer =
        timeoutMs > 0 ? setTimeout(() => this.overrun(id, timeoutMs), timeoutMs) : undefined;
      this.pending.set(id, { resolve, reject, timer });
      w.ref();
      w.postMessage({ ...op, id } satisfies Request);
    });
  }

  private settle(id: number): Pending | undefined {
    const p = this.pending.get(id);
    if (!p) return undefined;
    clearTimeout(p.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
    return p;
  }

  private failPending(e: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(e);
  }

  private overrun(id: number, timeoutMs: number): void {
    const p = this.settle(id);
    if (!p) return;
    p.reject(new StatementTimeout());
    this.replace(`a statement ran past its ${timeoutMs} ms timeout`);
  }

  /** Ends the worker (whatever it is running) and opens the database in a new one. */
  private replace(why: string): void {
    const old = this.worker;
    if (!old || this.closed) return;
    this.worker = null;
    this.generation++;
    this.log(`${why}: ending the database worker and reopening the database`);
    // only one statement is ever in flight (pglite.ts's mutex); anything else here is stale
    this.failPending(pgError('57P01', 'the database was restarted'));
    this.starting = this.start(old.terminate());
  }
}
