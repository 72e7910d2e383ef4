/**
 * The floor's live list: every change of a reservation (and of the tables it holds) is
 * broadcast on the private topic staff:reservations with only its night, and only staff and
 * admins may join that topic. On PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  let staff: Member;
  let member: Member;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    staff = await newMember(db, { firstName: 'Sam' });
    member = await newMember(db, { firstName: 'Olivia' });
    await db.owner(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [
      staff.id,
    ]);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  const lastId = async () =>
    (
      await db.owner<{ id: number }>(
        'select coalesce(max(id), 0)::int as id from realtime.messages',
      )
    )[0]?.id ?? 0;
  const sentAfter = (id: number) =>
    db.owner<{ event: string; payload: Record<string, unknown>; private: boolean }>(
      `select event, payload, private from realtime.messages
       where id > $1 and topic = 'staff:reservations' order by id`,
      [id],
    );

  describe.skipIf(!driver.available)('reservation changes', () => {
    it('are broadcast with their night only, on booking, table moves, changes and removal', async () => {
      const before = await lastId();
      const [r] = await db.owner<{ id: string }>(
        `insert into public.reservations (code, user_id, party_size, starts_at, ends_at, business_date, guest_name, phone)
         values ('LVTEST', $1, 2, '2026-12-04 00:00+00', '2026-12-04 01:30+00', '2026-12-03', 'Olivia Live', '2165550100')
         returning id`,
        [member.id],
      );
      const [t] = await db.owner<{ id: number }>('select id from public.dining_tables limit 1');
      await db.owner(
        `insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
         values ($1, $2, '2026-12-03', '2026-12-04 00:00+00', '2026-12-04 01:30+00')`,
        [r?.id, t?.id],
      );
      await db.owner(
        `update public.reservations set business_date = '2026-12-04', starts_at = '2026-12-05 00:00+00',
           ends_at = '2026-12-05 01:30+00' where id = $1`,
        [r?.id],
      );
      await db.owner('delete from public.reservation_tables where reservation_id = $1', [r?.id]);
      await db.owner('delete from public.reservations where id = $1', [r?.id]);
      const sent = await sentAfter(before);
      expect(sent.map((m) => m.payload['business_date'])).toEqual([
        '2026-12-03', // booked
        '2026-12-03', // its table
        '2026-12-03', // moved away from this night...
        '2026-12-04', // ...to this one
        '2026-12-03', // its table freed
        '2026-12-04', // removed
      ]);
      for (const m of sent) {
        expect(m).toMatchObject({ event: 'reservation_changed', private: true });
        expect(Object.keys(m.payload)).toEqual(['business_date']);
      }
    });

    it('only staff and admins join the topic', async () => {
      const canJoin = async (who: Member | null) => {
        await db.owner(`select set_config('realtime.topic', 'staff:reservations', false)`);
        try {
          const out = await db.attempt<{ n: number }>(
            who,
            `select count(*)::int as n from realtime.messages where topic = 'staff:reservations'`,
          );
          return out.ok ? (out.rows[0]?.n ?? 0) > 0 : false;
        } finally {
          await db.owner(`select set_config('realtime.topic', '', false)`);
        }
      };
      expect(await canJoin(staff)).toBe(true);
      expect(await canJoin(admin)).toBe(true);
      expect(await canJoin(member)).toBe(false);
      expect(await canJoin(null)).toBe(false);
    });
  });
});
