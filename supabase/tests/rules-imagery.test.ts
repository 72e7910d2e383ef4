/**
 * The venue's pictures: an event's images are read by whoever may read the event and written by
 * admins only; a DJ's portrait is an admin's column; a rejected photo keeps its row, stamped by
 * the database, so its uploader sees it was turned down. The seed's pictures are files of
 * supabase/seed-storage that seed.sql names. On PGlite and on PostgreSQL 15.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

const supabaseDir = path.resolve(__dirname, '..');

describe('the seed pictures', () => {
  it('names only files that supabase/seed-storage holds, each a small WebP', () => {
    const seed = readFileSync(path.join(supabaseDir, 'seed.sql'), 'utf8');
    const named = [...seed.matchAll(/\('(event-images|photo-wall)', '([^']+\.webp)'/g)].map(
      (m) => `${m[1]}/${m[2]}`,
    );
    expect(named.length).toBe(23);
    for (const file of named) {
      const full = path.join(supabaseDir, 'seed-storage', file);
      expect(existsSync(full), file).toBe(true);
      const bytes = readFileSync(full);
      expect(bytes.subarray(8, 12).toString('latin1'), file).toBe('WEBP');
      expect(bytes.length, file).toBeLessThan(64 * 1024);
    }
  });
});

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  let member: Member;
  let approvedEvent: string;
  let pendingEvent: string;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    member = await newMember(db, { firstName: 'Olivia' });
    const events = await db.owner<{ id: string }>(
      `insert into public.events (title, event_date, is_approved) values
         ('Open night', now() + interval '2 days', true),
         ('Maybe night', now() + interval '5 days', false)
       returning id`,
    );
    approvedEvent = events[0]!.id;
    pendingEvent = events[1]!.id;
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  describe.skipIf(!driver.available)('event images', () => {
    it('lets only an admin add, reorder and remove an image', async () => {
      const insert = `insert into public.event_images (event_id, image_url, alt_text, position)
                      values ($1, 'https://img.test/a.webp', 'Stage', 0) returning id`;
      expect(await db.attempt(member, insert, [approvedEvent])).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(await db.attempt(null, insert, [approvedEvent])).toMatchObject({ ok: false });
      const [image] = await db.act<{ id: string }>(admin, insert, [approvedEvent]);
      const reorder = await db.attempt(
        member,
        `update public.event_images set position = 3 where id = $1`,
        [image!.id],
      );
      expect(reorder.ok ? reorder.affected : 0).toBe(0);
      const remove = await db.attempt(member, `delete from public.event_images where id = $1`, [
        image!.id,
      ]);
      expect(remove.ok ? remove.affected : 0).toBe(0);
      expect(
        await db.act(admin, `delete from public.event_images where id = $1 returning id`, [
          image!.id,
        ]),
      ).toHaveLength(1);
    });

    it("shows an event's images to whoever may see the event, in position order", async () => {
      await db.owner(
        `insert into public.event_images (event_id, image_url, alt_text, position) values
           ($1, 'https://img.test/2.webp', 'Second', 1),
           ($1, 'https://img.test/1.webp', 'First', 0),
           ($2, 'https://img.test/p.webp', 'Hidden', 0)`,
        [approvedEvent, pendingEvent],
      );
      const q = `select alt_text from public.event_images order by event_id = $1 desc, position`;
      expect(await db.act(null, q, [approvedEvent])).toEqual([
        { alt_text: 'First' },
        { alt_text: 'Second' },
      ]);
      expect((await db.act(member, q, [approvedEvent])).map((r) => r['alt_text'])).toEqual([
        'First',
        'Second',
      ]);
      expect(await db.act(admin, q, [approvedEvent])).toHaveLength(3);
    });

    it('refuses a URL that is not http(s) and removes the images with their event', async () => {
      expect(
        await db.attempt(
          admin,
          `insert into public.event_images (event_id, image_url) values ($1, 'javascript:alert(1)')`,
          [approvedEvent],
        ),
      ).toMatchObject({ ok: false, code: '23514' });
      await db.owner(`delete from public.events where id = $1`, [pendingEvent]);
      expect(
        await db.owner(`select id from public.event_images where event_id = $1`, [pendingEvent]),
      ).toEqual([]);
    });
  });

  describe.skipIf(!driver.available)('DJ portraits', () => {
    it('are set by admins only', async () => {
      const [dj] = await db.owner<{ id: string }>(
        `insert into public.djs (name) values ('DJ Test') returning id`,
      );
      const set = `update public.djs set image_url = 'https://img.test/dj.webp' where id = $1`;
      const byMember = await db.attempt(member, set, [dj!.id]);
      expect(byMember.ok ? byMember.affected : 0).toBe(0);
      expect((await db.attempt(admin, set, [dj!.id])).ok).toBe(true);
    });
  });

  describe.skipIf(!driver.available)('rejected photos', () => {
    it('keeps a rejected photo, stamped by the database, visible to its uploader as rejected', async () => {
      const url = `https://img.test/${member.id}.jpg`;
      // a member cannot mark an upload rejected (the column is not theirs to write)
      expect(
        await db.attempt(
          member,
          `insert into public.photo_wall (user_id, image_url, rejected_at) values ($1, $2, now())`,
          [member.id, url],
        ),
      ).toMatchObject({ ok: false, code: '42501' });
      const [photo] = await db.act<{ id: string; rejected_at: string | null }>(
        member,
        `insert into public.photo_wall (user_id, image_url) values ($1, $2) returning id, rejected_at`,
        [member.id, url],
      );
      expect(photo!.rejected_at).toBeNull();
      const byMember = await db.attempt(
        member,
        `update public.photo_wall set rejected_at = now() where id = $1`,
        [photo!.id],
      );
      expect(byMember.ok ? byMember.affected : 0).toBe(0);
      const pendingCount = async () =>
        Number(
          (
            await db.owner<{ n: string }>(`select private.admin_counts() ->> 'pendingPhotos' as n`)
          )[0]!.n,
        );
      const before = await pendingCount();
      await db.act(
        admin,
        `update public.photo_wall set is_approved = false, is_featured = false, rejected_at = '2000-01-01' where id = $1`,
        [photo!.id],
      );
      // the dashboard's live figure no longer counts it as waiting
      expect(await pendingCount()).toBe(before - 1);
      const [mine] = await db.act<{ is_approved: boolean; rejected_at: string | null }>(
        member,
        `select is_approved, rejected_at from public.photo_wall where id = $1`,
        [photo!.id],
      );
      expect(mine!.is_approved).toBe(false);
      expect(new Date(mine!.rejected_at!).getFullYear()).toBeGreaterThan(2020);
      // approving it later clears the stamp
      await db.act(admin, `update public.photo_wall set is_approved = true where id = $1`, [
        photo!.id,
      ]);
      const [after] = await db.owner<{ rejected_at: string | null }>(
        `select rejected_at from public.photo_wall where id = $1`,
        [photo!.id],
      );
      expect(after!.rejected_at).toBeNull();
      // hiding an approved photo is not a rejection
      await db.act(
        admin,
        `update public.photo_wall set is_approved = false, is_featured = false where id = $1`,
        [photo!.id],
      );
      const [hidden] = await db.owner<{ rejected_at: string | null }>(
        `select rejected_at from public.photo_wall where id = $1`,
        [photo!.id],
      );
      expect(hidden!.rejected_at).toBeNull();
    });
  });
});
