import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Db, Queryable, QueryResult } from './types.js';
import { Mutex } from './mutex.js';
import { openPgliteFolder } from './pglite-folder.js';

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
export async function openPglite(dataDir?: string): Promise<Db> {
  const options = { extensions: { pgcrypto } };
  const opened = dataDir
    ? await openPgliteFolder(dataDir, options)
    : { pg: await PGlite.create(options), release: () => undefined };
  const { pg } = opened;
  const mutex = new Mutex();
  let closed = false;

  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
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
    query: <R>(sql: string, params?: unknown[]) => mutex.run(() => direct.query<R>(sql, params)),
    exec: (sql: string) => mutex.run(() => direct.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, preamble?: string) =>
      mutex.run(async () => {
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
