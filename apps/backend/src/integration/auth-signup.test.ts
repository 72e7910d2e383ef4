/**
 * GoTrue-compatible sign-up, confirmation (link and OTP), the PKCE flow, user updates and
 * password recovery through the real supabase-js client and raw HTTP.
 */
import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestClient } from '../testing.js';
import { USERS, api } from './support.js';
import { followMailLink, freshEmail, srv, useAuthServer } from './auth-support.js';

useAuthServer();

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
    expect(await bad.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
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

  it('the confirmation mail carries only the link (the app has no field for a code)', async () => {
    const email = freshEmail();
    await createTestClient(srv).auth.signUp({ email, password: 'secret123' });
    const [mail] = await srv.inbox(email);
    expect(mail?.text).toContain('/auth/v1/verify?token=');
    expect(mail?.text).not.toMatch(/[0-9]{6}\n/);
    expect(mail?.html).not.toMatch(/code/i);
  });

  it('POST /verify with the code of a sign-up link (as generate_link answers it)', async () => {
    const email = freshEmail();
    const client = createTestClient(srv);
    await client.auth.signUp({ email, password: 'secret123' });
    const admin = createTestClient(srv, { key: srv.serviceRoleKey });
    const link = await admin.auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'secret123',
    });
    expect(link.error).toBeNull();
    const code = link.data.properties?.email_otp as string;
    expect(code).toMatch(/^[0-9]{6}$/);
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
