/**
 * The occasions offered when booking a table are the venue's list in reservation_settings:
 * visitors and members read it (visitors nothing else of the settings), admins edit it, and
 * the database refuses an empty, padded, repeated or overlong entry or more than 12 of them.
 * On PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

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

  const setOccasions = (who: Member, list: string[]) =>
    db.attempt<{ occasions: string[] }>(
      who,
      'update public.reservation_settings set occasions = $1 returning occasions',
      [list],
    );

  describe.skipIf(!driver.available)('the occasion list', () => {
    it('starts with five occasions that visitors and members read', async () => {
      const expected = ['Birthday', 'Anniversary', 'Date night', 'Business meal', 'Celebration'];
      for (const who of [null, member]) {
        const [row] = await db.act<{ occasions: string[] }>(
          who,
          'select occasions from public.reservation_settings',
        );
        expect(row?.occasions).toEqual(expected);
      }
      const other = await db.attempt(
        null,
        'select covers_per_slot from public.reservation_settings',
      );
      expect(other).toMatchObject({ ok: false, code: '42501' });
    });

    it('an admin edits it; a member cannot', async () => {
      expect(await setOccasions(admin, ['Birthday', 'Proposal'])).toMatchObject({
        ok: true,
        rows: [{ occasions: ['Birthday', 'Proposal'] }],
      });
      const byMember = await setOccasions(member, ['Proposal']);
      expect(byMember.ok ? byMember.rows : []).toEqual([]);
    });

    it('refuses empty, padded, repeated and overlong occasions, and more than 12', async () => {
      for (const bad of [
        [''],
        [' Birthday'],
        ['Birthday', 'birthday'],
        ['x'.repeat(61)],
        Array.from({ length: 13 }, (_, i) => `Occasion ${i}`),
      ])
        expect(await setOccasions(admin, bad)).toMatchObject({ ok: false, code: '23514' });
      expect(await setOccasions(admin, [])).toMatchObject({ ok: true });
    });
  });
});
