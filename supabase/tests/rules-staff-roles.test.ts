/**
 * The staff and promoter roles: an admin grants them in Admin Rights (rows of user_roles);
 * private.is_staff() holds for staff and admins only, private.is_promoter() for promoters;
 * neither role can grant or revoke a role for someone else. On PGlite and on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  let staff: Member;
  let promoter: Member;
  let member: Member;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    staff = await newMember(db, { firstName: 'Sam' });
    promoter = await newMember(db, { firstName: 'Pia' });
    member = await newMember(db, { firstName: 'Olivia' });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  const check = async (who: Member | null, fn: 'is_staff' | 'is_promoter') =>
    (await db.act<{ ok: boolean }>(who, `select private.${fn}() as ok`))[0]?.ok;
  const insertRole =
    'insert into public.user_roles (user_id, role) values ($1, $2::public.app_role)';
  const grant = (by: Member, to: Member, role: string) => db.attempt(by, insertRole, [to.id, role]);

  describe.skipIf(!driver.available)('staff and promoter roles', () => {
    it('an admin grants staff and promoter; the checks follow the rows', async () => {
      expect(await check(staff, 'is_staff')).toBe(false);
      // attempt() rolls its statement back: the grants that must last go through act()
      expect(await grant(admin, staff, 'staff')).toMatchObject({ ok: true });
      await db.act(admin, insertRole, [staff.id, 'staff']);
      await db.act(admin, insertRole, [promoter.id, 'promoter']);
      expect(await check(staff, 'is_staff')).toBe(true);
      expect(await check(admin, 'is_staff')).toBe(true);
      expect(await check(promoter, 'is_staff')).toBe(false);
      expect(await check(member, 'is_staff')).toBe(false);
      expect(await check(null, 'is_staff')).toBe(false);
      expect(await check(promoter, 'is_promoter')).toBe(true);
      expect(await check(staff, 'is_promoter')).toBe(false);
    });

    it('staff are not admins and cannot grant or revoke roles', async () => {
      const [r] = await db.act<{ ok: boolean }>(staff, 'select private.is_admin() as ok');
      expect(r?.ok).toBe(false);
      expect(await grant(staff, member, 'staff')).toMatchObject({ ok: false, code: '42501' });
      expect(await grant(staff, staff, 'admin')).toMatchObject({ ok: false, code: '42501' });
      expect(await grant(promoter, member, 'promoter')).toMatchObject({ ok: false, code: '42501' });
      const removed = await db.attempt<{ user_id: string }>(
        staff,
        'delete from public.user_roles where user_id = $1 returning user_id',
        [promoter.id],
      );
      expect(removed.ok ? removed.rows : []).toEqual([]);
      const seen = await db.act<{ user_id: string }>(
        staff,
        'select user_id from public.user_roles where user_id <> $1',
        [staff.id],
      );
      expect(seen).toEqual([]);
    });
  });
});
