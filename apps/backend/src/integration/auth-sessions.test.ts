/**
 * GoTrue-compatible password sign-in, access and refresh tokens, logout scopes, the admin API,
 * settings and rate limits through the real supabase-js client and raw HTTP.
 */
import { describe, expect, it } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { createTestClient } from '../testing.js';
import { PASSWORD, USERS, api } from './support.js';
import { REUSE_MS, freshEmail, srv, useAuthServer } from './auth-support.js';

useAuthServer();

describe('password grant and sessions', () => {
  it('"Invalid login credentials" for a wrong password and for an unknown user', async () => {
    const a = await createTestClient(srv).auth.signInWithPassword({
      email: USERS.leo.email,
      password: 'wrong-pass',
    });
    expect(a.error?.message).toBe('Invalid login credentials');
    expect(a.error?.status).toBe(400);
    expect(a.error?.code).toBe('invalid_credentials');
    const b = await createTestClient(srv).auth.signInWithPassword({
      email: 'ghost@example.com',
      password: 'wrong-pass',
    });
    expect(b.error?.message).toBe('Invalid login credentials');
  });

  it('issues ES256 access tokens verifiable with the JWKS, with the documented claims', async () => {
    const client = createTestClient(srv);
    const { data } = await client.auth.signInWithPassword({
      email: USERS.leo.email,
      password: PASSWORD,
    });
    const token = data.session?.access_token as string;
    const jwks = createRemoteJWKSet(new URL(`${srv.url}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token, jwks);
    expect(protectedHeader.alg).toBe('ES256');
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload).toMatchObject({
      sub: USERS.leo.id,
      role: 'authenticated',
      email: USERS.leo.email,
      aud: 'authenticated',
      aal: 'aal1',
    });
    expect(payload['session_id']).toBeTruthy();
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
    expect(payload['user_metadata']).toMatchObject({ first_name: 'Leo' });
    expect(data.session?.user.identities?.[0]?.provider).toBe('email');
  });

  it('refresh rotates the token; a quick concurrent reuse gets the active token; later reuse revokes the session', async () => {
    const client = createTestClient(srv);
    const { data } = await client.auth.signInWithPassword({
      email: USERS.leo.email,
      password: PASSWORD,
    });
    const first = data.session?.refresh_token as string;
    const r1 = await api(srv, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    });
    expect(r1.status).toBe(200);
    const s1 = (await r1.json()) as { refresh_token: string; access_token: string };
    expect(s1.refresh_token).not.toBe(first);
    // reuse inside the reuse interval: same active token back
    const r2 = await api(srv, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    });
    expect(r2.status).toBe(200);
    expect(((await r2.json()) as { refresh_token: string }).refresh_token).toBe(s1.refresh_token);
    await new Promise((r) => setTimeout(r, REUSE_MS + 100));
    const r3 = await api(srv, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first }),
    });
    expect(r3.status).toBe(400);
    expect(await r3.json()).toMatchObject({
      error_code: 'refresh_token_already_used',
      msg: 'Invalid Refresh Token: Already Used',
    });
    // the whole session is gone: the rotated token no longer works either
    const r4 = await api(srv, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: s1.refresh_token }),
    });
    expect(r4.status).toBe(400);
    const user = await api(srv, '/auth/v1/user', { token: s1.access_token });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('supabase-js refreshSession works', async () => {
    const client = createTestClient(srv);
    await client.auth.signInWithPassword({ email: USERS.leo.email, password: PASSWORD });
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(USERS.leo.email);
  });

  it('logout scopes: local ends one session, others keeps the current, global ends all', async () => {
    const a = createTestClient(srv);
    const b = createTestClient(srv);
    const c = createTestClient(srv);
    for (const cl of [a, b, c])
      await cl.auth.signInWithPassword({ email: USERS.admin.email, password: PASSWORD });
    const tokenOf = async (cl: typeof a) =>
      (await cl.auth.getSession()).data.session?.access_token as string;
    const [ta, tb, tc] = [await tokenOf(a), await tokenOf(b), await tokenOf(c)];
    await a.auth.signOut({ scope: 'local' });
    expect((await api(srv, '/auth/v1/user', { token: ta })).status).toBe(403);
    expect((await api(srv, '/auth/v1/user', { token: tb })).status).toBe(200);
    await b.auth.signOut({ scope: 'others' });
    expect((await api(srv, '/auth/v1/user', { token: tb })).status).toBe(200);
    expect((await api(srv, '/auth/v1/user', { token: tc })).status).toBe(403);
    const out = await b.auth.signOut({ scope: 'global' });
    expect(out.error).toBeNull();
    expect((await api(srv, '/auth/v1/user', { token: tb })).status).toBe(403);
  });
});

describe('admin API, settings, rate limits', () => {
  it('service role creates, lists, gets and deletes users; others are refused', async () => {
    const admin = createTestClient(srv, { key: srv.serviceRoleKey }).auth.admin;
    const email = freshEmail();
    const created = await admin.createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { first_name: 'Tess' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id as string;
    const dup = await admin.createUser({ email, password: 'secret123' });
    expect(dup.error?.code).toBe('email_exists');
    const list = await admin.listUsers({ page: 1, perPage: 100 });
    expect(list.data.users.some((u) => u.id === id)).toBe(true);
    const got = await admin.getUserById(id);
    expect(got.data.user?.email).toBe(email);
    const del = await admin.deleteUser(id);
    expect(del.error).toBeNull();
    expect((await admin.getUserById(id)).error?.status).toBe(404);
    const member = await api(srv, '/auth/v1/admin/users', { token: srv.anonKey });
    expect(member.status).toBe(403);
  });

  it('settings and health', async () => {
    const s = await api(srv, '/auth/v1/settings');
    expect(await s.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: false });
    expect((await api(srv, '/auth/v1/health')).status).toBe(200);
  });

  it('rate-limits sign-in per IP and e-mail with 429 over_request_rate_limit', async () => {
    const email = 'ratelimited@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await api(srv, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'x' }),
      });
      statuses.push(r.status);
      if (r.status === 429)
        expect(await r.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // another e-mail is not affected
    const other = await api(srv, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: 'x@example.com', password: 'x' }),
    });
    expect(other.status).toBe(400);
  });

  it('unsupported library endpoints answer in GoTrue shape', async () => {
    const r = await api(srv, '/auth/v1/authorize?provider=github');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});
