/**
 * The two engines the concurrency and rule suites run on: PGlite (one connection: concurrent
 * calls queue up in it) and PostgreSQL 15 (a pool of sessions at once, read committed as
 * PostgREST runs them). A suite runs `describe.each(engines(...))` and calls `as` for each
 * statement a member or a visitor sends.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createDb } from './db';
import { hasPostgres, postgresDb, type PostgresDb, testPool } from './postgres';

export interface Runner {
  /**
   * One statement in its own transaction as the member `id` (an anonymous sign-in when
   * `anonymous`), or as a visitor when `id` is null; a refusal comes back as
   * `code:message` (`code:message:detail` when the engines were opened with `detail`).
   */
  as(
    id: string | null,
    sql: string,
    params?: unknown[],
    anonymous?: boolean,
  ): Promise<{ rows: unknown[] } | string>;
  /** A statement as the database owner (no RLS). */
  owner<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** PostgreSQL sessions at once (default 40). */
  sessions?: number;
  /** Refusals carry the error's detail too. */
  detail?: boolean;
}

const claims = (id: string | null, anonymous = false) =>
  JSON.stringify(
    id
      ? { sub: id, role: 'authenticated', ...(anonymous ? { is_anonymous: true } : {}) }
      : { role: 'anon' },
  );
const roleOf = (id: string | null) => (id ? 'authenticated' : 'anon');

function refusalOf(detail: boolean) {
  return (e: unknown) => {
    const err = e as { code?: string; message?: string; detail?: string };
    return detail ? `${err.code}:${err.message}:${err.detail ?? ''}` : `${err.code}:${err.message}`;
  };
}

function pgliteRunner(db: PGlite, opts: EngineOptions): Runner {
  const refusal = refusalOf(!!opts.detail);
  return {
    as: async (id, sql, params = [], anonymous) => {
      try {
        return await db.transaction(async (tx) => {
          await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
            claims(id, anonymous),
          ]);
          await tx.exec(`set local role ${roleOf(id)}`);
          return { rows: (await tx.query(sql, params)).rows };
        });
      } catch (e) {
        return refusal(e);
      }
    },
    owner: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    close: () => db.close(),
  };
}

async function postgresRunner(database: PostgresDb, opts: EngineOptions): Promise<Runner> {
  const refusal = refusalOf(!!opts.detail);
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  const pool = testPool(database.url, opts.sessions ?? 40);
  return {
    as: async (id, sql, params = [], anonymous) => {
      const c = await pool.connect();
      try {
        await c.query('begin isolation level read committed');
        await c.query(`select set_config('request.jwt.claims', $1, true)`, [claims(id, anonymous)]);
        await c.query(`set local role ${roleOf(id)}`);
        const res = await c.query(sql, params);
        await c.query('commit');
        return { rows: res.rows };
      } catch (e) {
        await c.query('rollback').catch(() => undefined);
        return refusal(e);
      } finally {
        c.release();
      }
    },
    owner: async <T>(sql: string, params: unknown[] = []) =>
      (await setup.query(sql, params)).rows as T[],
    close: async () => {
      await pool.end();
      await setup.end();
    },
  };
}

export interface Engine {
  name: string;
  /** False when no PostgreSQL is installed (the suite's cases are then skipped). */
  available: boolean;
  /** A fresh database from the run's migrated template. */
  open(): Promise<Runner>;
  /** Closes the runner and drops the database it opened. */
  close(): Promise<void>;
}

/** `describe.each(engines())`'s rows: each engine's name and the engine. */
export function engines(opts: EngineOptions = {}): (readonly [string, Engine])[] {
  let pglite: Runner | undefined;
  let postgres: { runner: Runner; database: PostgresDb } | undefined;
  const list: Engine[] = [
    {
      name: 'PGlite',
      available: true,
      open: async () => (pglite = pgliteRunner(await createDb(), opts)),
      close: async () => {
        await pglite?.close();
      },
    },
    {
      name: 'PostgreSQL 15',
      available: hasPostgres,
      open: async () => {
        const database = await postgresDb();
        postgres = { runner: await postgresRunner(database, opts), database };
        return postgres.runner;
      },
      close: async () => {
        await postgres?.runner.close();
        await postgres?.database.drop();
      },
    },
  ];
  return list.map((e) => [e.name, e] as const);
}
