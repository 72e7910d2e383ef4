import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { RequestAbandoned, type Db, type Queryable, type QueryResult } from './types.js';
import { Mutex } from './mutex.js';
import { openPgliteFolder } from './pglite-folder.js';
import { statementTimeouts, type DbOptions } from './options.js';

/**
 * PGlite converts some parameters in JavaScript before Postgres sees them and throws a plain
 * Error for a string it can't read (e.g. 'maybe' for a boolean), which would surface as a 500.
 * Hand strings to Postgres unchanged instead, as node-postgres does: Postgres parses them and
 * answers a proper SQLSTATE (22P02) for bad input.
 */
const BOOL = 16;
const BYTEA = 17;
const asIs =
  (fallback: (v: unknown) => string) =>
  (v: unknown): string =>
    typeof v === 'string' ? v : fallback(v);
const TEXT_AS_IS = {
  [BOOL]: asIs((v) => (v ? 't' : 'f')),
  [BYTEA]: asIs((v) =>
    v instanceof Uint8Array ? `\\x${Buffer.from(v).toString('hex')}` : String(v),
  ),
};

/**
 * Opens PGlite in `dataDir` (persistent) or in memory when dataDir is undefined. A data
 * folder is locked to this process, checked before use and written durably (see
 * pglite-folder.ts). Every answer that follows a write is sent only after PGlite's COMMIT
 * returned, i.e. after the commit record was written (and fsynced) to the folder.
 */
export async function openPglite(dataDir?: string, opts: DbOptions = {}): Promise<Db> {
  const options = { extensions: { pgcrypto } };
  const opened = dataDir
    ? await openPgliteFolder(dataDir, options)
    : { pg: await PGlite.create(options), release: () => undefined };
  const { pg } = opened;
  const mutex = new Mutex();
  let closed = false;

  /**
   * PGlite's query() takes six calls into Postgres (parse, describe, bind, describe, execute,
   * sync), the describe of the statement only to pick serialisers for the parameters. When every
   * parameter is already text, a number, a boolean or null, the text form is what those
   * serialisers would send, so one call with all six messages does the same work.
   */
  async function queryOneTrip<R>(sql: string, params: unknown[]): Promise<QueryResult<R>> {
    const values = params.map((p) => (p === null || p === undefined ? null : String(p)));
    const parts = [
      protocol.serialize.parse({ text: sql }),
      protocol.serialize.bind({ values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ];
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      message.set(p, at);
      at += p.length;
    }
    const { messages } = await pg.execProtocol(message);
    const r = parse.parseResults(messages, pg.parsers)[0];
    return { rows: (r?.rows ?? []) as R[], affectedRows: r?.affectedRows ?? 0 };
  }
  const plain = (p: unknown) =>
    p === null ||
    p === undefined ||
    typeof p === 'string' ||
    typeof p === 'boolean' ||
    (typeof p === 'number' && Number.isFinite(p));

  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      if (q === pg && params.every(plain)) return queryOneTrip<R>(sql, params);
      const r = await q.query<R>(sql, params, { serializers: TEXT_AS_IS });
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  });
  const direct = wrap(pg);

  return {
    kind: 'pglite',
    statementTimeouts: statementTimeouts(opts.statementTimeoutMs),
    query: <R>(sql: string, params?: unknown[]) => mutex.run(() => direct.query<R>(sql, params)),
    exec: (sql: string) => mutex.run(() => direct.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, preamble?: string, signal?: AbortSignal) =>
      mutex.run(async () => {
        // one connection for everything: under overload, don't spend it on a client that left
        if (signal?.aborted) throw new RequestAbandoned();
        if (!preamble) return pg.transaction((tx) => fn(wrap(tx)));
        // BEGIN and the preamble in one call; the mutex keeps everything else out meanwhile
        await pg.exec(`begin; ${preamble}`).catch(async (e: unknown) => {
          await pg.exec('rollback').catch(() => undefined);
          throw e;
        });
        // remember failed statements: COMMIT of an aborted transaction silently rolls back
        let failed: unknown = null;
        const track = <R>(p: Promise<R>): Promise<R> =>
          p.catch((e: unknown) => {
            failed = e;
            throw e;
          });
        const tx: Queryable = {
          query: (sql, params) => track(direct.query(sql, params)),
          exec: (sql) => track(direct.exec(sql)),
        };
        let out: T;
        try {
          out = await fn(tx);
          if (failed) throw failed;
        } catch (e) {
          await pg.exec('rollback').catch(() => undefined);
          throw e;
        }
        await pg.exec('commit');
        return out;
      }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await mutex.run(() => pg.close());
      } finally {
        opened.release();
      }
    },
  };
}
