/**
 * The audit trail: every staff action on guests' data or the venue's content
 * leaves exactly one row in public.audit_log with who, what and before/after;
 * only admins read it and nobody (admin, service role, owner) updates, deletes
 * or truncates it, except the retention function. On PGlite and PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

interface Entry {
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  table_name: string;
  row_key: string | null;
  subject_user_id: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  let member: Member;
  let eventId: string;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    member = await newMember(db, { firstName: 'Olivia' });
    const [event] = await db.owner<{ id: string }>(
      `insert into public.events (title, event_date, is_approved, capacity)
       values ('Audit Night', now() + interval '2 hours', true, 100) returning id`,
    );
    eventId = event!.id;
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  /** The rows written since the last call. */
  let seen = 0;
  const newEntries = async (): Promise<Entry[]> => {
    const rows = await db.owner<Entry & { id: number }>(
      `select id, actor_id, actor_email, action, table_name, row_key, subject_user_id, old_values, new_values
       from public.audit_log where id > $1 order by id`,
      [seen],
    );
    if (rows.length) seen = Number(rows[rows.length - 1]!.id);
    return rows.map(({ id: _id, ...rest }) => rest);
  };

  /**
   * A time later tonight, in the venue's business day as the database counts it (the door
   * checks a booking in only on its night): two hours ahead, unless that is past the night's
   * end (between midnight and the cutoff), then a minute ahead.
   */
  const TONIGHT = `case when private.business_date_of(now() + interval '2 hours') = private.business_date()
    then now() + interval '2 hours' else now() + interval '1 minute' end`;
  const booking = async (): Promise<{ id: string; booking_code: string }> => {
    const [event] = await db.owner<{ id: string }>(
      `insert into public.events (title, event_date, is_approved, capacity)
       values ('Audit Night', ${TONIGHT}, true, 100) returning id`,
    );
    const [row] = await db.owner<{ id: string; booking_code: string }>(
      `insert into public.event_bookings (user_id, event_id, name, email, phone, number_of_guests, event_date)
       values ($1, $2, 'Olivia', 'o@example.test', '2165550100', 2, ${TONIGHT})
       returning id, booking_code`,
      [member.id, event!.id],
    );
    return row!;
  };

  describe.skipIf(!driver.available)('audit trail', () => {
    it('records nothing for a member acting on their own data', async () => {
      await newEntries();
      await db.act(
        member,
        `insert into public.event_bookings (user_id, event_id, name, email, phone, number_of_guests, event_date)
         values ($1, $2, 'Olivia', 'o@example.test', '2165550100', 2, now() + interval '2 hours')`,
        [member.id, eventId],
      );
      await db.act(member, `update public.profiles set phone = '2165550199' where user_id = $1`, [
        member.id,
      ]);
      expect(await newEntries()).toEqual([]);
    });

    it('records one row per staff action, with who, what and the columns before and after', async () => {
      await newEntries();
      const approved = await booking();
      const rejected = await booking();
      const cancelled = await booking();
      await newEntries();
      const expectOne = async (action: string, extra: Partial<Entry> = {}) => {
        const rows = await newEntries();
        expect(rows, action).toHaveLength(1);
        expect(rows[0]).toMatchObject({ action, actor_id: admin.id, ...extra });
        expect(rows[0]!.actor_email).toMatch(/@example\.test$/);
        return rows[0]!;
      };

      await db.act(admin, `update public.event_bookings set status = 'approved' where id = $1`, [
        approved.id,
      ]);
      const approval = await expectOne('booking.approved', {
        table_name: 'event_bookings',
        row_key: approved.id,
        subject_user_id: member.id,
      });
      expect(approval.old_values).toMatchObject({ status: 'pending' });
      expect(approval.new_values).toMatchObject({ status: 'approved' });

      await db.act(admin, `update public.event_bookings set status = 'rejected' where id = $1`, [
        rejected.id,
      ]);
      await expectOne('booking.rejected', { row_key: rejected.id });

      await db.act(admin, `update public.event_bookings set status = 'cancelled' where id = $1`, [
        cancelled.id,
      ]);
      await expectOne('booking.cancelled', { row_key: cancelled.id });

      await db.act(admin, `select public.check_in_booking($1)`, [approved.booking_code]);
      await expectOne('booking.checked_in', { row_key: approved.id });

      await db.act(admin, `insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
        member.id,
      ]);
      await expectOne('role.granted', { table_name: 'user_roles', subject_user_id: member.id });
      await db.act(admin, `delete from public.user_roles where user_id = $1 and role = 'admin'`, [
        member.id,
      ]);
      await expectOne('role.revoked', { subject_user_id: member.id });

      await db.act(admin, `update public.venue_settings set phone = '(216) 555-0177'`);
      const settings = await expectOne('venue_settings.updated', { table_name: 'venue_settings' });
      expect(settings.old_values).toEqual({ phone: '(216) 555-0142' });
      expect(settings.new_values).toEqual({ phone: '(216) 555-0177' });

      const [section] = await db.act<{ id: string }>(
        admin,
        `insert into public.menu_sections (slug, title, position) values ('audit-plates', 'Audit plates', 99) returning id`,
      );
      await expectOne('menu_section.created', { row_key: section!.id });
      const [item] = await db.act<{ id: string }>(
        admin,
        `insert into public.menu_items (section_id, name, price_cents, position)
         values ($1, 'Fries', 900, 1) returning id`,
        [section!.id],
      );
      await expectOne('menu_item.created', { row_key: item!.id });
      await db.act(admin, `update public.menu_items set price_cents = 1100 where id = $1`, [
        item!.id,
      ]);
      const price = await expectOne('menu_item.updated');
      expect(price.old_values).toEqual({ price_cents: 900 });

      const [photo] = await db.owner<{ id: string }>(
        `insert into public.photo_wall (user_id, image_url) values ($1, $2) returning id`,
        [member.id, `https://example.test/${member.id}/audit.png`],
      );
      await db.act(admin, `update public.photo_wall set is_approved = true where id = $1`, [
        photo!.id,
      ]);
      await expectOne('photo.approved', { subject_user_id: member.id });
      await db.act(admin, `delete from public.photo_wall where id = $1`, [photo!.id]);
      await expectOne('photo.deleted', { subject_user_id: member.id });

      await db.act(admin, `insert into public.event_images (event_id, image_url) values ($1, $2)`, [
        eventId,
        'https://example.test/gallery/1.webp',
      ]);
      await expectOne('event_image.created', { table_name: 'event_images' });
      const [dj] = await db.owner<{ id: string }>(
        `insert into public.djs (name) values ('DJ Audit') returning id`,
      );
      await db.act(admin, `update public.djs set image_url = $2 where id = $1`, [
        dj!.id,
        'https://example.test/djs/audit.webp',
      ]);
      const portrait = await expectOne('dj.updated', { row_key: dj!.id });
      expect(portrait.new_values).toEqual({ image_url: 'https://example.test/djs/audit.webp' });

      const [request] = await db.act<{ id: string }>(
        member,
        `insert into public.song_requests (song_title, artist, user_id) values ('Audit Song', 'Band', $1) returning id`,
        [member.id],
      );
      await newEntries();
      await db.act(admin, `select public.lounge_set_status($1, 'approved')`, [request!.id]);
      await expectOne('song_request.approved', { row_key: request!.id });
    });

    it('records staff acting on dinner reservations and their tables, and not the guest booking', async () => {
      await newEntries();
      const expectOne = async (action: string, extra: Partial<Entry> = {}) => {
        const rows = await newEntries();
        expect(rows, action).toHaveLength(1);
        expect(rows[0]).toMatchObject({ action, actor_id: admin.id, ...extra });
        return rows[0]!;
      };
      const bookAt7 = async (days: number) => {
        const [t] = await db.owner<{ t: Date }>(
          `select ((private.business_date() + $1::int) + time '19:00') at time zone private.venue_time_zone() as t`,
          [days],
        );
        const [booked] = await db.act<{ r: { id: string } }>(
          member,
          `select public.book_reservation($1, 2) as r`,
          [t!.t.toISOString()],
        );
        return booked!.r.id;
      };
      const reservationId = await bookAt7(1);
      const laterId = await bookAt7(2);
      expect(await newEntries()).toEqual([]);

      const [p2] = await db.owner<{ id: number }>(
        `select id from public.dining_tables where label = 'P2'`,
      );
      await db.act(admin, `select public.move_reservation($1, array[$2]::smallint[])`, [
        reservationId,
        p2!.id,
      ]);
      const moved = await expectOne('reservation.moved', {
        table_name: 'reservation_tables',
        row_key: reservationId,
        subject_user_id: member.id,
      });
      expect(moved.new_values).toEqual({ table_ids: [p2!.id] });
      await db.act(
        admin,
        `update public.reservations set staff_notes = 'Window seat' where id = $1`,
        [reservationId],
      );
      await expectOne('reservation.updated', { row_key: reservationId });
      await db.act(admin, `select public.cancel_reservation($1)`, [reservationId]);
      await expectOne('reservation.cancelled', { row_key: reservationId });

      await db.act(admin, `select public.set_reservation_status($1, 'arrived')`, [laterId]);
      const arrived = await expectOne('reservation.arrived', { row_key: laterId });
      expect(arrived.old_values).toMatchObject({ status: 'booked' });

      await db.act(
        admin,
        `update public.reservation_settings set covers_per_slot = covers_per_slot + 1`,
      );
      const pacing = await expectOne('reservation_settings.updated');
      expect(Object.keys(pacing.new_values ?? {})).toEqual(['covers_per_slot']);
      const [table] = await db.act<{ id: number }>(
        admin,
        `insert into public.dining_tables (label, area, seats_min, seats_max)
         values ('A9', 'patio', 1, 2) returning id`,
      );
      await expectOne('dining_table.created', { row_key: String(table!.id) });
      await db.act(admin, `delete from public.dining_tables where id = $1`, [table!.id]);
      await expectOne('dining_table.deleted', { row_key: String(table!.id) });
    });

    it('records deleting a user as one user.deleted row that keeps their profile', async () => {
      const victim = await newMember(db, { firstName: 'Vic' });
      await db.act(
        victim,
        `insert into public.event_bookings (user_id, event_id, name, email, phone, number_of_guests, event_date)
         values ($1, $2, 'Vic', 'v@example.test', '2165550100', 1, now() + interval '2 hours')`,
        [victim.id, eventId],
      );
      await newEntries();
      await db.act(admin, `select public.admin_delete_user($1, $2)`, [victim.id, admin.id]);
      const rows = await newEntries();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'user.deleted',
        subject_user_id: victim.id,
        new_values: null,
      });
      expect(rows[0]!.old_values).toMatchObject({ first_name: 'Vic' });
    });

    it('lets only admins read it', async () => {
      expect(await db.attempt(null, `select * from public.audit_log`)).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(await db.act(member, `select * from public.audit_log`)).toEqual([]);
      expect((await db.act(admin, `select * from public.audit_log`)).length).toBeGreaterThan(5);
    });

    it('refuses insert, update, delete and truncate to everyone, admins and the owner included', async () => {
      for (const who of [null, member, admin]) {
        for (const sql of [
          `insert into public.audit_log (action, table_name) values ('x', 'y')`,
          `update public.audit_log set action = 'forged'`,
          `delete from public.audit_log`,
          `truncate public.audit_log`,
        ]) {
          const out = await db.attempt(who, sql);
          expect(out.ok, sql).toBe(false);
        }
      }
      await expect(db.owner(`update public.audit_log set action = 'forged'`)).rejects.toThrow(
        /append-only/,
      );
      await expect(db.owner(`delete from public.audit_log`)).rejects.toThrow(/append-only/);
      await expect(db.owner(`truncate public.audit_log`)).rejects.toThrow(/append-only/);
      const [{ n }] = (await db.owner<{ n: number }>(
        `select count(*)::int as n from public.audit_log where action = 'forged'`,
      )) as [{ n: number }];
      expect(n).toBe(0);
    });

    it('removes rows only by retention, and never younger than a day', async () => {
      await expect(db.owner(`select private.prune_audit_log(interval '1 hour')`)).rejects.toThrow();
      const [{ before }] = (await db.owner<{ before: number }>(
        `select count(*)::int as before from public.audit_log`,
      )) as [{ before: number }];
      const [{ removed }] = (await db.owner<{ removed: number }>(
        `select private.prune_audit_log(interval '1 day') as removed`,
      )) as [{ removed: number }];
      expect(removed).toBe(0);
      const [{ after }] = (await db.owner<{ after: number }>(
        `select count(*)::int as after from public.audit_log`,
      )) as [{ after: number }];
      expect(after).toBe(before);
      // The flag does not outlive the retention call.
      await expect(db.owner(`delete from public.audit_log`)).rejects.toThrow(/append-only/);
    });
  });
});
