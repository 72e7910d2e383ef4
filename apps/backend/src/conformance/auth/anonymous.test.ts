/**
 * signInAnonymously: off by default (422 anonymous_provider_disabled, as GoTrue answers); when
 * the setting is on, an anonymous user with is_anonymous in the user JSON and the access
 * token, whom the database keeps out of what only members may do, and who becomes a member
 * by adding an e-mail address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, createTestClient, type TestServer } from '../../testing.js';
import {
  BOOT_TIMEOUT_MS,
  claimsOf,
  client,
  follow,
  freshEmail,
  lastMail,
  srv,
  useServer,
  verifyLinkIn,
} from './support.js';

useServer({ anonymousSignIns: true });

describe('with anonymous sign-ins off (the default) and sign-ups disabled', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ config: { disableSignup: true } });
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await off?.close();
  });

  it('answers 422 anonymous_provider_disabled and makes no user', async () => {
    const before = await off.db.query<{ n: number }>('select count(*)::int as n from auth.users');
    const r = await createTestClient(off).auth.signInAnonymously();
    expect(r.error?.status).toBe(422);
    expect(r.error?.code).toBe('anonymous_provider_disabled');
    expect(r.error?.message).toBe('Anonymous sign-ins are disabled');
    const after = await off.db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const settings = (await (
      await fetch(`${off.url}/auth/v1/settings`, { headers: { apikey: off.anonKey } })
    ).json()) as {
      external: { anonymous_users: boolean };
    };
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('disabled sign-ups: signUp answers 422 signup_disabled, signInWithOtp otp_disabled; admins still create users', async () => {
    const c = createTestClient(off);
    const email = freshEmail('closed');
    const su = await c.auth.signUp({ email, password: 'secret-password-1' });
    expect(su.error?.status).toBe(422);
    expect(su.error?.code).toBe('signup_disabled');
    expect(su.error?.message).toBe('Signups not allowed for this instance');
    const otp = await c.auth.signInWithOtp({ email });
    expect(otp.error?.code).toBe('otp_disabled');
    const admin = createTestClient(off, { key: off.serviceRoleKey });
    const made = await admin.auth.admin.createUser({
      email,
      password: 'secret-password-1',
      email_confirm: true,
    });
    expect(made.error).toBeNull();
    const signIn = await c.auth.signInWithPassword({ email, password: 'secret-password-1' });
    expect(signIn.error).toBeNull();
    const settings = (await (
      await fetch(`${off.url}/auth/v1/settings`, { headers: { apikey: off.anonKey } })
    ).json()) as {
      disable_signup: boolean;
    };
    expect(settings.disable_signup).toBe(true);
  });
});

describe('with anonymous sign-ins on', () => {
  it('signs in a user without e-mail: is_anonymous in the user and the token', async () => {
    const c = client();
    const r = await c.auth.signInAnonymously({ options: { data: { nickname: 'Guest' } } });
    expect(r.error).toBeNull();
    const user = r.data.user;
    expect(user?.is_anonymous).toBe(true);
    expect(user?.email).toBe('');
    expect(user?.identities).toEqual([]);
    expect(user?.user_metadata).toMatchObject({ nickname: 'Guest' });
    expect(user?.last_sign_in_at).toBeTruthy();
    const claims = claimsOf(r.data.session?.access_token as string);
    expect(claims['is_anonymous']).toBe(true);
    expect(claims['role']).toBe('authenticated');
    expect((claims['amr'] as { method: string }[])[0]?.method).toBe('anonymous');
    const me = await c.auth.getUser();
    expect(me.data.user?.is_anonymous).toBe(true);
    // a refreshed session stays anonymous
    const refreshed = await c.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token as string)['is_anonymous']).toBe(true);
  });

  it('is not a member: no profile, booking, song request, vote, rating or upload', async () => {
    const c = client();
    const { data } = await c.auth.signInAnonymously();
    const id = data.user?.id as string;
    // visitors' reads stay open
    const events = await c.from('events').select('id').eq('is_approved', true);
    expect(events.error).toBeNull();
    expect(events.data?.length).toBeGreaterThan(0);
    // member reads see nothing
    const profile = await c.from('profiles').select('*').eq('user_id', id);
    expect(profile.data).toEqual([]);
    const offers = await c.from('offers').select('id');
    expect(offers.data).toEqual([]);
    const songs = await c.from('song_requests').select('id');
    expect(songs.data).toEqual([]);
    // member writes are refused by row-level security (42501)
    const booking = await c.from('event_bookings').insert({
      user_id: id,
      event_date: new Date(Date.now() + 86400_000).toISOString(),
      event_title: 'Friday Night Neon',
      name: 'Guest',
      email: 'guest@example.com',
      phone: '5555550100',
      number_of_guests: 2,
    });
    expect(booking.error?.code).toBe('42501');
    const song = await c.from('song_requests').insert({
      song_title: 'Song',
      artist: 'Artist',
      user_id: id,
      requested_by_name: 'Guest',
    });
    expect(song.error?.code).toBe('42501');
    const upload = await c.storage
      .from('photo-wall')
      .upload(`${id}/x.png`, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    expect(upload.error).not.toBeNull();
  });

  it('a role granted to an anonymous user gives it nothing: admin rules need a member', async () => {
    const c = client();
    const { data } = await c.auth.signInAnonymously();
    const id = data.user?.id as string;
    await srv.db.query(`insert into public.user_roles (user_id, role) values ($1::uuid, 'admin')`, [
      id,
    ]);
    const pending = await c.from('events').select('id').eq('is_approved', false);
    expect(pending.error).toBeNull();
    expect(pending.data).toEqual([]);
    const created = await c.from('events').insert({
      title: 'Anonymous night',
      description: 'x',
      event_date: new Date(Date.now() + 86400_000).toISOString(),
      created_by: id,
      is_approved: true,
    });
    expect(created.error?.code).toBe('42501');
  });

  it('adding an e-mail address (updateUser) makes the anonymous user a permanent one', async () => {
    const c = client();
    const { data } = await c.auth.signInAnonymously();
    const email = freshEmail('anon');
    const upd = await c.auth.updateUser({ email });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.new_email).toBe(email);
    expect(upd.data.user?.is_anonymous).toBe(true);
    // no current address: one link, to the new one
    const { params } = await follow(verifyLinkIn(await lastMail(email)));
    expect(params.get('type')).toBe('email_change');
    const access = params.get('access_token') as string;
    expect(claimsOf(access)['is_anonymous']).toBe(false);
    const me = await c.auth.getUser(access);
    expect(me.data.user?.id).toBe(data.user?.id);
    expect(me.data.user?.email).toBe(email);
    expect(me.data.user?.is_anonymous).toBe(false);
    expect(me.data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    const rows = await srv.db.query<{ is_anonymous: boolean }>(
      'select is_anonymous from auth.users where id = $1::uuid',
      [data.user?.id],
    );
    expect(rows.rows[0]?.is_anonymous).toBe(false);
  });
});
