/**
 * The admin API of supabase-js: generateLink (every type, GoTrue's answer shape),
 * inviteUserByEmail, updateUserById with an e-mail, and GoTrue's validation errors.
 */
import { describe, expect, it } from 'vitest';
import type { UserIdentity } from '@supabase/supabase-js';
import {
  adminClient,
  client,
  confirmedUser,
  follow,
  freshEmail,
  lastMail,
  srv,
  useServer,
  verifyLinkIn,
} from './support.js';

useServer();

describe('generateLink', () => {
  it('signup: a new unconfirmed user and a link that confirms and signs in', async () => {
    const email = freshEmail('gl');
    const { data, error } = await adminClient().auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'secret-password-1',
      options: { data: { first_name: 'Gina' }, redirectTo: 'http://localhost:4200/hello' },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Gina' });
    const p = data.properties;
    expect(p?.verification_type).toBe('signup');
    expect(p?.redirect_to).toBe('http://localhost:4200/hello');
    expect(p?.email_otp).toMatch(/^[0-9]{6}$/);
    expect(p?.hashed_token).toBeTruthy();
    expect(p?.action_link).toBe(
      `${srv.url}/auth/v1/verify?token=${p?.hashed_token}&type=signup&redirect_to=${encodeURIComponent('http://localhost:4200/hello')}`,
    );
    // generate_link mails nothing
    expect(await srv.inbox(email)).toHaveLength(0);
    const { location, params } = await follow(p?.action_link as string);
    expect(location.startsWith('http://localhost:4200/hello#')).toBe(true);
    expect(params.get('type')).toBe('signup');
    const signIn = await client().auth.signInWithPassword({ email, password: 'secret-password-1' });
    expect(signIn.error).toBeNull();
  });

  it('signup for a confirmed address answers 422 email_exists', async () => {
    const u = await confirmedUser();
    const r = await adminClient().auth.admin.generateLink({
      type: 'signup',
      email: u.email,
      password: 'another-password',
    });
    expect(r.error?.status).toBe(422);
    expect(r.error?.code).toBe('email_exists');
  });

  it('magiclink and recovery: the code verifies as type email / recovery', async () => {
    const u = await confirmedUser();
    const admin = adminClient();
    const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email: u.email });
    expect(magic.data.properties?.verification_type).toBe('magiclink');
    const ok = await client().auth.verifyOtp({
      email: u.email,
      token: magic.data.properties?.email_otp as string,
      type: 'email',
    });
    expect(ok.error).toBeNull();
    const rec = await admin.auth.admin.generateLink({ type: 'recovery', email: u.email });
    expect(rec.data.properties?.verification_type).toBe('recovery');
    const viaRecovery = await client().auth.verifyOtp({
      email: u.email,
      token: rec.data.properties?.email_otp as string,
      type: 'recovery',
    });
    expect(viaRecovery.error).toBeNull();
    expect(viaRecovery.data.session).toBeTruthy();
  });

  it('magiclink for an unknown address answers 404 user_not_found', async () => {
    const r = await adminClient().auth.admin.generateLink({
      type: 'magiclink',
      email: freshEmail('ghost'),
    });
    expect(r.error?.status).toBe(404);
    expect(r.error?.code).toBe('user_not_found');
  });

  it('invite: an invited user whose link signs in with type=invite', async () => {
    const email = freshEmail('inv');
    const r = await adminClient().auth.admin.generateLink({ type: 'invite', email });
    expect(r.error).toBeNull();
    expect(r.data.user?.invited_at).toBeTruthy();
    expect(r.data.properties?.verification_type).toBe('invite');
    const { params } = await follow(r.data.properties?.action_link as string);
    expect(params.get('type')).toBe('invite');
    expect(params.get('access_token')).toBeTruthy();
  });

  it('email_change_current and email_change_new: both links move the user to the new address', async () => {
    const u = await confirmedUser();
    const admin = adminClient();
    const newEmail = freshEmail('moved');
    const cur = await admin.auth.admin.generateLink({
      type: 'email_change_current',
      email: u.email,
      newEmail,
    });
    expect(cur.error).toBeNull();
    expect(cur.data.properties?.verification_type).toBe('email_change');
    expect(cur.data.user?.new_email).toBe(newEmail);
    const first = await client().auth.verifyOtp({
      token_hash: cur.data.properties?.hashed_token as string,
      type: 'email_change',
    });
    // the first of the two links: accepted, no session yet
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const still = await admin.auth.admin.getUserById(u.id);
    expect(still.data.user?.email).toBe(u.email);
    // the code went to both addresses; the new one finishes the change
    const second = await client().auth.verifyOtp({
      email: newEmail,
      token: cur.data.properties?.email_otp as string,
      type: 'email_change',
    });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
    const signIn = await client().auth.signInWithPassword({
      email: newEmail,
      password: u.password,
    });
    expect(signIn.error).toBeNull();
  });

  it('email_change to an address another user has answers 422 email_exists', async () => {
    const a = await confirmedUser();
    const b = await confirmedUser();
    const r = await adminClient().auth.admin.generateLink({
      type: 'email_change_new',
      email: a.email,
      newEmail: b.email,
    });
    expect(r.error?.code).toBe('email_exists');
  });

  it('refuses an unknown link type and an invalid address', async () => {
    const res = await fetch(`${srv.url}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: {
        apikey: srv.serviceRoleKey,
        authorization: `Bearer ${srv.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'teleport', email: freshEmail() }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed' });
    const bad = await adminClient().auth.admin.generateLink({ type: 'magiclink', email: 'x@' });
    expect(bad.error?.code).toBe('validation_failed');
  });

  it('is for the service role only', async () => {
    const r = await client().auth.admin.generateLink({ type: 'magiclink', email: freshEmail() });
    expect(r.error?.status).toBe(403);
  });
});

