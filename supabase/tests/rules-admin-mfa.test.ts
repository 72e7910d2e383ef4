/**
 * The venue's option to require an authenticator code for admin actions: off, an admin acts
 * with a password-only session (aal1); on, only a session completed with the code (aal2) is an
 * admin, in policies and definer functions alike, while members are unaffected. Only a session
 * that already has the code may turn it on. On PGlite and on PostgreSQL 15.
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

  const asLevel = (who: Member, aal: 'aal1' | 'aal2'): Member => ({ ...who, aal });
  const isAdmin = async (who: Member) =>
    (await db.act<{ ok: boolean }>(who, 'select private.is_admin() as ok'))[0]?.ok;
  const setTagline = (who: Member, tagline: string) =>
    db.attempt<{ tagline: string }>(
      who,
      'update public.venue_settings set tagline = $1 returning tagline',
      [tagline],
    );

  describe.skipIf(!driver.available)('admin actions and the authenticator code', () => {
    it('is off by default: a password-only admin session is an admin', async () => {
      const [s] = await db.act<{ admin_requires_mfa: boolean }>(
        null,
        'select admin_requires_mfa from public.venue_settings',
      );
      expect(s?.admin_requires_mfa).toBe(false);
      expect(await isAdmin(asLevel(admin, 'aal1'))).toBe(true);
      const r = await setTagline(asLevel(admin, 'aal1'), 'Open late');
      expect(r).toMatchObject({ ok: true, rows: [{ tagline: 'Open late' }] });
    });

    it('only a session with the code turns it on', async () => {
      const weak = await db.attempt(
        asLevel(admin, 'aal1'),
        'update public.venue_settings set admin_requires_mfa = true',
      );
      expect(weak).toMatchObject({ ok: false, code: '42501' });
      const member2 = await db.attempt(
        asLevel(member, 'aal2'),
        'update public.venue_settings set admin_requires_mfa = true returning 1',
      );
      // a member's update matches no row the policies let them change
      expect(member2.ok ? member2.rows : []).toEqual([]);
      await db.act(
        asLevel(admin, 'aal2'),
        'update public.venue_settings set admin_requires_mfa = true',
      );
      const [s] = await db.owner<{ admin_requires_mfa: boolean }>(
        'select admin_requires_mfa from public.venue_settings',
      );
      expect(s?.admin_requires_mfa).toBe(true);
    });

    it('on: a password-only admin session is not an admin; one with the code is', async () => {
      expect(await isAdmin(asLevel(admin, 'aal1'))).toBe(false);
      expect(await isAdmin(admin)).toBe(false);
      expect(await isAdmin(asLevel(admin, 'aal2'))).toBe(true);
      const weak = await setTagline(asLevel(admin, 'aal1'), 'Nope');
      expect(weak.ok ? weak.rows : []).toEqual([]);
      const strong = await setTagline(asLevel(admin, 'aal2'), 'Late nights');
      expect(strong).toMatchObject({ ok: true, rows: [{ tagline: 'Late nights' }] });
      // members are unaffected: they were never admins, and read the venue as before
      expect(await isAdmin(asLevel(member, 'aal2'))).toBe(false);
      const read = await db.act(member, 'select name from public.venue_settings');
      expect(read).toHaveLength(1);
    });

    it('an admin with the code may turn it off again', async () => {
      await db.act(
        asLevel(admin, 'aal2'),
        'update public.venue_settings set admin_requires_mfa = false',
      );
      expect(await isAdmin(asLevel(admin, 'aal1'))).toBe(true);
    });
  });
});
