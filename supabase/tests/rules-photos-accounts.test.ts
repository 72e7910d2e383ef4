/** Photo moderation, analytics, account deletion (self-service and admin_delete_user). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import {
  act,
  asOwner,
  attempt,
  createCast,
  createDb,
  createMember,
  type Actor,
  type Cast,
} from './support/db';

let db: PGlite;
let cast: Cast;

beforeAll(async () => {
  db = await createDb();
  cast = await createCast(db);
});
afterAll(async () => {
  await db?.close();
});

type Member = Actor & { kind: 'member' };

const upload = async (m: Member) =>
  (
    await act<{ id: string; is_approved: boolean; is_featured: boolean }>(
      db,
      m,
      `insert into public.photo_wall (user_id, image_url, caption) values ($1, 'https://img.test/x.jpg', 'Victory moment!')
       returning id, is_approved, is_featured`,
      [m.id],
    )
  )[0];

describe('photo wall', () => {
  it('stores a member upload as not approved and hides it from other members', async () => {
    const p = await upload(cast.owner);
    expect(p).toMatchObject({ is_approved: false, is_featured: false });
    expect(
      await act(db, cast.other, 'select id from public.photo_wall where id = $1', [p?.id]),
    ).toEqual([]);
  });

  it('stamps approval and shows approved photos (6 newest) to every member', async () => {
    const p = await upload(cast.owner);
    await act(db, cast.admin, 'update public.photo_wall set is_approved = true where id = $1', [
      p?.id,
    ]);
    const [row] = await asOwner<{ approved_by: string; stamped: boolean }>(
      db,
      'select approved_by, approved_at is not null as stamped from public.photo_wall where id = $1',
      [p?.id],
    );
    expect(row).toEqual({ approved_by: cast.admin.id, stamped: true });
    const grid = await act<{ id: string }>(
      db,
      cast.other,
      'select id from public.photo_wall where is_approved order by created_at desc limit 6',
    );
    expect(grid.map((g) => g.id)).toContain(p?.id);
  });

  it('un-features and clears the stamps when an admin rejects a photo', async () => {
    const p = await upload(cast.owner);
    await act(
      db,
      cast.admin,
      'update public.photo_wall set is_approved = true, is_featured = true where id = $1',
      [p?.id],
    );
    await act(db, cast.admin, 'update public.photo_wall set is_approved = false where id = $1', [
      p?.id,
    ]);
    const [row] = await asOwner(
      db,
      'select is_featured, approved_at, approved_by from public.photo_wall where id = $1',
      [p?.id],
    );
    expect(row).toEqual({ is_featured: false, approved_at: null, approved_by: null });
  });

  it('refuses a member featuring or approving their own photo', async () => {
    const p = await upload(cast.owner);
    const out = await attempt(
      db,
      cast.owner,
      'update public.photo_wall set is_featured = true, is_approved = true where id = $1',
      [p?.id],
    );
    expect(out.ok && out.affected).toBe(0);
  });
});

describe('analytics', () => {
  it.each(['offer_redeemed', 'photo_uploaded'])(
    'accepts a %s event from a member, marked as reported by the app',
    async (type) => {
      const rows = await act(
        db,
        cast.owner,
        `insert into public.analytics (user_id, event_type, event_data) values ($1, $2, '{"offer_title": "Soul"}')
       returning event_type, client_reported`,
        [cast.owner.id, type],
      );
      expect(rows).toEqual([{ event_type: type, client_reported: true }]);
    },
  );

  it.each(['booking_created', 'signed_up'])(
    'refuses a %s event from a member: the database records those itself',
    async (type) => {
      expect(
        await attempt(
          db,
          cast.owner,
          `insert into public.analytics (user_id, event_type) values ($1, $2)`,
          [cast.owner.id, type],
        ),
      ).toMatchObject({ ok: false, code: '42501' });
    },
  );

  it('refuses an unknown event type (23514) and an event in another member’s name (42501)', async () => {
    expect(
      await attempt(
        db,
        cast.owner,
        `insert into public.analytics (user_id, event_type) values ($1, 'page_view')`,
        [cast.owner.id],
      ),
    ).toMatchObject({ ok: false, code: '23514' });
    expect(
      await attempt(
        db,
        cast.owner,
        `insert into public.analytics (user_id, event_type) values ($1, 'offer_redeemed')`,
        [cast.other.id],
      ),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it('gives admins the latest 50 records', async () => {
    const rows = await act(
      db,
      cast.admin,
      'select id from public.analytics order by created_at desc limit 50',
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});

/** Gives a member one row in every table. */
async function populate(m: Member): Promise<void> {
  const [offer] = await asOwner<{ id: string }>(
    db,
    `insert into public.offers (title, offer_type, valid_until) values ('Any', 'exclusive', now() + interval '1 day') returning id`,
  );
  const [dj] = await asOwner<{ id: string }>(
    db,
    `insert into public.djs (name) values ('DJ Del') returning id`,
  );
  await act(
    db,
    m,
    `insert into public.event_bookings (user_id, name, email, phone, event_date) values ($1, 'N', 'n@example.test', '1', now() + interval '9 days')`,
    [m.id],
  );
  await act(db, m, `insert into public.user_offers (user_id, offer_id) values ($1, $2)`, [
    m.id,
    offer?.id,
  ]);
  await act(
    db,
    m,
    `insert into public.photo_wall (user_id, image_url) values ($1, 'https://img.test/d.jpg')`,
    [m.id],
  );
  await act(
    db,
    m,
    `insert into public.analytics (user_id, event_type) values ($1, 'photo_uploaded')`,
    [m.id],
  );
  await act(db, m, `insert into public.dj_ratings (dj_id, user_id, rating) values ($1, $2, 5)`, [
    dj?.id,
    m.id,
  ]);
  const [req] = await act<{ id: string }>(
    db,
    m,
    // a song is requested once a night: each member requests their own
    `insert into public.song_requests (song_title, artist, user_id) values ('Bye ' || $1::text, 'Me', $1::uuid) returning id`,
    [m.id],
  );
  await act(db, m, `insert into public.song_votes (song_request_id, user_id) values ($1, $2)`, [
    req?.id,
    m.id,
  ]);
  await asOwner(db, `insert into public.user_roles (user_id, role) values ($1, 'user')`, [m.id]);
}

