/**
 * signInWithOtp and verifyOtp with e-mail: magic links, 6-digit codes, token hashes, expiry,
 * single use, shouldCreateUser, the mail rate limit and last_sign_in_at.
 */
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  claimsOf,
  client,
  codeIn,
  confirmedUser,
  follow,
  freshEmail,
  lastMail,
  srv,
  useServer,
  verifyLinkIn,
} from './support.js';

useServer({ authRateLimits: { mailsPerRecipient: { max: 3, windowMs: 60 * 60_000 } } });

it('runs on the database the environment asks for', () => {
  expect(srv.db.kind).toBe(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
});

describe('signInWithOtp (e-mail)', () => {
  it('mails a magic link and a code to a confirmed user; the code signs in once', async () => {
    const u = await confirmedUser();
    const c = client();
    const sent = await c.auth.signInWithOtp({ email: u.email });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user: null, session: null });
    const mail = await lastMail(u.email);
    expect(mail.subject).toBe('Your sign-in link');
    const code = codeIn(mail);
    const before = Date.now();
    const ok = await c.auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
    expect(ok.data.user?.email).toBe(u.email);
    // every issued session is a sign-in
    const last = Date.parse(ok.data.user?.last_sign_in_at ?? '');
    expect(last).toBeGreaterThanOrEqual(before - 5000);
    expect(claimsOf(ok.data.session?.access_token as string)['is_anonymous']).toBe(false);
    // single use
    const again = await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);
    expect(again.error?.message).toBe('Token has expired or is invalid');
  });

  it('the magic link (GET /verify) redirects with a session and type=magiclink', async () => {
    const u = await confirmedUser();
    await client().auth.signInWithOtp({
      email: u.email,
      options: { emailRedirectTo: 'http://localhost:4200/welcome' },
    });
    const link = verifyLinkIn(await lastMail(u.email));
    expect(link).toContain('type=magiclink');
    const { location, params } = await follow(link);
    expect(location.startsWith('http://localhost:4200/welcome#')).toBe(true);
    expect(params.get('type')).toBe('magiclink');
    const access = params.get('access_token') as string;
    const { data } = await client().auth.getUser(access);
    expect(data.user?.email).toBe(u.email);
    // used up: the same link answers otp_expired in the fragment
    const second = await follow(link);
    expect(second.params.get('error_code')).toBe('otp_expired');
  });

  it('creates an unknown address (with its data) and confirms it by the code', async () => {
    const email = freshEmail('new');
    const c = client();
    const sent = await c.auth.signInWithOtp({ email, options: { data: { first_name: 'Otto' } } });
    expect(sent.error).toBeNull();
    const code = codeIn(await lastMail(email));
    const ok = await c.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email_confirmed_at).toBeTruthy();
    expect(ok.data.user?.user_metadata).toMatchObject({ first_name: 'Otto' });
  });

  it('shouldCreateUser: false answers 422 otp_disabled for an unknown address, and mails nothing', async () => {
    const email = freshEmail('nobody');
    const r = await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(r.error?.code).toBe('otp_disabled');
    expect(r.error?.status).toBe(422);
    expect(r.error?.message).toBe('Signups not allowed for otp');
    expect(await srv.inbox(email)).toHaveLength(0);
  });

  it('refuses an invalid address and a phone number the way GoTrue does', async () => {
    const bad = await client().auth.signInWithOtp({ email: 'not-an-address' });
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.status).toBe(400);
    const phone = await client().auth.signInWithOtp({ phone: '+15555550100' });
    expect(phone.error?.code).toBe('phone_provider_disabled');
  });

  it('verifyOtp checks a phone number for its E.164 form first, as GoTrue does', async () => {
    const malformed = await client().auth.verifyOtp({
      phone: '15555550100-invalid',
      token: '123456',
      type: 'sms',
    });
    expect(malformed.error?.code).toBe('validation_failed');
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.message).toBe('Invalid phone number format (E.164 required)');
    // a well-formed number: no phone code was ever sent, so none matches
    const wellFormed = await client().auth.verifyOtp({
      phone: '+1 555 555 0100',
      token: '123456',
      type: 'sms',
    });
    expect(wellFormed.error?.code).toBe('otp_expired');
  });

  it('verifyOtp with token_hash (type magiclink) signs in; a wrong hash is otp_expired', async () => {
    const u = await confirmedUser();
    const gen = await adminClient().auth.admin.generateLink({ type: 'magiclink', email: u.email });
    expect(gen.error).toBeNull();
    const hash = gen.data.properties?.hashed_token as string;
    const wrong = await client().auth.verifyOtp({ token_hash: `${hash}x`, type: 'magiclink' });
    expect(wrong.error?.code).toBe('otp_expired');
    const ok = await client().auth.verifyOtp({ token_hash: hash, type: 'magiclink' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.id).toBe(u.id);
  });

  it('a code older than an hour is expired', async () => {
    const u = await confirmedUser();
    await client().auth.signInWithOtp({ email: u.email });
    const code = codeIn(await lastMail(u.email));
    await srv.db.query(
      `update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = $1::uuid`,
      [u.id],
    );
    const r = await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(r.error?.code).toBe('otp_expired');
  });

  it('a code is bound to its address: the right code with another address fails', async () => {
    const a = await confirmedUser();
    const b = await confirmedUser();
    await client().auth.signInWithOtp({ email: a.email });
    const code = codeIn(await lastMail(a.email));
    const r = await client().auth.verifyOtp({ email: b.email, token: code, type: 'email' });
    expect(r.error?.code).toBe('otp_expired');
  });

  it('mails to one address are limited (429 over_email_send_rate_limit)', async () => {
    const u = await confirmedUser();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await client().auth.signInWithOtp({ email: u.email });
      codes.push(r.error?.code);
    }
    expect(codes).toEqual([undefined, undefined, undefined]);
    const over = await client().auth.signInWithOtp({ email: u.email });
    expect(over.error?.status).toBe(429);
    expect(over.error?.code).toBe('over_email_send_rate_limit');
  });

  it('PKCE: the magic link answers ?code= that exchangeCodeForSession turns into a session', async () => {
    const u = await confirmedUser();
    const c = client('pkce');
    await c.auth.signInWithOtp({ email: u.email });
    const res = await fetch(verifyLinkIn(await lastMail(u.email)), { redirect: 'manual' });
    const code = new URL(res.headers.get('location') as string).searchParams.get('code');
    expect(code).toBeTruthy();
    const ex = await c.auth.exchangeCodeForSession(code as string);
    expect(ex.error).toBeNull();
    expect(ex.data.user?.id).toBe(u.id);
  });
});

describe('last_sign_in_at', () => {
  it('is set by the password grant, on the user and on its e-mail identity', async () => {
    const u = await confirmedUser();
    const c = client();
    const s = await c.auth.signInWithPassword({ email: u.email, password: u.password });
    expect(s.error).toBeNull();
    expect(s.data.user?.last_sign_in_at).toBeTruthy();
    const identity = s.data.user?.identities?.[0];
    expect(identity?.last_sign_in_at).toBeTruthy();
    const r = await srv.db.query<{ n: number }>(
      `select count(*)::int as n from auth.users where id = $1::uuid and last_sign_in_at is not null`,
      [u.id],
    );
    expect(r.rows[0]?.n).toBe(1);
  });
});
