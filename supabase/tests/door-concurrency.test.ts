/**
 * The door under concurrency, on PGlite (one connection: the scans queue up in it) and on
 * PostgreSQL 15 (40 sessions at once, read committed as PostgREST runs them): two devices
 * scanning one party of 3 at the same moment let in exactly 3, and the same scan id sent ten
 * times at once is recorded once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { createDb } from './support/db';
import { hasPostgres, postgresDb, type PostgresDb, testPool } from './support/postgres';

interface Runner {
  /** One statement as the member in its own transaction; the error code and message when refused. */
  asMember(id: string, sql: string, params: unknown[]): Promise<{ rows: unknown[] } | string>;
  owner<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const claims = (id: string) => JSON.stringify({ sub: id, role: 'authenticated' });
const refusal = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return `${err.code}:${err.message}`;
};

function pgliteRunner(db: PGlite): Runner {
  return {
    asMember: async (id, sql, params) => {
      try {
        return await db.transaction(async (tx) => {
          await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims(id)]);
          await tx.exec('set local role authenticated');
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

async function postgresRunner(database: PostgresDb): Promise<Runner> {
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  const pool = testPool(database.url, 40);
  return {
    asMember: async (id, sql, params) => {
      const c = await pool.connect();
      try {
        await c.query('begin isolation level read committed');
        await c.query(`select set_config('request.jwt.claims', $1, true)`, [claims(id)]);
        await c.query('set local role authenticated');
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

const targets = [
  { name: 'PGlite', available: true, open: async () => pgliteRunner(await createDb()) },
  {
    name: 'PostgreSQL 15',
    available: hasPostgres,
    database: undefined as PostgresDb | undefined,
    open: async function (this: { database?: PostgresDb }) {
      this.database = await postgresDb();
      return postgresRunner(this.database);
    },
  },
];

describe.each(targets.map((t) => [t.name, t] as const))('%s', (_name, target) => {
  let db: Runner;
  let staff: string[] = [];
  let guest = '';

  beforeAll(async () => {
    if (!target.available) return;
    db = await target.open();
    staff = [randomUUID(), randomUUID()];
    guest = randomUUID();
    await db.owner(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
       select id, 'authenticated', 'authenticated', 'd.' || left(id::text, 8) || '@example.test',
              '{"first_name": "Door"}', now()
       from unnest($1::uuid[]) as id`,
      [[...staff, guest]],
    );
    await db.owner(
      `insert into public.user_roles (user_id, role) select id, 'staff' from unnest($1::uuid[]) id`,
      [staff],
    );
    await db.owner(`update public.venue_settings set adults_only_from = null`);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    if ('database' in target) await target.database?.drop();
  });

  const booking = async (guests: number) => {
    const [row] = await db.owner<{ id: string }>(
      `insert into public.event_bookings (user_id, name, email, phone, number_of_guests, event_title, event_date)
       values ($1, 'Rush Party', 'r@example.test', '1', $2, 'Door Rush', now()) returning id`,
      [guest, guests],
    );
    await db.owner(`update public.event_bookings set status = 'approved' where id = $1`, [row?.id]);
    return row?.id ?? '';
  };
  const scan = (who: string, scanId: string, bookingId: string, device: string) =>
    db.asMember(who, 'select public.door_scan($1, $2, $3, 1, $4, true) as a', [
      scanId,
      'event_booking',
      bookingId,
      device,
    ]);
  const outcomeOf = (out: { rows: unknown[] } | string) =>
    typeof out === 'string' ? out : (out.rows[0] as { a: { outcome: string } }).a.outcome;

  it.skipIf(!target.available)(
    'two devices scanning a party of 3 at once let in exactly 3',
    async () => {
      const id = await booking(3);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          scan(staff[i % 2] ?? '', randomUUID(), id, i % 2 ? 'door-b' : 'door-a'),
        ),
      );
      const outcomes = results.map(outcomeOf);
      expect(outcomes.filter((o) => o === 'checked_in')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(27);
      const [sum] = await db.owner<{ n: number }>(
        'select sum(people)::int as n from public.door_scans where source_id = $1',
        [id],
      );
      expect(sum?.n).toBe(3);
    },
    120_000,
  );

  it.skipIf(!target.available)(
    'the same scan id sent ten times at once counts once',
    async () => {
      const id = await booking(4);
      const scanId = randomUUID();
      const outcomes = (
        await Promise.all(
          Array.from({ length: 10 }, () => scan(staff[0] ?? '', scanId, id, 'door-a')),
        )
      ).map(outcomeOf);
      expect(outcomes.filter((o) => o === 'checked_in')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'already_recorded')).toHaveLength(9);
      const [sum] = await db.owner<{ n: number }>(
        'select count(*)::int as n from public.door_scans where source_id = $1',
        [id],
      );
      expect(sum?.n).toBe(1);
    },
    120_000,
  );
});