const tablesWithUserId = [
  'profiles',
  'user_roles',
  'event_bookings',
  'user_offers',
  'photo_wall',
  'analytics',
  'dj_ratings',
  'song_requests',
  'song_votes',
];

async function rowsOf(id: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tablesWithUserId) {
    const [r] = await asOwner<{ n: number }>(
      db,
      `select count(*)::int as n from public.${t} where user_id = $1`,
      [id],
    );
    out[t] = r?.n ?? -1;
  }
  const [u] = await asOwner<{ n: number }>(
    db,
    'select count(*)::int as n from auth.users where id = $1',
    [id],
  );
  out['auth.users'] = u?.n ?? -1;
  return out;
}

describe('account deletion', () => {
  it('lets a member delete their own rows (privacy page) and nobody else’s', async () => {
    const m = await createMember(db, 'Leaver');
    const bystander = await createMember(db, 'Stayer');
    await populate(m);
    await populate(bystander);
    for (const t of ['photo_wall', 'user_offers', 'event_bookings', 'profiles', 'user_roles']) {
      await act(db, bystander, `delete from public.${t} where user_id = $1`, [m.id]);
    }
    expect(Object.values(await rowsOf(m.id)).every((n) => n >= 1)).toBe(true);
    // the privacy page's one call (redemptions cannot be deleted one by one): it ends the
    // account, the login included, so nothing once-only (a birthday, a redemption) can start
    // again under a new profile
    await act(db, m, 'select public.delete_my_account_data()');
    const left = await rowsOf(m.id);
    expect(left).toMatchObject(Object.fromEntries(tablesWithUserId.map((t) => [t, 0])));
    expect(left['auth.users']).toBe(0);
    expect(Object.values(await rowsOf(bystander.id)).every((n) => n >= 1)).toBe(true);
  });

  it('lets an admin delete a member with all their rows and the auth user', async () => {
    const m = await createMember(db, 'Deleted');
    await populate(m);
    await act(db, cast.admin, 'select public.admin_delete_user($1, $2)', [m.id, cast.admin.id]);
    expect(await rowsOf(m.id)).toEqual({
      ...Object.fromEntries(tablesWithUserId.map((t) => [t, 0])),
      'auth.users': 0,
    });
  });

  it("refuses an admin deleting their own account with 'You cannot delete your own admin account.'", async () => {
    const out = await attempt(db, cast.admin, 'select public.admin_delete_user($1, $2)', [
      cast.admin.id,
      cast.admin.id,
    ]);
    expect(out).toMatchObject({
      ok: false,
      code: 'P0001',
      message: 'You cannot delete your own admin account.',
    });
  });

  it('refuses a member (42501) and an admin passing someone else as _admin_id', async () => {
    const m = await createMember(db, 'Target');
    expect(
      await attempt(db, cast.owner, 'select public.admin_delete_user($1, $2)', [
        m.id,
        cast.owner.id,
      ]),
    ).toMatchObject({
      ok: false,
      code: '42501',
      message: 'Admin privileges required',
    });
    expect(
      await attempt(db, cast.owner, 'select public.admin_delete_user($1, $2)', [
        m.id,
        cast.admin.id,
      ]),
    ).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(
      await attempt(db, cast.admin, 'select public.admin_delete_user($1, $2)', [
        m.id,
        cast.other.id,
      ]),
    ).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await rowsOf(m.id)).toMatchObject({ profiles: 1, 'auth.users': 1 });
  });

  it('keeps events an admin created when the admin is deleted (created_by set null)', async () => {
    const exAdmin = await createMember(db, 'ExAdmin', { admin: true });
    const [ev] = await act<{ id: string }>(
      db,
      exAdmin,
      `insert into public.events (title, event_date, created_by) values ('Legacy', now() + interval '1 day', $1) returning id`,
      [exAdmin.id],
    );
    await act(db, cast.admin, 'select public.admin_delete_user($1, $2)', [
      exAdmin.id,
      cast.admin.id,
    ]);
    const [row] = await asOwner(
      db,
      'select created_by, is_approved from public.events where id = $1',
      [ev?.id],
    );
    expect(row).toEqual({ created_by: null, is_approved: true });
  });
});
