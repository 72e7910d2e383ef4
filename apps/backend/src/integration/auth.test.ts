/** GoTrue-compatible auth through the real supabase-js client and raw HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { createTestClient, startTestServer, type TestServer } from '../testing.js';
import { PASSWORD, USERS, api } from './support.js';

let srv: TestServer;
const REUSE_MS = 2000; // long enough that a loaded machine still answers the second refresh inside it

beforeAll(async () => {
  srv = await startTestServer({
    config: { rateLimit: { max: 5, windowMs: 60_000 }, refreshReuseIntervalMs: REUSE_MS },
  });
});
afterAll(async () => {
  await srv?.close();
});

let n = 0;
const freshEmail = () => `user${Date.now()}${n++}@example.com`;

/** Follows the newest mail's verify link without following the redirect; returns the fragment. */
async function followMailLink(
  email: string,
): Promise<{ location: string; params: URLSearchParams }> {
  const [mail] = await srv.inbox(email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const link = mail?.links.find((l) => l.includes('/auth/v1/verify')) as string;
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') as string;
  return { location, params: new URLSearchParams(location.split('#')[1] ?? '') };
}

describe('sign up and confirm', () => {
  it('signs up without a session, mails a confirmation link that signs the user in', async () => {
    const email = freshEmail();
    const client = createTestClient(srv);
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: {
        data: { first_name: 'Ann', last_name: 'Lee' },
        emailRedirectTo: 'http://localhost:4200/',
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Ann', last_name: 'Lee' });

    const early = await client.auth.signInWithPassword({ email, password: 'secret123' });
    expect(early.error?.message).toBe('Email not confirmed');
    expect(early.error?.code).toBe('email_not_confirmed');

    const { location, params } = await followMailLink(email);
    expect(location.startsWith('http://localhost:4200/#')).toBe(true);
    expect(params.get('type')).toBe('signup');
    const access = params.get('access_token') as string;
    expect(decodeJwt(access)).toMatchObject({
      email,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
    });

    const set = await client.auth.setSession({
      access_token: access,
      refresh_token: params.get('refresh_token') as string,
    });
    expect(set.error).toBeNull();
    const me = await client.auth.getUser();
    expect(me.data.user?.email_confirmed_at).toBeTruthy();

    // the profile trigger ran: the user can read their own profile
    const profile = await client
      .from('profiles')
      .select('first_name')
      .eq('user_id', me.data.user?.id as string)
      .single();
    expect(profile.data).toEqual({ first_name: 'Ann' });

    const signedIn = await createTestClient(srv).auth.signInWithPassword({
      email,
      password: 'secret123',
    });
    expect(signedIn.error).toBeNull();
  });

  it('"User already registered" for a taken, confirmed e-mail', async () => {
    const { error } = await createTestClient(srv).auth.signUp({
      email: USERS.maya.email,
      password: 'whatever1',
    });
    expect(error?.message).toBe('User already registered');
    expect(error?.status).toBe(422);
  });

  it('weak passwords and bad e-mails are refused in GoTrue shape', async () => {
    const weak = await createTestClient(srv).auth.signUp({ email: freshEmail(), password: '123' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error?.code).toBe('weak_password');
    const bad = await api(srv, '/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'not-an-email', password: 'secret123' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 400, error_code: 'email_address_invalid' });
  });

  it('resend mails a new link; the old link no longer works', async () => {
    const email = freshEmail();
    const client = createTestClient(srv);
    await client.auth.signUp({ email, password: 'secret123' });
    const [first] = await srv.inbox(email);
    const r = await client.auth.resend({ type: 'signup', email });
    expect(r.error).toBeNull();
    const mails = await srv.inbox(email);
    expect(mails).toHaveLength(2);
    const oldLink = first?.links[0] as string;
    const res = await fetch(oldLink, { redirect: 'manual' });
    expect(res.headers.get('location')).toContain('error_code=otp_expired');
    const { params } = await followMailLink(email);
    expect(params.get('access_token')).toBeTruthy();
  });

  it('POST /verify with the e-mailed OTP code', async () => {
    const email = freshEmail();
    const client = createTestClient(srv);
    await client.auth.signUp({ email, password: 'secret123' });
    const [mail] = await srv.inbox(email);
    const code = /code: ([0-9]{6})/.exec(mail?.text ?? '')?.[1] as string;
    const wrong = await client.auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'signup',
    });
    expect(wrong.error?.code).toBe('otp_expired');
    const ok = await client.auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
  });
});

describe('PKCE flow', () => {
  it('sign-up and recovery links answer ?code= that exchangeCodeForSession turns into a session', async () => {
    const email = freshEmail();
    const client = createTestClient(srv, { flowType: 'pkce' });
    const su = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { emailRedirectTo: 'http://localhost:4200/' },
    });
    expect(su.error).toBeNull();
    const { location } = await followMailLink(email);
    const code = new URL(location).searchParams.get('code') as string;
    expect(code).toBeTruthy();
    const ex = await client.auth.exchangeCodeForSession(code);
    expect(ex.error).toBeNull();
    expect(ex.data.session?.user.email).toBe(email);
    const reuse = await client.auth.exchangeCodeForSession(code);
    expect(reuse.error).not.toBeNull();

    const other = createTestClient(srv, { flowType: 'pkce' });
    await other.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:4200/auth?reset=1',
    });
    const rec = await followMailLink(email);
    const url = new URL(rec.location);
    expect(url.searchParams.get('reset')).toBe('1');
    const wrongVerifier = await api(srv, '/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({
        auth_code: url.searchParams.get('code'),
        code_verifier: 'x'.repeat(50),
      }),
    });
    expect(wrongVerifier.status).toBe(403);
  });
});

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

