/** Offers: who sees which type, one redemption per member, the usage counter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { act, asOwner, attempt, createCast, createDb, createMember, type Cast } from './support/db';

let db: PGlite;
let cast: Cast;
const offer: Record<string, string> = {};

/** Today in the venue's time zone, shifted by n days, as YYYY-MM-DD with a fixed past year. */
const birthdayIn = (days: number): string => {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  today.setDate(today.getDate() + days);
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  const dd = String(today.getDate()).padStart(2, '0');
  const year = mm === '02' && dd === '29' ? 1992 : 1990;
  return `${year}-${mm}-${dd}`;
};

beforeAll(async () => {
  db = await createDb();
  cast = await createCast(db);
  const rows = await asOwner<{ id: string; title: string }>(
    db,
    `insert into public.offers (title, offer_type, is_active, valid_until) values
      ('exclusive', 'exclusive', true, now() + interval '5 days'),
      ('vip', 'vip', true, now() + interval '5 days'),
      ('birthday', 'birthday', true, now() + interval '5 days'),
      ('surprise', 'surprise', true, null),
      ('expired', 'exclusive', true, now() - interval '1 minute'),
      ('inactive', 'surprise', false, now() + interval '5 days')
     returning id, title`,
  );
  for (const r of rows) offer[r.title] = r.id;
});
afterAll(async () => {
  await db?.close();
});

const visibleTo = async (actor: Parameters<typeof act>[1]): Promise<string[]> =>
  (
    await act<{ title: string }>(
      db,
      actor,
      'select title from public.offers where is_active and valid_until >= now() or valid_until is null order by title',
    )
  ).map((r) => r.title);

