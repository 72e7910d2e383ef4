/**
 * The reservation-mail outbox's sender side, on PGlite and on PostgreSQL 15:
 * only the service role claims; a reservation's mails come out one at a time
 * in the order they were queued, each with its calendar sequence; a failed
 * mail waits for its retry and holds the later ones back; the reminder the
 * day before is queued once; mails to an unverified address are closed; and
 * parallel senders never claim the same mail twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createDb } from './support/db';
import { hasPostgres, postgresDb, type PostgresDb, testPool } from './support/postgres';

interface Db {
  /** As the database owner (the sender's functions are security definer). */
  q<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** One statement as a member or as the service role; `code` when refused. */
  as(role: 'authenticated' | 'service_role', id: string, sql: string): Promise<string | null>;
  /** The same statement from `n` sessions at once (one on PGlite). */
  parallel<T>(n: number, sql: string): Promise<T[][]>;
  close(): Promise<void>;
}

function pgliteDb(db: PGlite): Db {
  return {
    q: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    as: async (role, id, sql) => {
      try {
        await db.transaction(async (tx) => {
          await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ sub: id, role }),
          ]);
          await tx.exec(`set local role ${role}`);
          await tx.query(sql);
        });
        return null;
      } catch (e) {
        return (e as { code?: string }).code ?? String(e);
      }
    },
    parallel: async <T>(n: number, sql: string) =>
      Promise.all(Array.from({ length: n }, async () => (await db.query<T>(sql)).rows)),
    close: () => db.close(),
  };
}

async function postgresRunner(database: PostgresDb): Promise<Db> {
  const pool = testPool(database.url, 12);
  return {
    q: async <T>(sql: string, params: unknown[] = []) =>
      (await pool.query(sql, params)).rows as T[],
    as: async (role, id, sql) => {
      const c = await pool.connect();
      try {
        await c.query('begin');
        await c.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: id, role }),
        ]);
        await c.query(`set local role ${role}`);
        await c.query(sql);
        await c.query('commit');
        return null;
      } catch (e) {
        await c.query('rollback').catch(() => undefined);
        return (e as { code?: string }).code ?? String(e);
      } finally {
        c.release();
      }
    },
    parallel: async <T>(n: number, sql: string) =>
      Promise.all(Array.from({ length: n }, async () => (await pool.query(sql)).rows as T[])),
    close: () => pool.end(),
  };
}