describe('inviteUserByEmail', () => {
  it('creates the user, mails the invitation, and the link signs in', async () => {
    const email = freshEmail('invite');
    const r = await adminClient().auth.admin.inviteUserByEmail(email, {
      data: { first_name: 'Ines' },
      redirectTo: 'http://localhost:4200/join',
    });
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(email);
    expect(r.data.user?.invited_at).toBeTruthy();
    expect(r.data.user?.user_metadata).toMatchObject({ first_name: 'Ines' });
    const mail = await lastMail(email);
    expect(mail.subject).toBe('You have been invited');
    const { location, params } = await follow(verifyLinkIn(mail));
    expect(location.startsWith('http://localhost:4200/join#')).toBe(true);
    expect(params.get('type')).toBe('invite');
    const { data } = await client().auth.getUser(params.get('access_token') as string);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('an address already confirmed answers 422 email_exists', async () => {
    const u = await confirmedUser();
    const r = await adminClient().auth.admin.inviteUserByEmail(u.email);
    expect(r.error?.status).toBe(422);
    expect(r.error?.code).toBe('email_exists');
  });
});

describe('updateUserById and listUsers', () => {
  it('changes the e-mail address (and email_confirm confirms it)', async () => {
    const u = await confirmedUser();
    const newEmail = freshEmail('upd');
    const r = await adminClient().auth.admin.updateUserById(u.id, {
      email: newEmail,
      email_confirm: true,
    });
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(newEmail);
    expect(r.data.user?.identities?.[0]?.identity_data?.['email']).toBe(newEmail);
    const signIn = await client().auth.signInWithPassword({
      email: newEmail,
      password: u.password,
    });
    expect(signIn.error).toBeNull();
    const old = await client().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('a deleted user is signed out without an error (403 user_not_found before the session)', async () => {
    const u = await confirmedUser();
    const c = client();
    await c.auth.signInWithPassword({ email: u.email, password: u.password });
    const del = await adminClient().auth.admin.deleteUser(u.id);
    expect(del.error).toBeNull();
    const me = await c.auth.getUser();
    expect(me.error?.status).toBe(403);
    expect(me.error?.code).toBe('user_not_found');
    const out = await c.auth.signOut();
    expect(out.error).toBeNull();
    expect((await c.auth.getSession()).data.session).toBeNull();
  });

  it('answers GoTrue validation errors: invalid address, taken address, unknown user', async () => {
    const a = await confirmedUser();
    const b = await confirmedUser();
    const admin = adminClient();
    const bad = await admin.auth.admin.updateUserById(a.id, { email: 'no-at-sign' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    const taken = await admin.auth.admin.updateUserById(a.id, { email: b.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const missing = await admin.auth.admin.updateUserById('00000000-0000-4000-8000-00000000dead', {
      email: freshEmail(),
    });
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
    // supabase-js refuses a non-UUID itself; the server answers it as an unknown user
    const res = await fetch(`${srv.url}/auth/v1/admin/users/not-a-uuid`, {
      headers: { apikey: srv.serviceRoleKey, authorization: `Bearer ${srv.serviceRoleKey}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error_code: 'user_not_found' });
  });

  it('listUsers pages; bad paging answers 400 validation_failed', async () => {
    const admin = adminClient();
    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect('total' in page.data ? page.data.total : 0).toBeGreaterThanOrEqual(2);
    for (const q of ['page=abc', 'per_page=-1', 'page=1.5']) {
      const res = await fetch(`${srv.url}/auth/v1/admin/users?${q}`, {
        headers: { apikey: srv.serviceRoleKey, authorization: `Bearer ${srv.serviceRoleKey}` },
      });
      expect(res.status, q).toBe(400);
      const body = (await res.json()) as { error_code: string; msg: string };
      expect(body.error_code).toBe('validation_failed');
      expect(body.msg).toMatch(/^Bad Pagination Parameters/);
    }
  });
});

describe('features this server does not offer answer GoTrue errors', () => {
  it('SSO, ID tokens and manual identity linking', async () => {
    const sso = await client('pkce').auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error?.status).toBe(404);
    expect(sso.error?.code).toBe('saml_provider_disabled');
    expect(sso.error?.message).toBe('SAML 2.0 is disabled');
    const idToken = await client().auth.signInWithIdToken({ provider: 'google', token: 'x' });
    expect(idToken.error?.status).toBe(400);
    expect(idToken.error?.code).toBe('provider_disabled');
    expect(idToken.error?.message).toBe(
      'Provider (issuer "https://accounts.google.com") is not enabled',
    );
    // a wallet sign-in: the chain is known, its provider is off (any other chain is unsupported)
    const web3 = await client().auth.signInWithWeb3({
      chain: 'solana',
      message: 'sign in',
      signature: new Uint8Array([1, 2, 3]),
    });
    expect(web3.error?.status).toBe(400);
    expect(web3.error?.code).toBe('web3_provider_disabled');
    expect(web3.error?.message).toBe('Web3 provider is disabled');
    const chain = await fetch(`${srv.url}/auth/v1/token?grant_type=web3`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'polygon', message: 'x', signature: 'x' }),
    });
    expect(((await chain.json()) as { error_code: string }).error_code).toBe(
      'web3_unsupported_chain',
    );
    const u = await confirmedUser();
    const c = client();
    await c.auth.signInWithPassword({ email: u.email, password: u.password });
    const link = await c.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(link.error?.code).toBe('manual_linking_disabled');
    const identities = await c.auth.getUserIdentities();
    const first = identities.data?.identities[0];
    expect(first?.provider).toBe('email');
    const unlink = await c.auth.unlinkIdentity(first as UserIdentity);
    expect(unlink.error?.status).toBe(422);
    expect(unlink.error?.code).toBe('manual_linking_disabled');
  });
});

describe("an address GoTrue's format check refuses", () => {
  const INVALID_EMAIL = 'xx:;x@x.x';
  const refused = (r: { error: { status?: number; code?: string; message: string } | null }) =>
    expect({ status: r.error?.status, code: r.error?.code, message: r.error?.message }).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });

  it('is refused by createUser, inviteUserByEmail and generateLink', async () => {
    const admin = adminClient().auth.admin;
    refused(await admin.createUser({ email: INVALID_EMAIL, password: 'secret-password-1' }));
    refused(await admin.inviteUserByEmail(INVALID_EMAIL));
    refused(await admin.generateLink({ type: 'magiclink', email: INVALID_EMAIL }));
    refused(
      await admin.generateLink({ type: 'signup', email: INVALID_EMAIL, password: 'secret-pw-1' }),
    );
  });

  it('is refused by sign-up, and no account is made', async () => {
    refused(await client().auth.signUp({ email: INVALID_EMAIL, password: 'secret-password-1' }));
    const list = await adminClient().auth.admin.listUsers({ perPage: 1000 });
    expect(list.data.users.some((u) => u.email === INVALID_EMAIL)).toBe(false);
  });
});