describe('offer visibility', () => {
  it('shows a plain member exclusive and surprise offers only', async () => {
    expect(await visibleTo(cast.other)).toEqual(['exclusive', 'surprise']);
  });

  it('shows VIP offers to VIP members only (vip_status, not metadata)', async () => {
    const vip = await createMember(db, 'Vip', { vip: true });
    expect(await visibleTo(vip)).toEqual(['exclusive', 'surprise', 'vip']);
  });

  it.each([
    [0, true],
    [7, true],
    [-7, true],
    [8, false],
    [-8, false],
    [180, false],
  ])('birthday %i days away: birthday offer visible = %s', async (days, visible) => {
    const m = await createMember(db, `Bday${days}`, { birthday: birthdayIn(days) });
    expect((await visibleTo(m)).includes('birthday')).toBe(visible);
  });

  it('hides birthday offers from members without a birthday', async () => {
    expect(await visibleTo(cast.owner)).not.toContain('birthday');
  });

  it.each([
    ['1990-12-30', '2026-01-02', 3],
    ['1990-01-02', '2025-12-30', 3],
    ['1990-12-31', '2026-01-07', 7],
    ['1990-01-01', '2026-12-23', 9],
    ['1992-02-29', '2027-03-01', 1],
    ['1992-02-29', '2028-02-29', 0],
    ['1985-07-04', '2026-07-04', 0],
    ['1985-07-04', '2026-01-04', 181],
  ])('counts %s vs %s as %i days apart, year ignored', async (birthday, today, days) => {
    const [row] = await asOwner<{ d: number }>(
      db,
      'select private.birthday_distance($1::date, $2::date) as d',
      [birthday, today],
    );
    expect(row?.d).toBe(days);
  });

  it('hides inactive and expired offers from members but not from admins', async () => {
    const admin = await act<{ title: string }>(
      db,
      cast.admin,
      'select title from public.offers order by title',
    );
    expect(admin.map((r) => r.title)).toEqual([
      'birthday',
      'exclusive',
      'expired',
      'inactive',
      'surprise',
      'vip',
    ]);
    expect(
      await act(db, cast.owner, 'select id from public.offers where id = $1', [offer['expired']]),
    ).toEqual([]);
  });

  it('never shows offers to visitors', async () => {
    expect(await attempt(db, { kind: 'visitor' }, 'select id from public.offers')).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});

describe('redemptions', () => {
  const redeem = (actor: Parameters<typeof act>[1] & { kind: 'member' }, key: string) =>
    attempt(
      db,
      actor,
      'insert into public.user_offers (user_id, offer_id) values ($1, $2) returning offer_id',
      [actor.id, offer[key]],
    );

  it('redeems once and reports the second redemption as 23505 (Already Redeemed)', async () => {
    const m = await createMember(db, 'Redeemer');
    await act(db, m, 'insert into public.user_offers (user_id, offer_id) values ($1, $2)', [
      m.id,
      offer['exclusive'],
    ]);
    expect(await redeem(m, 'exclusive')).toMatchObject({ ok: false, code: '23505' });
  });

  it.each(['vip', 'birthday', 'expired', 'inactive'])(
    'refuses a plain member redeeming the %s offer',
    async (key) => {
      expect(await redeem(cast.other, key)).toMatchObject({ ok: false, code: '42501' });
    },
  );

  it('keeps the joined offer readable in the member’s export after it expires', async () => {
    const m = await createMember(db, 'Exporter');
    const [o] = await asOwner<{ id: string }>(
      db,
      `insert into public.offers (title, offer_type, valid_until) values ('short', 'surprise', now() + interval '1 hour') returning id`,
    );
    await act(db, m, 'insert into public.user_offers (user_id, offer_id) values ($1, $2)', [
      m.id,
      o?.id,
    ]);
    await asOwner(
      db,
      `update public.offers set valid_until = now() - interval '1 day' where id = $1`,
      [o?.id],
    );
    const rows = await act<{ title: string }>(
      db,
      m,
      'select o.title from public.user_offers uo join public.offers o on o.id = uo.offer_id where uo.user_id = $1',
      [m.id],
    );
    expect(rows).toEqual([{ title: 'short' }]);
  });

  it('lists the member’s redeemed offer ids only', async () => {
    const rows = await act<{ offer_id: string }>(
      db,
      cast.other,
      'select offer_id from public.user_offers where user_id = $1',
      [cast.owner.id],
    );
    expect(rows).toEqual([]);
  });
});

describe('increment_offer_usage', () => {
  const usage = async (key: string) =>
    (
      await asOwner<{ n: number }>(db, 'select usage_count as n from public.offers where id = $1', [
        offer[key],
      ])
    )[0]?.n;

  it('counts a redemption exactly once', async () => {
    const m = await createMember(db, 'Counter');
    const before = await usage('surprise');
    await act(db, m, 'insert into public.user_offers (user_id, offer_id) values ($1, $2)', [
      m.id,
      offer['surprise'],
    ]);
    const [first] = await act<{ n: number }>(
      db,
      m,
      'select public.increment_offer_usage($1) as n',
      [offer['surprise']],
    );
    expect(first?.n).toBe((before ?? 0) + 1);
    await act(db, m, 'select public.increment_offer_usage($1)', [offer['surprise']]);
    await act(db, m, 'select public.increment_offer_usage(offer_id => $1)', [offer['surprise']]);
    expect(await usage('surprise')).toBe((before ?? 0) + 1);
  });

  it("refuses to count an offer the caller hasn't redeemed (P0001 offer_not_redeemed)", async () => {
    const out = await attempt(db, cast.other, 'select public.increment_offer_usage($1)', [
      offer['exclusive'],
    ]);
    expect(out).toMatchObject({ ok: false, code: 'P0001', message: 'offer_not_redeemed' });
  });

  it('is not callable by visitors', async () => {
    const out = await attempt(db, { kind: 'visitor' }, 'select public.increment_offer_usage($1)', [
      offer['exclusive'],
    ]);
    expect(out).toMatchObject({ ok: false, code: '42501' });
  });
});