const targets = [
  { name: 'PGlite', available: true, open: async () => pgliteDb(await createDb()) },
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

interface Claimed {
  mail_id: string;
  kind: string;
  code: string | null;
  to_email: string;
  party_size: number;
  calendar_sequence: number;
}

describe.each(targets.map((t) => [t.name, t] as const))('%s', (_name, target) => {
  let db: Db;

  beforeAll(async () => {
    if (target.available) db = await target.open();
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    if ('database' in target) await target.database?.drop();
  });

  const member = async (verified = true): Promise<string> => {
    const id = randomUUID();
    await db.q(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
       values ($1, 'authenticated', 'authenticated', $2, '{"first_name": "Dana"}', $3)`,
      [id, `m.${id.slice(0, 8)}@example.test`, verified ? new Date() : null],
    );
    return id;
  };

  /** A booked reservation of the member, `hours` from now (created a day ago). */
  const reservation = async (userId: string, hours: number, code: string) => {
    const [r] = await db.q<{ id: string }>(
      `insert into public.reservations (code, user_id, party_size, starts_at, ends_at, business_date,
         guest_name, created_at)
       values ($1, $2, 2, now() + make_interval(hours => $3), now() + make_interval(hours => $3, mins => 90),
         private.business_date_of(now() + make_interval(hours => $3)), 'Dana', now() - interval '1 day')
       returning id`,
      [code, userId, hours],
    );
    return r!.id;
  };
  const queue = (id: string, kind: string) =>
    db.q(`insert into public.reservation_mail_outbox (reservation_id, kind) values ($1, $2)`, [
      id,
      kind,
    ]);
  const claim = (n = 25) => db.q<Claimed>(`select * from public.claim_reservation_mails($1)`, [n]);
  const complete = (id: string, failure: string | null = null) =>
    db.q(`select public.complete_reservation_mail($1, $2)`, [id, failure]);
  const reset = () => db.q(`delete from public.reservations`);

  describe.skipIf(!target.available)('sender', () => {
    it('is for the service role only', async () => {
      const id = await member();
      expect(
        await db.as('authenticated', id, 'select * from public.claim_reservation_mails(1)'),
      ).toBe('42501');
      expect(
        await db.as('authenticated', id, 'select public.complete_reservation_mail(1, null)'),
      ).toBe('42501');
      expect(
        await db.as('service_role', id, 'select * from public.claim_reservation_mails(0)'),
      ).toBeNull();
    });

    it("sends a reservation's mails in order with their calendar sequence; a failure holds the later ones", async () => {
      await reset();
      const guest = await member();
      const id = await reservation(guest, 72, 'SEQ234');
      await queue(id, 'confirmed');
      await queue(id, 'changed');
      await queue(id, 'cancelled');

      const [first, ...none] = await claim();
      expect(none).toEqual([]);
      expect(first).toMatchObject({ kind: 'confirmed', code: 'SEQ234', calendar_sequence: 0 });
      expect(first!.to_email).toMatch(/@example\.test$/);
      // locked while its sender works on it
      expect(await claim()).toEqual([]);
      await complete(first!.mail_id);

      const [second] = await claim();
      expect(second).toMatchObject({ kind: 'changed', calendar_sequence: 1 });
      await complete(second!.mail_id, 'SMTP is down');
      // the failed mail waits for its retry, and the cancellation waits behind it
      expect(await claim()).toEqual([]);
      const [row] = await db.q<{ attempts: number; last_error: string; due: boolean }>(
        `select attempts, last_error, locked_until > now() + interval '4 minutes' as due
         from public.reservation_mail_outbox where id = $1`,
        [second!.mail_id],
      );
      expect(row).toEqual({ attempts: 1, last_error: 'SMTP is down', due: true });
      await db.q(
        `update public.reservation_mail_outbox set locked_until = now() - interval '1 second'
                  where id = $1`,
        [second!.mail_id],
      );
      const [retry] = await claim();
      expect(retry).toMatchObject({ kind: 'changed' });
      await complete(retry!.mail_id);
      const [last] = await claim();
      expect(last).toMatchObject({ kind: 'cancelled', calendar_sequence: 2 });
      await complete(last!.mail_id);
      expect(await claim()).toEqual([]);
    });

    it('queues the reminder the day before once, never for a cancelled table, and closes mails to unverified guests', async () => {
      await reset();
      const guest = await member();
      const tomorrow = await reservation(guest, 20, 'RMD234');
      const later = await reservation(guest, 40, 'LTR234');
      const gone = await reservation(guest, 21, 'GNE234');
      await db.q(`update public.reservations set status = 'cancelled' where id = $1`, [gone]);
      const unverified = await member(false);
      const hidden = await reservation(unverified, 30, 'UNV234');
      await queue(hidden, 'confirmed');

      const claimed = await claim();
      expect(claimed.map((c) => [c.kind, c.code])).toEqual([['reminder', 'RMD234']]);
      await complete(claimed[0]!.mail_id);
      expect(await claim()).toEqual([]);
      const reminders = await db.q<{ reservation_id: string }>(
        `select reservation_id from public.reservation_mail_outbox where kind = 'reminder'`,
      );
      expect(reminders.map((r) => r.reservation_id)).toEqual([tomorrow]);
      expect(reminders.map((r) => r.reservation_id)).not.toContain(later);
      const [closed] = await db.q<{ sent: boolean; last_error: string }>(
        `select sent_at is not null as sent, last_error from public.reservation_mail_outbox
         where reservation_id = $1`,
        [hidden],
      );
      expect(closed).toEqual({
        sent: true,
        last_error: 'The guest has no verified e-mail address',
      });
    });

    it('never hands the same mail to two senders at once', async () => {
      await reset();
      const guests = await Promise.all(Array.from({ length: 30 }, () => member()));
      for (const [i, g] of guests.entries()) {
        const id = await reservation(g, 72 + i, `PAR${'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[i]}23`);
        await queue(id, 'confirmed');
      }
      const runs = await db.parallel<{ mail_id: string }>(
        8,
        'select mail_id from public.claim_reservation_mails(10)',
      );
      const ids = runs.flat().map((r) => String(r.mail_id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(30);
    });
  });
});
