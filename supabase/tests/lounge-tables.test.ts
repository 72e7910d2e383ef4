/**
 * VIP tables and guest lists, on PGlite (one connection: calls queue up) and on PostgreSQL 15
 * (many sessions at once, read committed as PostgREST runs them): a member's table request
 * with bottles, who reads which request and entry (the member their own, staff tonight's,
 * promoters the guests they brought), staff confirming and declining, the minimum of a
 * night (event over weekday over the table's own), one table never confirmed twice for a night
 * under 100 concurrent confirmations, the release at the arrival cutoff and the no-shows after
 * the night, the guest list's close time and plus-one cap, promoter links, and the door's rows
 * and check-ins of both kinds through the door registry.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type Runner } from './support/engines';

interface Request {
  id: string;
  code: string;
  status: string;
  table_name: string | null;
  min_spend_cents: number | null;
}

describe.each(engines())('%s', (_name, target) => {
  let db: Runner;
  let admin: string;
  let staff: string;
  let promoterUser: string;
  let ana: string;
  let ben: string;
  let tonight: string;
  let tomorrow: string;
  let bottles: string[];
  let v1: string;

  const newMembers = async (n: number): Promise<string[]> => {
    const ids = Array.from({ length: n }, () => randomUUID());
    await db.owner(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
       select id, 'authenticated', 'authenticated', 'v.' || left(id::text, 8) || '@example.test',
              '{"first_name": "Dana"}', now()
       from unnest($1::uuid[]) as id`,
      [ids],
    );
    return ids;
  };
  const grant = (id: string, role: string) =>
    db.owner(`insert into public.user_roles (user_id, role) values ($1, $2::public.app_role)`, [
      id,
      role,
    ]);
  /** An event `days` nights ahead at a venue wall-clock time. */
  const event = async (days: number, time: string, title: string) => {
    const [row] = await db.owner<{ id: string }>(
      `insert into public.events (title, event_date, is_approved)
       values ($3, ((private.business_date() + $1::int) + $2::time) at time zone private.venue_time_zone(), true)
       returning id`,
      [days, time, title],
    );
    return row!.id;
  };
  const ok = <T>(out: { rows: unknown[] } | string): T[] => {
    if (typeof out === 'string') throw new Error(out);
    return out.rows as T[];
  };
  const arrival = async (days: number, time: string) => {
    const [row] = await db.owner<{ t: Date }>(
      `select ((private.business_date() + $1::int) + $2::time) at time zone private.venue_time_zone() as t`,
      [days, time],
    );
    return (row!.t as Date).toISOString();
  };
  const request = async (who: string, eventId: string, party: number, items: unknown[] = []) => {
    const out = await db.as(who, 'select public.request_table($1, $2, $3, $4::jsonb) as r', [
      eventId,
      party,
      await arrival(1, '23:30'),
      JSON.stringify(items),
    ]);
    return typeof out === 'string' ? out : (out.rows[0] as { r: Request }).r;
  };
  /** A pending request written past the API (tonight's arrival may already have passed). */
  const pendingRow = async (eventId: string, userId: string | null, name = 'Guest') => {
    const [row] = await db.owner<{ id: string }>(
      `insert into public.table_requests (code, user_id, event_id, business_date, guest_name, party_size, arrives_at)
       select private.new_table_code(), $2, e.id, private.business_date_of(e.event_date), $3, 4, e.event_date
       from public.events e where e.id = $1 returning id`,
      [eventId, userId, name],
    );
    return row!.id;
  };
  const confirm = async (who: string, id: string, tableId: string) => {
    const out = await db.as(who, 'select public.confirm_table_request($1, $2, $3) as r', [
      id,
      tableId,
      'See you tonight',
    ]);
    return typeof out === 'string' ? out : (out.rows[0] as { r: Request }).r;
  };

  beforeAll(async () => {
    if (!target.available) return;
    db = await target.open();
    [admin, staff, promoterUser, ana, ben] = (await newMembers(5)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await grant(admin!, 'admin');
    await grant(staff!, 'staff');
    await grant(promoterUser!, 'promoter');
    tonight = await event(0, '21:00', 'Tonight Live');
    tomorrow = await event(1, '22:00', 'Tomorrow Live');
    const items = await db.owner<{ id: string; name: string }>(
      `with s as (insert into public.menu_sections (slug, title) values ('bottles-test', 'Bottles') returning id)
       insert into public.menu_items (section_id, name, price_cents, is_bottle)
       select s.id, v.name, 30000, v.bottle
       from s,
         (values ('Grey Goose', true), ('Moet', true), ('House Burger', false)) v (name, bottle)
       returning id, name`,
    );
    bottles = ['Grey Goose', 'Moet', 'House Burger'].map(
      (name) => items.find((i) => i.name === name)!.id,
    );
    [{ id: v1 }] = (await db.owner<{ id: string }>(
      `select id from public.lounge_tables where name = 'V1'`,
    )) as [{ id: string }];
  }, 180_000);
  afterAll(async () => {
    await target.close();
  });

  describe.skipIf(!target.available)('VIP tables', () => {
    it('a member requests a table with two bottles and reads only their own requests', async () => {
      const r = await request(ana, tomorrow, 6, [
        { menu_item_id: bottles[0], quantity: 1 },
        { menu_item_id: bottles[1], quantity: 1 },
      ]);
      expect(r).toMatchObject({ status: 'pending', table_name: null });
      const id = (r as Request).id;
      const seen = (who: string | null) =>
        db.as(who, 'select id from public.table_requests where id = $1', [id]);
      expect(ok(await seen(ana))).toHaveLength(1);
      expect(ok(await seen(ben))).toHaveLength(0);
      // staff read tonight's requests only; this one is tomorrow's
      expect(ok(await seen(staff))).toHaveLength(0);
      expect(ok(await seen(admin))).toHaveLength(1);
      expect(await seen(null)).toMatch(/^42501:/);
      const picked = ok<{ quantity: number }>(
        await db.as(
          ana,
          'select quantity from public.table_request_bottles where request_id = $1',
          [id],
        ),
      );
      expect(picked).toHaveLength(2);
      expect(
        ok(
          await db.as(ben, 'select 1 from public.table_request_bottles where request_id = $1', [
            id,
          ]),
        ),
      ).toHaveLength(0);
      // one live request per member and night
      expect(await request(ana, tomorrow, 2)).toBe(
        'P0001:You already have a table request for this night',
      );
    });

    it('refuses visitors, a food item as a bottle, too large a party and direct writes', async () => {
      expect(await request(null as unknown as string, tomorrow, 4)).toMatch(/^42501:/);
      expect(await request(ben, tomorrow, 4, [{ menu_item_id: bottles[2], quantity: 1 }])).toBe(
        'P0001:That bottle is not on the bottle list',
      );
      expect(await request(ben, tomorrow, 99)).toBe('P0001:Party size must be between 1 and 20');
      const direct = await db.as(
        ben,
        `insert into public.table_requests (code, event_id, business_date, guest_name, party_size, arrives_at)
         values ('ABCDEF', $1, current_date, 'Ben', 2, now())`,
        [tomorrow],
      );
      expect(direct).toMatch(/^42501:/);
      expect(
        await db.as(
          ana,
          `update public.table_requests set status = 'confirmed' where user_id = $1`,
          [ana],
        ),
      ).toMatch(/^42501:/);
    });

    it("staff confirm tonight's requests only; the minimum is the event's, else the weekday's, else the table's", async () => {
      const mine = await pendingRow(tonight, ben, 'Ben Tonight');
      const later = (await request(ben, tomorrow, 4)) as Request;
      expect(await confirm(ben, mine, v1)).toMatch(/^42501:/);
      expect(await confirm(staff, later.id, v1)).toMatch(/^42501:/);
      // staff now read tonight's request
      expect(
        ok(await db.as(staff, 'select id from public.table_requests where id = $1', [mine])),
      ).toHaveLength(1);
      await db.owner(
        `insert into public.lounge_table_minimums (table_id, weekday, min_spend_cents)
         select $1, extract(dow from private.business_date())::smallint, 80000`,
        [v1],
      );
      const done = (await confirm(staff, mine, v1)) as Request;
      expect(done).toMatchObject({ status: 'confirmed', table_name: 'V1', min_spend_cents: 80000 });
      const [mail] = await db.owner<{ kind: string }>(
        `select kind from public.table_mail_outbox where request_id = $1`,
        [mine],
      );
      expect(mail?.kind).toBe('confirmed');
      // the event's own minimum beats the weekday's
      await db.owner(
        `insert into public.lounge_table_minimums (table_id, event_id, min_spend_cents) values ($1, $2, 150000)`,
        [v1, tomorrow],
      );
      const byAdmin = (await confirm(admin, later.id, v1)) as Request;
      expect(byAdmin).toMatchObject({ status: 'confirmed', min_spend_cents: 150000 });
      // a second request on tonight's V1 is refused, another table is fine
      const other = await pendingRow(tonight, null, 'Walk Up');
      expect(await confirm(staff, other, v1)).toBe('23505:Table V1 is already taken that night');
      const [{ id: v2 }] = (await db.owner<{ id: string }>(
        `select id from public.lounge_tables where name = 'V2'`,
      )) as [{ id: string }];
      expect(await confirm(staff, other, v2)).toMatchObject({ table_name: 'V2' });
      // staff see tonight's committed minimum: the confirmed tables' minimums
      const [sum] = ok<{ n: number }>(
        await db.as(
          staff,
          `select sum(min_spend_cents)::int as n from public.table_requests
           where status in ('confirmed', 'arrived')`,
        ),
      );
      expect(sum?.n).toBe(80000 + 50000);
      // decline needs a message, and mails it
      const third = await pendingRow(tonight, ana, 'Ana Tonight');
      expect(await db.as(staff, `select public.decline_table_request($1, '')`, [third])).toBe(
        'P0001:Please write the guest a message',
      );
      ok(await db.as(staff, `select public.decline_table_request($1, 'Fully booked')`, [third]));
      const [declined] = await db.owner<{ status: string; staff_message: string }>(
        `select status, staff_message from public.table_requests where id = $1`,
        [third],
      );
      expect(declined).toEqual({ status: 'declined', staff_message: 'Fully booked' });
    });

    it('the mail claim names the table, the minimum, the cutoff and the bottles', async () => {
      // tonight's tables stay held through this file, whatever the hour it runs at
      await db.owner(
        `update public.table_requests set held_until = now() + interval '1 hour' where status = 'confirmed'`,
      );
      const rows = await db.owner<{
        kind: string;
        table_name: string;
        min_spend_cents: number;
        held_until: Date;
        bottles: string;
        guest_name: string;
      }>(`select * from public.claim_table_mails(100)`);
      const confirmed = rows.filter((r) => r.kind === 'confirmed');
      // the walk-up guest has no account, so no address: that mail is closed unsent
      expect(confirmed.map((r) => r.table_name).sort()).toEqual(['V1', 'V1']);
      expect(confirmed.every((r) => r.held_until instanceof Date)).toBe(true);
      expect(rows.some((r) => r.kind === 'declined')).toBe(true);
      // claimed rows are locked: a second claim hands nothing out
      expect(await db.owner(`select * from public.claim_table_mails(100)`)).toEqual([]);
      // members cannot claim mails
      expect(await db.as(ana, 'select * from public.claim_table_mails(1)')).toMatch(/^42501:/);
    });

    it('one table is never confirmed twice for a night under 100 concurrent confirmations', async () => {
      const night = await event(3, '22:00', 'Busy Night');
      const [{ id: v3 }] = (await db.owner<{ id: string }>(
        `select id from public.lounge_tables where name = 'V3'`,
      )) as [{ id: string }];
      const ids: string[] = [];
      for (let i = 0; i < 100; i += 1) ids.push(await pendingRow(night, null, `Guest ${i}`));
      const results = await Promise.all(ids.map((id) => confirm(admin, id, v3)));
      const won = results.filter((r) => typeof r === 'object');
      expect(won).toHaveLength(1);
      expect(new Set(results.filter((r) => typeof r === 'string'))).toEqual(
        new Set(['23505:Table V3 is already taken that night']),
      );
      const [held] = await db.owner<{ n: number }>(
        `select count(*)::int as n from public.table_requests
         where table_id = $1 and status in ('confirmed', 'arrived')`,
        [v3],
      );
      expect(held?.n).toBe(1);
      // past the functions too: the unique index refuses a second confirmed row
      await expect(
        db.owner(
          `update public.table_requests set status = 'confirmed', table_id = $1, min_spend_cents = 0,
             held_until = now() where id = $2`,
          [v3, ids.find((id) => id !== (won[0] as Request).id)],
        ),
      ).rejects.toThrow(/table_requests_one_table_a_night/);
    }, 180_000);

    it("releases a table at the cutoff (with a mail) and marks last night's as no-show", async () => {
      const night = await event(4, '22:00', 'Cutoff Night');
      const id = await pendingRow(night, ana, 'Ana Late');
      ok(await db.as(admin, 'select public.confirm_table_request($1, $2)', [id, v1]));
      await db.owner(
        `update public.table_requests set held_until = now() - interval '1 minute' where id = $1`,
        [id],
      );
      const past = await event(-2, '22:00', 'Last Week');
      const gone = await pendingRow(past, ben, 'Ben Gone');
      await db.owner(
        `update public.table_requests set status = 'confirmed', table_id = $1, min_spend_cents = 0,
           held_until = now() + interval '1 hour' where id = $2`,
        [v1, gone],
      );
      await db.owner('select public.sweep_lounge_tables()');
      const rows = await db.owner<{ id: string; status: string }>(
        `select id, status from public.table_requests where id in ($1, $2)`,
        [id, gone],
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
        [id]: 'released',
        [gone]: 'no_show',
      });
      const mails = await db.owner<{ kind: string }>(
        `select kind from public.table_mail_outbox where request_id = $1 order by id`,
        [id],
      );
      expect(mails.map((m) => m.kind)).toEqual(['confirmed', 'released']);
      // the released table is free again for that night
      const next = await pendingRow(night, null, 'Next Guest');
      expect(await confirm(admin, next, v1)).toMatchObject({ status: 'confirmed' });
    });

    it("the door lists tonight's tables through the registry and claims one on check-in", async () => {
      const [src] = await db.owner<{ rows_fn: string; check_in_fn: string }>(
        `select rows_fn::text, check_in_fn::text from private.door_sources where kind = 'vip_table'`,
      );
      const rowsFn = src!.rows_fn.split('(')[0]!;
      const checkInFn = src!.check_in_fn.split('(')[0]!;
      const rows = await db.owner<{
        source_id: string;
        guest_name: string;
        admissible: boolean;
        detail: string;
        refusal: string | null;
      }>(
        `select (r).* from (select ${rowsFn}(
           (private.business_date() + time '04:00') at time zone private.venue_time_zone(),
           (private.business_date() + 1 + time '04:00') at time zone private.venue_time_zone()) r) x`,
      );
      const ben = rows.find((r) => r.guest_name === 'Ben Tonight');
      expect(ben).toMatchObject({ admissible: true, detail: 'Table V1, minimum $800.00' });
      expect(rows.find((r) => r.guest_name === 'Ana Tonight')).toMatchObject({
        admissible: false,
        refusal: 'The table request was declined',
      });
      expect(rows.some((r) => r.guest_name === 'Ana Late')).toBe(false);
      await db.owner(`select ${checkInFn}($1, 3)`, [ben!.source_id]);
      const [after] = await db.owner<{ status: string; arrived_people: number }>(
        `select status, arrived_people from public.table_requests where id = $1`,
        [ben!.source_id],
      );
      expect(after).toEqual({ status: 'arrived', arrived_people: 3 });
      // API roles cannot call the door's functions
      expect(await db.as(staff, `select ${checkInFn}($1, 1)`, [ben!.source_id])).toMatch(/^42501:/);
    });
  });

  describe.skipIf(!target.available)('guest lists', () => {
    let promoterId: string;
    let linkId: string;

    const join = async (who: string, eventId: string, plusOnes: number, promo?: string) => {
      const out = await db.as(who, 'select public.join_guest_list($1, $2, $3) as r', [
        eventId,
        plusOnes,
        promo ?? null,
      ]);
      return typeof out === 'string'
        ? out
        : (out.rows[0] as { r: { id: string; code: string; plus_ones: number } }).r;
    };

    it("a list opens with the venue's close time and plus-one cap", async () => {
      const later = await event(2, '21:00', 'Default Close');
      expect(await join(admin, later, 1)).toMatchObject({ plus_ones: 1 });
      const [list] = await db.owner<{ closes: string; plus_ones_max: number }>(
        `select to_char(closes_at at time zone private.venue_time_zone(), 'HH24:MI') as closes, plus_ones_max
         from public.guest_lists where event_id = $1`,
        [later],
      );
      expect(list).toEqual({ closes: '22:00', plus_ones_max: 3 });
    });

    it('a member joins with plus-ones up to the cap', async () => {
      // tonight's list is open for another hour, whatever the hour this runs at
      await db.owner(
        `insert into public.guest_lists (event_id, closes_at, plus_ones_max) values ($1, now() + interval '1 hour', 3)`,
        [tonight],
      );
      const entry = await join(ana, tonight, 2);
      expect(entry).toMatchObject({ plus_ones: 2 });
      expect((entry as { code: string }).code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      expect(await join(ben, tonight, 4)).toBe('P0001:At most 3 plus-ones on this list');
    });

    it('promoters bring guests by role or by link code and read only their own', async () => {
      [{ id: promoterId }] = (await db.owner<{ id: string }>(
        `insert into public.promoters (user_id, name, code) values ($1, 'Pia', 'PIA2026') returning id`,
        [promoterUser],
      )) as [{ id: string }];
      [{ id: linkId }] = (await db.owner<{ id: string }>(
        `insert into public.promoters (name, code) values ('Street Team', 'STREET') returning id`,
      )) as [{ id: string }];
      ok(
        await db.as(promoterUser, `select public.add_guest_list_name($1, 'Pia Friend', 1)`, [
          tonight,
        ]),
      );
      const viaLink = await join(ben, tonight, 1, 'street');
      expect(viaLink).toMatchObject({ plus_ones: 1 });
      const names = (who: string) =>
        db.as(who, 'select guest_name from public.guest_list_entries order by guest_name');
      expect(ok(await names(promoterUser))).toEqual([{ guest_name: 'Pia Friend' }]);
      expect(ok(await names(ben))).toEqual([{ guest_name: 'Dana' }]);
      // a member who is not a promoter cannot add names
      expect(
        await db.as(ana, `select public.add_guest_list_name($1, 'Friend', 0)`, [tonight]),
      ).toMatch(/^42501:/);
      // staff add a name tonight and read tonight's whole list
      ok(await db.as(staff, `select public.add_guest_list_name($1, 'Door Friend', 0)`, [tonight]));
      expect(ok(await names(staff))).toHaveLength(4);
      // staff cannot add to tomorrow's list, nor read it
      expect(
        await db.as(staff, `select public.add_guest_list_name($1, 'Later', 0)`, [tomorrow]),
      ).toMatch(/^42501:/);
      const [entry] = await db.owner<{ promoter_id: string }>(
        `select promoter_id from public.guest_list_entries where user_id = $1`,
        [ben],
      );
      expect(entry?.promoter_id).toBe(linkId);
      expect(await db.as(ben, 'select id from public.promoters')).toEqual({ rows: [] });
    });

    it('the door checks guests in; the admin sees who brought whom and how many arrived', async () => {
      const [src] = await db.owner<{ rows_fn: string; check_in_fn: string }>(
        `select rows_fn::text, check_in_fn::text from private.door_sources where kind = 'guest_list'`,
      );
      const rows = await db.owner<{
        source_id: string;
        guest_name: string;
        party_size: number;
        detail: string;
      }>(
        `select (r).* from (select ${src!.rows_fn.split('(')[0]}(
           (private.business_date() + time '04:00') at time zone private.venue_time_zone(),
           (private.business_date() + 1 + time '04:00') at time zone private.venue_time_zone()) r) x`,
      );
      const friend = rows.find((r) => r.guest_name === 'Pia Friend');
      expect(friend).toMatchObject({ party_size: 2, detail: 'Guest list, brought by Pia' });
      await db.owner(`select ${src!.check_in_fn.split('(')[0]}($1, 2)`, [friend!.source_id]);
      const report = ok<{
        promoter_name: string;
        entries: number;
        expected: number;
        arrived: number;
      }>(
        await db.as(
          admin,
          'select promoter_name, entries, expected, arrived from public.guest_list_report($1)',
          [tonight],
        ),
      );
      expect(report).toEqual([
        { promoter_name: 'No promoter', entries: 2, expected: 4, arrived: 0 },
        { promoter_name: 'Pia', entries: 1, expected: 2, arrived: 2 },
        { promoter_name: 'Street Team', entries: 1, expected: 2, arrived: 0 },
      ]);
      expect(await db.as(staff, 'select * from public.guest_list_report(null)')).toMatch(/^42501:/);
      expect(promoterId).toBeTruthy();
    });

    it('refuses additions after the close time, whoever writes', async () => {
      await db.owner(
        `update public.guest_lists set closes_at = now() - interval '1 minute' where event_id = $1`,
        [tonight],
      );
      expect(await join(ana, tonight, 3)).toBe('P0001:The guest list is closed');
      expect(
        await db.as(staff, `select public.add_guest_list_name($1, 'Too Late', 0)`, [tonight]),
      ).toBe('P0001:The guest list is closed');
      await expect(
        db.owner(
          `insert into public.guest_list_entries (list_id, guest_name, code)
           select id, 'Sneaky', 'ZZZZZZ' from public.guest_lists where event_id = $1`,
          [tonight],
        ),
      ).rejects.toThrow(/The guest list is closed/);
    });

    it("a member's own requests and entries go with their account", async () => {
      const [leaving] = (await newMembers(1)) as [string];
      await pendingRow(tomorrow, leaving, 'Leaving Soon');
      await join(leaving, tomorrow, 1);
      await db.owner('delete from auth.users where id = $1', [leaving]);
      const [left] = await db.owner<{ n: number }>(
        `select (select count(*) from public.table_requests where guest_name = 'Leaving Soon')::int
              + (select count(*) from public.guest_list_entries where user_id = $1)::int as n`,
        [leaving],
      );
      expect(left?.n).toBe(0);
    });

    it("marks last night's listed guests as no-show", async () => {
      const past = await event(-1, '22:00', 'Yesterday');
      await db.owner(
        `insert into public.guest_lists (event_id, closes_at, plus_ones_max) values ($1, now() + interval '1 hour', 2)`,
        [past],
      );
      const gone = await join(ana, past, 0);
      await db.owner('select public.sweep_lounge_tables()');
      const [row] = await db.owner<{ status: string }>(
        `select status from public.guest_list_entries where id = $1`,
        [(gone as { id: string }).id],
      );
      expect(row?.status).toBe('no_show');
    });
  });
});
