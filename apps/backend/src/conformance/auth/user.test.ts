/**
 * The signed-in user's own changes through supabase-js: updateUser with an e-mail address
 * (GoTrue's secure change: a link to each address), reauthenticate, and a password change
 * that needs the nonce when "secure password change" is on and the session is over a day old.
 */
import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
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

useServer({ securePasswordChange: true });

async function signedIn(): Promise<{
  c: SupabaseClient;
  id: string;
  email: string;
  password: string;
}> {
  const u = await confirmedUser();
  const c = client();
  const r = await c.auth.signInWithPassword({ email: u.email, password: u.password });
  expect(r.error).toBeNull();
  return { c, ...u };
}

describe('updateUser({ email })', () => {
  it('mails a link to the new and to the current address; both are needed', async () => {
    const { c, id, email, password } = await signedIn();
    const newEmail = freshEmail('next');
    const r = await c.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: 'http://localhost:4200/profile' },
    );
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(email);
    expect(r.data.user?.new_email).toBe(newEmail);
    expect(r.data.user?.email_change_sent_at).toBeTruthy();
    const toNew = await lastMail(newEmail);
    const toCurrent = await lastMail(email);
    expect(toNew.subject).toBe('Confirm your new email address');
    expect(toCurrent.subject).toBe('Confirm the change of your email address');
    const first = await follow(verifyLinkIn(toCurrent));
    expect(first.location.startsWith('http://localhost:4200/profile#')).toBe(true);
    expect(first.params.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.params.get('access_token')).toBeNull();
    const second = await follow(verifyLinkIn(toNew));
    expect(second.params.get('type')).toBe('email_change');
    const me = await c.auth.getUser(second.params.get('access_token') as string);
    expect(me.data.user?.id).toBe(id);
    expect(me.data.user?.email).toBe(newEmail);
    expect(me.data.user?.new_email).toBeUndefined();
    const viaNew = await client().auth.signInWithPassword({ email: newEmail, password });
    expect(viaNew.error).toBeNull();
  });

  it('resend({ type: email_change }) replaces the pending links', async () => {
    const { c, email } = await signedIn();
    const newEmail = freshEmail('again');
    await c.auth.updateUser({ email: newEmail });
    const oldNew = verifyLinkIn(await lastMail(newEmail));
    const r = await client().auth.resend({ type: 'email_change', email: newEmail });
    expect(r.error).toBeNull();
    expect((await srv.inbox(newEmail)).length).toBe(2);
    expect((await follow(oldNew)).params.get('error_code')).toBe('otp_expired');
    await follow(verifyLinkIn(await lastMail(email)));
    const done = await follow(verifyLinkIn(await lastMail(newEmail)));
    expect(done.params.get('access_token')).toBeTruthy();
  });

  it('an address another user has answers 422 email_exists; a malformed one 400', async () => {
    const { c } = await signedIn();
    const other = await confirmedUser();
    const taken = await c.auth.updateUser({ email: other.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const bad = await c.auth.updateUser({ email: 'nope' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
  });
});

describe('reauthenticate and secure password change', () => {
  it('reauthenticate() mails a 6-digit nonce and answers no user and no session', async () => {
    const { c, email } = await signedIn();
    const r = await c.auth.reauthenticate();
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ user: null, session: null });
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Confirm it is you');
    expect(codeIn(mail)).toMatch(/^[0-9]{6}$/);
    expect(mail.links.filter((l) => l.includes('/verify'))).toEqual([]);
  });

  it('a session signed in within a day changes the password without a nonce', async () => {
    const { c, email } = await signedIn();
    const r = await c.auth.updateUser({ password: 'fresh-password-2' });
    expect(r.error).toBeNull();
    const again = await client().auth.signInWithPassword({ email, password: 'fresh-password-2' });
    expect(again.error).toBeNull();
  });

  it('an older session needs the nonce: missing, wrong, right, then used up', async () => {
    const { c, id, email } = await signedIn();
    await srv.db.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1::uuid`,
      [id],
    );
    const none = await c.auth.updateUser({ password: 'changed-password-3' });
    expect(none.error?.status).toBe(400);
    expect(none.error?.code).toBe('reauthentication_needed');
    expect(none.error?.message).toBe('Password update requires reauthentication');
    await c.auth.reauthenticate();
    const nonce = codeIn(await lastMail(email));
    const wrong = await c.auth.updateUser({
      password: 'changed-password-3',
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const ok = await c.auth.updateUser({ password: 'changed-password-3', nonce });
    expect(ok.error).toBeNull();
    const reused = await c.auth.updateUser({ password: 'changed-password-4', nonce });
    expect(reused.error?.code).toBe('reauthentication_not_valid');
    const signIn = await client().auth.signInWithPassword({
      email,
      password: 'changed-password-3',
    });
    expect(signIn.error).toBeNull();
  });

  it('a nonce older than an hour has expired', async () => {
    const { c, id, email } = await signedIn();
    await srv.db.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1::uuid`,
      [id],
    );
    await c.auth.reauthenticate();
    const nonce = codeIn(await lastMail(email));
    await srv.db.query(
      `update auth.users set reauthentication_sent_at = now() - interval '61 minutes' where id = $1::uuid`,
      [id],
    );
    const r = await c.auth.updateUser({ password: 'late-password-5', nonce });
    expect(r.error?.code).toBe('reauthentication_not_valid');
  });
});
