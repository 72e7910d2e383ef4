/**
 * With auto-confirm on (as in GoTrue's MAILER_AUTOCONFIRM): sign-up answers a session whose
 * user carries last_sign_in_at, and an e-mail change takes effect at once.
 */
import { describe, expect, it } from 'vitest';
import { client, freshEmail, srv, useServer } from './support.js';

useServer({ mailerAutoconfirm: true });

describe('auto-confirm', () => {
  it('signUp answers a session with last_sign_in_at set (on the user and in the database)', async () => {
    const email = freshEmail('auto');
    const c = client();
    const before = Date.now();
    const r = await c.auth.signUp({ email, password: 'secret-password-1' });
    expect(r.error).toBeNull();
    expect(r.data.session).not.toBeNull();
    const at = Date.parse(r.data.user?.last_sign_in_at ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 5000);
    const stored = await srv.db.query<{ ok: boolean }>(
      'select last_sign_in_at is not null as ok from auth.users where email = $1',
      [email],
    );
    expect(stored.rows[0]?.ok).toBe(true);
    const s = await c.auth.getSession();
    expect(s.data.session?.user.last_sign_in_at).toBeTruthy();
  });

  it('updateUser({ email }) changes the address at once', async () => {
    const c = client();
    await c.auth.signUp({ email: freshEmail('auto'), password: 'secret-password-1' });
    const next = freshEmail('auto-next');
    const r = await c.auth.updateUser({ email: next });
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(next);
    expect(r.data.user?.new_email).toBeUndefined();
    const signIn = await client().auth.signInWithPassword({
      email: next,
      password: 'secret-password-1',
    });
    expect(signIn.error).toBeNull();
  });
});
