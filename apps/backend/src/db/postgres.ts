import pg from 'pg';
import { RequestAbandoned, type Db, type Queryable, type QueryResult } from './types.js';
import { statementTimeouts, type DbOptions } from './options.js';

/** Keep timestamps, dates and int8 as text so JSON round-trips exactly as Postgres prints them. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    // 1082 date, 1114 timestamp, 1184 timestamptz, 20 int8, 1700 numeric
    if ([1082, 1114, 1184, 20, 1700].includes(oid)) return (v: string) => v;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
};

/**
 * A pool of `max` connections. Every connection starts with the internal statement timeout
 * (the backend's own queries); runAs sets the caller's role's timeout per transaction.
 */
export async function openPostgres(
  connectionString: string,
  opts: DbOptions & { max?: number } = {},
): Promise<Db> {
  const timeouts = statementTimeouts(opts.statementTimeoutMs);
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    types: types as pg.CustomTypesConfig,
    ...(timeouts.internal ? { statement_timeout: timeouts.internal } : {}),
  });
  pool.on('error', (e) => {
    console.error('[db] idle client error:', e.message);
  });
  // Fail fast when the server is unreachable.
  const c = await pool.connect();
  c.release();

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const r = await client.query(sql, params);
      return { rows: r.rows as R[], affectedRows: r.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  });
  const direct = wrap(pool);

  return {
    kind: 'postgres',
    statementTimeouts: timeouts,
    poolState: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    query: (sql, params) => direct.query(sql, params),
    exec: (sql) => direct.exec(sql),
    async transaction<T>(
      fn: (tx: Queryable) => Promise<T>,
      preamble?: string,
      signal?: AbortSignal,
    ): Promise<T> {
      const client = await pool.connect();
      if (signal?.aborted) {
        client.release();
        throw new RequestAbandoned();
      }
      // A checked-out client has no pool listener: when the server ends the connection
      // (restart, crash, admin shutdown) its 'error' event would crash the process.
      let broken: Error | undefined;
      const onError = (e: Error) => {
        broken = e;
      };
      client.on('error', onError);
      try {
        // simple-query protocol: BEGIN and the preamble in one round trip
        await client.query(preamble ? `begin; ${preamble}` : 'begin');
        const out = await fn(wrap(client));
        const done = await client.query('commit');
        // COMMIT of a transaction whose statement failed (and was swallowed) reports ROLLBACK
        if (done.command === 'ROLLBACK') throw new Error('the transaction was rolled back');
        return out;
      } catch (e) {
        if (!broken)
          await client.query('rollback').catch((r: unknown) => {
            broken = r instanceof Error ? r : new Error(String(r));
          });
        throw e;
      } finally {
        client.off('error', onError);
        // a broken connection is destroyed instead of going back to the pool
        client.release(broken);
      }
    },
    async exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      const onError = (e: Error) => {
        broken = e;
      };
      client.on('error', onError);
      try {
        // no statement timeout: waiting for another process's migrations is the point
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
        try {
          return await fn();
        } finally {
          await client
            .query('select pg_advisory_unlock(hashtextextended($1, 0))', [name])
            .catch((e: unknown) => {
              broken = e instanceof Error ? e : new Error(String(e));
            });
        }
      } finally {
        client.off('error', onError);
        // destroyed rather than pooled: its session settings and (if unlock failed) lock go with it
        client.release(broken ?? true);
      }
    },
    async listen(channel, onNotify, onReady) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString, types: types as pg.CustomTypesConfig });
        client = c;
        c.on('notification', (n) => {
          if (n.channel === channel) onNotify(n.payload ?? '');
        });
        // a dropped connection is replaced after a pause; its notifications are caught up
        c.on('error', () => {
          if (client !== c || stopped) return;
          client = null;
          void c.end().catch(() => undefined);
          retry = setTimeout(() => void connect().catch(() => undefined), 500);
        });
        try {
          await c.connect();
          await c.query(`listen "${channel.replace(/"/g, '""')}"`);
        } catch (e) {
          c.emit('error', e instanceof Error ? e : new Error(String(e)));
          return;
        }
        if (stopped) return void (await c.end().catch(() => undefined));
        onReady();
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const c = client;
        client = null;
        if (c) await c.end().catch(() => undefined);
      };
    },
    async close() {
      await pool.end();
    },
  };
}
