/**
 * One interface over the two databases the rules must hold on: the in-memory
 * PGlite the backend runs by default and a real PostgreSQL 15 (skipped where
 * it is not installed). A suite written against `RulesDb` runs on both.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createDb, type Outcome } from './db';
import { hasPostgres, postgresDb, type PostgresDb } from './postgres';

export interface Member {
  id: string;
  /** the session's assurance level in the token (left out: a token without `aal`) */
  aal?: 'aal1' | 'aal2';
}

export interface RulesDb {
  /** As the member (or anon when null), committed; throws on error. */
  act<T = Record<string, unknown>>(
    who: Member | null,
    sql: string,
    params?: unknown[],
  ): Promise<T[]>;
  /** As the member (or anon when null), rolled back: a probe. */
  attempt<T = Record<string, unknown>>(
    who: Member | null,
    sql: string,
    params?: unknown[],
  ): Promise<Outcome<T>>;
  /** As the database owner, past RLS. */
  owner<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface Driver {
  name: string;
  available: boolean;
  open(): Promise<RulesDb>;
}

const claims = (who: Member | null) =>
  JSON.stringify(
    who
      ? {
          sub: who.id,
          role: 'authenticated',
          aud: 'authenticated',
          ...(who.aal ? { aal: who.aal } : {}),
        }
      : { role: 'anon' },
  );

interface PgErrorLike {
  code?: string;
  message?: string;
}

const denied = (e: unknown) => {
  const err = e as PgErrorLike;
  return { ok: false as const, code: err.code ?? 'unknown', message: err.message ?? String(e) };
};

function onPglite(db: PGlite): RulesDb {
  const run = async <T>(who: Member | null, sql: string, params: unknown[], keep: boolean) =>
    db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims(who)]);
      await tx.exec(`set local role ${who ? 'authenticated' : 'anon'}`);
      const res = await tx.query<T>(sql, params);
      if (!keep) await tx.rollback();
      return res;
    });
  return {
    act: async <T>(who: Member | null, sql: string, params: unknown[] = []) =>
      (await run<T>(who, sql, params, true)).rows,
    attempt: async <T>(who: Member | null, sql: string, params: unknown[] = []) => {
      try {
        const res = await run<T>(who, sql, params, false);
        return {
          ok: true as const,
          rows: res.rows,
          affected: Math.max(res.affectedRows ?? 0, res.rows.length),
        };
      } catch (e) {
        return denied(e);
      }
    },
    owner: async (sql, params = []) => (await db.query(sql, params)).rows as never,
    close: () => db.close(),
  };
}

function onPostgres(client: pg.Client, database: PostgresDb): RulesDb {
  const run = async <T extends pg.QueryResultRow>(
    who: Member | null,
    sql: string,
    params: unknown[],
    keep: boolean,
  ) => {
    await client.query('begin');
    try {
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [claims(who)]);
      await client.query(`set local role ${who ? 'authenticated' : 'anon'}`);
      const res = await client.query<T>(sql, params);
      await client.query(keep ? 'commit' : 'rollback');
      return res;
    } catch (e) {
      await client.query('rollback');
      throw e;
    }
  };
  return {
    act: async (who, sql, params = []) => (await run(who, sql, params, true)).rows as never,
    attempt: async <T>(who: Member | null, sql: string, params: unknown[] = []) => {
      try {
        const res = await run(who, sql, params, false);
        return {
          ok: true as const,
          rows: res.rows as T[],
          affected: Math.max(res.rowCount ?? 0, res.rows.length),
        };
      } catch (e) {
        return denied(e);
      }
    },
    owner: async (sql, params = []) => (await client.query(sql, params)).rows as never,
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

export const drivers: Driver[] = [
  { name: 'PGlite', available: true, open: async () => onPglite(await createDb()) },
  {
    name: 'PostgreSQL 15',
    available: hasPostgres,
    open: async () => {
      const database = await postgresDb();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      return onPostgres(client, database);
    },
  },
];

/** A confirmed auth user (the profile comes from the trigger). */
export async function newMember(
  db: RulesDb,
  opts: { firstName?: string; admin?: boolean } = {},
): Promise<Member> {
  const id = randomUUID();
  await db.owner(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now())`,
    [
      id,
      `m.${id.slice(0, 8)}@example.test`,
      JSON.stringify({ first_name: opts.firstName ?? 'Sam' }),
    ],
  );
  if (opts.admin)
    await db.owner(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
  return { id };
}