describe('user updates and password recovery', () => {
  it('updates metadata and password; the same password again is refused', async () => {
    const email = freshEmail();
    const created = await api(srv, '/auth/v1/admin/users', {
      method: 'POST',
      token: srv.serviceRoleKey,
      body: JSON.stringify({
        email,
        password: 'first-pass',
        email_confirm: true,
        user_metadata: { first_name: 'Zed' },
      }),
    });
    expect(created.status).toBe(200);
    const client = createTestClient(srv);
    await client.auth.signInWithPassword({ email, password: 'first-pass' });
    const meta = await client.auth.updateUser({ data: { last_name: 'Zulu' } });
    expect(meta.data.user?.user_metadata).toMatchObject({ first_name: 'Zed', last_name: 'Zulu' });
    const short = await client.auth.updateUser({ password: '12' });
    expect(short.error?.code).toBe('weak_password');
    const pw = await client.auth.updateUser({ password: 'second-pass' });
    expect(pw.error).toBeNull();
    const same = await client.auth.updateUser({ password: 'second-pass' });
    expect(same.error?.code).toBe('same_password');
    const again = await createTestClient(srv).auth.signInWithPassword({
      email,
      password: 'second-pass',
    });
    expect(again.error).toBeNull();
  });

  it('recover mails a link to /auth?reset=1 that opens a recovery session', async () => {
    const email = freshEmail();
    await api(srv, '/auth/v1/admin/users', {
      method: 'POST',
      token: srv.serviceRoleKey,
      body: JSON.stringify({ email, password: 'old-pass1', email_confirm: true }),
    });
    const client = createTestClient(srv);
    const r = await client.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://localhost:4200/auth?reset=1',
    });
    expect(r.error).toBeNull();
    const [mail] = await srv.inbox(email);
    expect(mail?.subject).toBe('Reset your password');
    const { location, params } = await followMailLink(email);
    expect(location.startsWith('http://localhost:4200/auth?reset=1#')).toBe(true);
    expect(params.get('type')).toBe('recovery');
    await client.auth.setSession({
      access_token: params.get('access_token') as string,
      refresh_token: params.get('refresh_token') as string,
    });
    expect((await client.auth.updateUser({ password: 'new-pass1' })).error).toBeNull();
    expect(
      (await createTestClient(srv).auth.signInWithPassword({ email, password: 'new-pass1' })).error,
    ).toBeNull();
    // unknown e-mails get the same answer (no account enumeration)
    expect((await client.auth.resetPasswordForEmail('nobody@example.com')).error).toBeNull();
  });

  it('redirects only to allowed origins', async () => {
    for (const evil of [
      'https://evil.example.net/steal',
      'http://localhost:4200.evil.net/',
      'http://localhost:4200@evil.net/',
      'javascript:alert(1)//localhost:4200',
    ]) {
      const email = freshEmail();
      await createTestClient(srv).auth.signUp({
        email,
        password: 'secret123',
        options: { emailRedirectTo: evil },
      });
      const { location } = await followMailLink(email);
      expect(new URL(location).origin, evil).toBe('http://localhost:4200');
    }
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
