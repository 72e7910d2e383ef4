/**
 * The venue record (settings, weekly hours, dates with other hours): everyone
 * reads it, only admins change it, bad values are refused by constraints, and
 * every admin change is written to venue_changes with who made it. On PGlite
 * and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

interface Change {
  table_name: string;
  row_key: string;
  operation: string;
  changed_by: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  let member: Member;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    member = await newMember(db, { firstName: 'Olivia' });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  const changes = () =>
    db.owner<Change>(
      `select table_name, row_key, operation, changed_by, old_values, new_values
       from public.venue_changes order by id`,
    );

  describe.skipIf(!driver.available)('venue record', () => {
    it('ships the defaults: daily 11AM to 1AM, a Cleveland address, a demo e-mail', async () => {
      const [settings] = await db.act<Record<string, unknown>>(
        null,
        `select name, city, region_code, phone, email, minimum_age, adults_only_from from public.venue_settings`,
      );
      expect(settings).toMatchObject({
        city: 'Cleveland',
        region_code: 'OH',
        phone: '(216) 555-0142',
        minimum_age: 21,
        adults_only_from: '21:00:00',
      });
      expect(String(settings!.email)).toMatch(/@[a-z]+\.(example|test)$/);
      const hours = await db.act<{ weekday: number; opens_at: string; closes_at: string }>(
        null,
        `select weekday, opens_at, closes_at from public.venue_hours order by weekday`,
      );
      expect(hours).toHaveLength(7);
      for (const h of hours)
        expect(h).toMatchObject({ opens_at: '11:00:00', closes_at: '01:00:00' });
    });

    it('lets visitors and members read it and change nothing', async () => {
      for (const who of [null, member]) {
        expect((await db.act(who, `select * from public.venue_settings`)).length).toBe(1);
        expect((await db.act(who, `select * from public.venue_hour_exceptions`)).length).toBe(0);
        const settings = await db.attempt(
          who,
          `update public.venue_settings set phone = '(216) 555-0199' returning id`,
        );
        expect(settings.ok ? settings.affected : 0).toBe(0);
        const hours = await db.attempt(
          who,
          `update public.venue_hours set opens_at = '09:00' where weekday = 0 returning weekday`,
        );
        expect(hours.ok ? hours.affected : 0).toBe(0);
        const insert = await db.attempt(
          who,
          `insert into public.venue_hour_exceptions (on_date, label) values ('2030-12-25', 'Christmas Day')`,
        );
        expect(insert.ok).toBe(false);
        const addDay = await db.attempt(
          who,
          `insert into public.venue_hours (weekday, opens_at, closes_at) values (7, '11:00', '13:00')`,
        );
        expect(addDay.ok).toBe(false);
        expect(await db.attempt(who, `delete from public.venue_settings`)).toMatchObject({
          ok: false,
          code: '42501',
        });
      }
      const [row] = await db.owner<{ phone: string }>(`select phone from public.venue_settings`);
      expect(row!.phone).toBe('(216) 555-0142');
      expect(await changes()).toEqual([]);
    });

    it('lets only admins raise and lower last call', async () => {
      for (const who of [null, member]) {
        const raised = await db.attempt(
          who,
          `update public.venue_settings set last_call_at = now() returning id`,
        );
        expect(raised.ok ? raised.affected : 0).toBe(0);
      }
      const raise = await db.act(
        admin,
        `update public.venue_settings set last_call_at = now() returning id`,
      );
      expect(raise).toHaveLength(1);
      const [on] = await db.act<{ at: string | null }>(
        member,
        `select last_call_at as at from public.venue_settings`,
      );
      expect(on!.at).not.toBeNull();
      await db.act(admin, `update public.venue_settings set last_call_at = null`);
      const [off] = await db.owner<{ at: string | null }>(
        `select last_call_at as at from public.venue_settings`,
      );
      expect(off!.at).toBeNull();
      await db.owner(`delete from public.venue_changes`);
    });

    it('keeps the history away from visitors and members', async () => {
      expect(await db.attempt(null, `select * from public.venue_changes`)).toMatchObject({
        ok: false,
        code: '42501',
      });
      await db.owner(
        `insert into public.venue_changes (table_name, row_key, operation) values ('venue_settings', 'true', 'UPDATE')`,
      );
      expect(await db.act(member, `select * from public.venue_changes`)).toEqual([]);
      expect((await db.act(admin, `select * from public.venue_changes`)).length).toBe(1);
      expect(
        await db.attempt(
          admin,
          `insert into public.venue_changes (table_name, row_key, operation) values ('x', 'y', 'UPDATE')`,
        ),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(await db.attempt(admin, `delete from public.venue_changes`)).toMatchObject({
        ok: false,
        code: '42501',
      });
      await db.owner(`delete from public.venue_changes`);
    });

    it('records each admin change with who made it and only the columns that changed', async () => {
      await db.act(
        admin,
        `update public.venue_settings set phone = '(216) 555-0177', tagline = 'New tagline'`,
      );
      await db.act(
        admin,
        `update public.venue_hours set opens_at = '12:00', closes_at = '22:00' where weekday = 0`,
      );
      // An update that changes nothing writes no history.
      await db.act(admin, `update public.venue_hours set opens_at = '11:00' where weekday = 1`);
      await db.act(
        admin,
        `insert into public.venue_hour_exceptions (on_date, label) values ('2030-11-28', 'Thanksgiving Day')`,
      );
      await db.act(
        admin,
        `update public.venue_hour_exceptions set is_closed = false, opens_at = '18:00', closes_at = '23:00', label = 'Private buyout' where on_date = '2030-11-28'`,
      );
      await db.act(admin, `delete from public.venue_hour_exceptions where on_date = '2030-11-28'`);
      const log = await changes();
      expect(log.map((c) => [c.table_name, c.row_key, c.operation, c.changed_by])).toEqual([
        ['venue_settings', 'true', 'UPDATE', admin.id],
        ['venue_hours', '0', 'UPDATE', admin.id],
        ['venue_hour_exceptions', '2030-11-28', 'INSERT', admin.id],
        ['venue_hour_exceptions', '2030-11-28', 'UPDATE', admin.id],
        ['venue_hour_exceptions', '2030-11-28', 'DELETE', admin.id],
      ]);
      expect(log[0]!.old_values).toEqual({
        phone: '(216) 555-0142',
        tagline: 'Small plates and cocktails in the bistro, DJs and dancing in the ultra lounge.',
      });
      expect(log[0]!.new_values).toEqual({ phone: '(216) 555-0177', tagline: 'New tagline' });
      expect(log[1]!.old_values).toEqual({ opens_at: '11:00:00', closes_at: '01:00:00' });
      expect(log[1]!.new_values).toEqual({ opens_at: '12:00:00', closes_at: '22:00:00' });
      expect(log[3]!.new_values).toMatchObject({ is_closed: false, label: 'Private buyout' });
      expect(log[4]!.new_values).toBeNull();
      // Changes made past the API (migrations, the seed) write no history.
      await db.owner(`update public.venue_settings set phone = '(216) 555-0142', tagline = ''`);
      expect(await changes()).toHaveLength(5);
      await db.owner(
        `update public.venue_hours set opens_at = '11:00', closes_at = '01:00' where weekday = 0`,
      );
    });

    it('refuses bad values with a check violation and changes nothing', async () => {
      const bad = [
        `update public.venue_settings set phone = '555-0142'`,
        `update public.venue_settings set email = 'not an address'`,
        `update public.venue_settings set postal_code = 'ABCDE'`,
        `update public.venue_settings set name = '  '`,
        `update public.venue_settings set minimum_age = 12`,
        `update public.venue_settings set social_links = '[{"label": "Insta", "url": "javascript:alert(1)"}]'`,
        `update public.venue_settings set social_links = '{"label": "Insta"}'`,
        `update public.venue_hours set opens_at = null where weekday = 2`,
        `update public.venue_hours set is_closed = true where weekday = 2`,
        `update public.venue_hours set opens_at = '11:00', closes_at = '11:00' where weekday = 2`,
        `insert into public.venue_hour_exceptions (on_date, label, is_closed, opens_at) values ('2030-01-01', 'New Year', false, '12:00')`,
      ];
      for (const sql of bad) {
        expect(await db.attempt(admin, sql), sql).toMatchObject({ ok: false, code: '23514' });
      }
      // Closing a day needs both times cleared.
      await db.act(
        admin,
        `update public.venue_hours set is_closed = true, opens_at = null, closes_at = null where weekday = 2`,
      );
      await db.act(
        admin,
        `update public.venue_hours set is_closed = false, opens_at = '11:00', closes_at = '01:00' where weekday = 2`,
      );
      expect(
        await db.attempt(
          admin,
          `insert into public.venue_hour_exceptions (on_date, label) values ('2030-12-25', 'Christmas'), ('2030-12-25', 'Again')`,
        ),
      ).toMatchObject({ ok: false, code: '23505' });
    });
  });

  describe.skipIf(!driver.available)('menu', () => {
    let section: string;
    let hiddenSection: string;

    beforeAll(async () => {
      if (!driver.available) return;
      await db.owner(`delete from public.venue_changes`);
      [{ id: section }, { id: hiddenSection }] = (await db.owner<{ id: string }>(
        `insert into public.menu_sections (slug, title, position, is_visible)
         values ('test-plates', 'Test Plates', 1, true), ('test-hidden', 'Hidden', 2, false)
         returning id`,
      )) as [{ id: string }, { id: string }];
      await db.owner(
        `insert into public.menu_items (section_id, name, price_cents, tags, position, is_visible)
         values ($1, 'Fries', 900, '{vegan,gluten-free,vegan}', 1, true),
                ($1, 'Secret Dish', 1500, '{}', 2, false),
                ($2, 'Hidden Section Dish', 1000, '{}', 1, true)`,
        [section, hiddenSection],
      );
    });

    it('shows visitors and members only visible items of visible sections; admins see all', async () => {
      for (const who of [null, member]) {
        const items = await db.act<{ name: string }>(
          who,
          `select name from public.menu_items order by name`,
        );
        expect(items.map((i) => i.name)).toEqual(['Fries']);
        const sections = await db.act<{ slug: string }>(
          who,
          `select slug from public.menu_sections`,
        );
        expect(sections.map((s) => s.slug)).toEqual(['test-plates']);
      }
      expect((await db.act(admin, `select name from public.menu_items`)).length).toBe(3);
      const [fries] = await db.owner<{ tags: string[] }>(
        `select tags from public.menu_items where name = 'Fries'`,
      );
      expect(fries!.tags).toEqual(['vegan', 'gluten-free']);
    });

    it('lets visitors and members change nothing on the menu', async () => {
      for (const who of [null, member]) {
        const price = await db.attempt(
          who,
          `update public.menu_items set price_cents = 1 where name = 'Fries' returning id`,
        );
        expect(price.ok ? price.affected : 0).toBe(0);
        const sold = await db.attempt(
          who,
          `update public.menu_items set eighty_sixed_on = current_date where name = 'Fries' returning id`,
        );
        expect(sold.ok ? sold.affected : 0).toBe(0);
        expect(
          (
            await db.attempt(
              who,
              `insert into public.menu_items (section_id, name, price_cents) values ('${section}', 'Free Lunch', 0)`,
            )
          ).ok,
        ).toBe(false);
        const removed = await db.attempt(who, `delete from public.menu_items returning id`);
        expect(removed.ok ? removed.affected : 0).toBe(0);
        expect(
          (
            await db.attempt(
              who,
              `insert into public.menu_sections (slug, title) values ('x', 'X')`,
            )
          ).ok,
        ).toBe(false);
        const image = await db.attempt(
          who,
          `update public.venue_settings set menu_image_url = 'https://evil.test/x.png' returning id`,
        );
        expect(image.ok ? image.affected : 0).toBe(0);
      }
      const [fries] = await db.owner<{ price_cents: number }>(
        `select price_cents from public.menu_items where name = 'Fries'`,
      );
      expect(fries!.price_cents).toBe(900);
      expect(await changes()).toEqual([]);
    });

    it('records each admin change: price, 86, reorder, hide, add and remove', async () => {
      await db.act(admin, `update public.menu_items set price_cents = 1000 where name = 'Fries'`);
      await db.act(
        admin,
        `update public.menu_items set eighty_sixed_on = private.business_date() where name = 'Fries'`,
      );
      await db.act(
        admin,
        `update public.menu_items set position = 3, is_visible = false where name = 'Fries'`,
      );
      await db.act(
        admin,
        `insert into public.menu_items (section_id, name, price_cents, tags) values ('${section}', 'Pierogi', 1200, '{vegetarian}')`,
      );
      await db.act(admin, `delete from public.menu_items where name = 'Pierogi'`);
      const log = await changes();
      expect(log.map((c) => [c.table_name, c.row_key, c.operation, c.changed_by])).toEqual([
        ['menu_items', 'Fries', 'UPDATE', admin.id],
        ['menu_items', 'Fries', 'UPDATE', admin.id],
        ['menu_items', 'Fries', 'UPDATE', admin.id],
        ['menu_items', 'Pierogi', 'INSERT', admin.id],
        ['menu_items', 'Pierogi', 'DELETE', admin.id],
      ]);
      expect(log[0]!.old_values).toEqual({ price_cents: 900 });
      expect(log[0]!.new_values).toEqual({ price_cents: 1000 });
      expect(Object.keys(log[1]!.new_values ?? {})).toEqual(['eighty_sixed_on']);
      expect(log[2]!.new_values).toEqual({ position: 3, is_visible: false });
    });

    it('refuses unknown tags, negative prices and blank names', async () => {
      for (const sql of [
        `insert into public.menu_items (section_id, name, price_cents, tags) values ('${section}', 'X', 100, '{keto}')`,
        `insert into public.menu_items (section_id, name, price_cents) values ('${section}', 'X', -1)`,
        `insert into public.menu_items (section_id, name, price_cents) values ('${section}', '  ', 100)`,
        `insert into public.menu_sections (slug, title) values ('Not A Slug', 'X')`,
        `update public.venue_settings set menu_image_url = 'javascript:alert(1)'`,
      ]) {
        expect(await db.attempt(admin, sql), sql).toMatchObject({ ok: false, code: '23514' });
      }
    });
  });

  describe.skipIf(!driver.available)('promotions and offers', () => {
    beforeAll(async () => {
      if (!driver.available) return;
      await db.owner(`delete from public.venue_changes`);
      await db.owner(
        `insert into public.promotions (title, body, starts_on, ends_on, is_active)
         values ('Happy Hour', 'Weekdays 4 to 7PM.', current_date - 1, null, true),
                ('Draft Promo', 'Not yet.', current_date, null, false)`,
      );
      await db.owner(
        `insert into public.offers (id, title, description, offer_type, discount_percentage, is_active, valid_until)
         values ('0f000000-0000-4000-8000-0000000000aa', 'Test Offer', 'Text', 'exclusive', 10, true, now() + interval '5 days')`,
      );
    });

    it('shows visitors and members the active promotions only, and lets them change none', async () => {
      for (const who of [null, member]) {
        const rows = await db.act<{ title: string }>(who, `select title from public.promotions`);
        expect(rows.map((r) => r.title)).toEqual(['Happy Hour']);
        const edit = await db.attempt(
          who,
          `update public.promotions set title = 'Free drinks' returning id`,
        );
        expect(edit.ok ? edit.affected : 0).toBe(0);
        expect(
          (await db.attempt(who, `insert into public.promotions (title) values ('Free drinks')`))
            .ok,
        ).toBe(false);
        const removed = await db.attempt(who, `delete from public.promotions returning id`);
        expect(removed.ok ? removed.affected : 0).toBe(0);
      }
      const offer = await db.attempt(
        member,
        `update public.offers set description = 'Hacked' returning id`,
      );
      expect(offer.ok ? offer.affected : 0).toBe(0);
      expect(await changes()).toEqual([]);
    });

    it('records admin edits of promotions and offer texts, not the usage a redemption counts', async () => {
      await db.act(
        admin,
        `update public.promotions set ends_on = current_date + 7 where title = 'Happy Hour'`,
      );
      await db.act(
        admin,
        `update public.offers set description = 'New text' where id = '0f000000-0000-4000-8000-0000000000aa'`,
      );
      // A member's redemption counts the usage: not an edit, not in the history.
      await db.act(
        member,
        `insert into public.user_offers (user_id, offer_id) values ($1, '0f000000-0000-4000-8000-0000000000aa')`,
        [member.id],
      );
      await db.act(
        member,
        `select public.increment_offer_usage('0f000000-0000-4000-8000-0000000000aa')`,
      );
      const [offer] = await db.owner<{ usage_count: number }>(
        `select usage_count from public.offers where id = '0f000000-0000-4000-8000-0000000000aa'`,
      );
      expect(offer!.usage_count).toBe(1);
      const log = await changes();
      expect(log.map((c) => [c.table_name, c.row_key, c.operation, c.changed_by])).toEqual([
        ['promotions', 'Happy Hour', 'UPDATE', admin.id],
        ['offers', 'Test Offer', 'UPDATE', admin.id],
      ]);
      expect(log[1]!.new_values).toEqual({ description: 'New text' });
      expect(
        await db.attempt(
          admin,
          `update public.promotions set ends_on = starts_on - 1 where title = 'Happy Hour'`,
        ),
      ).toMatchObject({ ok: false, code: '23514' });
    });
  });

  describe.skipIf(!driver.available)('featured photos', () => {
    it('shows visitors approved featured photos only, without who uploaded them', async () => {
      await db.owner(
        `insert into public.photo_wall (user_id, image_url, caption, is_approved, is_featured)
         values ($1, 'https://x.test/a.png', 'featured', true, true),
                ($1, 'https://x.test/b.png', 'approved', true, false),
                ($1, 'https://x.test/c.png', 'pending', false, false)`,
        [member.id],
      );
      const rows = await db.act<{ caption: string }>(
        null,
        `select caption from public.photo_wall order by caption`,
      );
      expect(rows.map((r) => r.caption)).toEqual(['featured']);
      expect(await db.attempt(null, `select user_id from public.photo_wall`)).toMatchObject({
        ok: false,
        code: '42501',
      });
      const own = await db.act<{ caption: string }>(
        member,
        `select caption from public.photo_wall order by caption`,
      );
      expect(own.map((r) => r.caption)).toEqual(['approved', 'featured', 'pending']);
      const other = await newMember(db, { firstName: 'Oscar' });
      const seen = await db.act<{ caption: string }>(
        other,
        `select caption from public.photo_wall order by caption`,
      );
      expect(seen.map((r) => r.caption)).toEqual(['approved', 'featured']);
      const feature = await db.attempt(
        member,
        `update public.photo_wall set is_featured = true returning id`,
      );
      expect(feature.ok ? feature.affected : 0).toBe(0);
    });
  });

  describe.skipIf(!driver.available)('weekly nights from a template', () => {
    it('generates the next 8 Friday nights at 10 PM venue time, pending approval, once each', async () => {
      const [template] = await db.act<{ id: string }>(
        admin,
        `insert into public.event_templates (title, description, weekday, start_time, capacity)
         values ('Friday Night Neon', 'Glow paint and neon cocktails.', 5, '22:00', 120) returning id`,
      );
      const [{ added }] = (await db.act<{ added: number }>(
        admin,
        `select public.generate_template_events($1) as added`,
        [template!.id],
      )) as [{ added: number }];
      expect(added).toBe(8);
      const nights = await db.owner<{
        dow: number;
        hour: number;
        is_approved: boolean;
        capacity: number;
      }>(
        `select extract(dow from event_date at time zone 'America/New_York')::int as dow,
                extract(hour from event_date at time zone 'America/New_York')::int as hour,
                is_approved, capacity
         from public.events where template_id = $1 order by event_date`,
        [template!.id],
      );
      expect(nights).toHaveLength(8);
      for (const n of nights)
        expect(n).toEqual({ dow: 5, hour: 22, is_approved: false, capacity: 120 });
      const [{ again }] = (await db.act<{ again: number }>(
        admin,
        `select public.generate_template_events($1) as again`,
        [template!.id],
      )) as [{ again: number }];
      expect(again).toBe(0);
      // Visitors see none of them until an admin approves them.
      expect(
        await db.act(null, `select id from public.events where title = 'Friday Night Neon'`),
      ).toEqual([]);
      // Members neither read templates nor generate.
      expect(await db.act(member, `select id from public.event_templates`)).toEqual([]);
      expect(
        await db.attempt(member, `select public.generate_template_events($1)`, [template!.id]),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await db.attempt(null, `select public.generate_template_events($1)`, [template!.id]),
      ).toMatchObject({ ok: false, code: '42501' });
      // An admin's own event is still approved at once.
      const [own] = await db.act<{ is_approved: boolean }>(
        admin,
        `insert into public.events (title, event_date) values ('Own night', now() + interval '3 days') returning is_approved`,
      );
      expect(own!.is_approved).toBe(true);
    });
  });
});
