/**
 * Multi-factor authentication with TOTP through supabase-js's auth.mfa: enrol (secret, URI,
 * QR code), challenge, verify (aal2 and `totp` in the token's amr, kept across a refresh),
 * list factors, getAuthenticatorAssuranceLevel, a second sign-in that needs the code,
 * unenrol (only from aal2), the admin's factor calls, and the factor types not offered.
 */
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, claimsOf, client, confirmedUser, useServer } from './support.js';

useServer();

const codeFor = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = client();
  const { error } = await c.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return c;
}

async function enrolled(): Promise<{
  c: SupabaseClient;
  user: { id: string; email: string; password: string };
  factorId: string;
  secret: string;
}> {
  const user = await confirmedUser();
  const c = await signedIn(user.email, user.password);
  const { data, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
  expect(error).toBeNull();
  const factorId = data!.id;
  const secret = data!.totp.secret;
  const v = await c.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
  expect(v.error).toBeNull();
  return { c, user, factorId, secret };
}

describe('TOTP factors', () => {
  it('enrol answers a secret, its otpauth URI and an SVG QR code', async () => {
    const user = await confirmedUser();
    const c = await signedIn(user.email, user.password);
    const { data, error } = await c.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'my phone',
      issuer: 'Bistro',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'my phone' });
    expect(data?.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data?.totp.uri).toMatch(
      new RegExp(`^otpauth://totp/Bistro:${encodeURIComponent(user.email)}\\?`),
    );
    expect(data?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // unverified: listed under all, not under totp; the level stays aal1 with no next level
    const list = await c.auth.mfa.listFactors();
    expect(list.data?.all.map((f) => [f.id, f.status])).toEqual([[data?.id, 'unverified']]);
    expect(list.data?.totp).toEqual([]);
    const again = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'my phone' });
    expect(again.error?.code).toBe('mfa_factor_name_conflict');
  });

  it('verify raises the session to aal2 with totp in amr; a wrong code is refused', async () => {
    const user = await confirmedUser();
    const c = await signedIn(user.email, user.password);
    const { data } = await c.auth.mfa.enroll({ factorType: 'totp' });
    const ch = await c.auth.mfa.challenge({ factorId: data!.id });
    expect(ch.error).toBeNull();
    expect(ch.data).toMatchObject({ type: 'totp', expires_at: expect.any(Number) });
    const wrong = await c.auth.mfa.verify({
      factorId: data!.id,
      challengeId: ch.data!.id,
      code: codeFor(data!.totp.secret, Date.now() - 10 * 60_000),
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.status).toBe(422);
    const ok = await c.auth.mfa.verify({
      factorId: data!.id,
      challengeId: ch.data!.id,
      code: codeFor(data!.totp.secret),
    });
    expect(ok.error).toBeNull();
    const claims = claimsOf(ok.data!.access_token);
    expect(claims['aal']).toBe('aal2');
    expect((claims['amr'] as { method: string }[]).map((a) => a.method).sort()).toEqual([
      'password',
      'totp',
    ]);
    const level = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    // a challenge is verified once
    const reuse = await c.auth.mfa.verify({
      factorId: data!.id,
      challengeId: ch.data!.id,
      code: codeFor(data!.totp.secret),
    });
    expect(reuse.error).not.toBeNull();
    // a refresh keeps the level
    const refreshed = await c.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token)['aal']).toBe('aal2');
    const list = await c.auth.mfa.listFactors();
    expect(list.data?.totp.map((f) => f.id)).toEqual([data!.id]);
  });

  it('a new sign-in is aal1 with aal2 next, and reaches aal2 with the code', async () => {
    const { user, factorId, secret } = await enrolled();
    const c = await signedIn(user.email, user.password);
    const level = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(
      level.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method)),
    ).toEqual(['password']);
    // enrolling another factor needs aal2
    const more = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'tablet' });
    expect(more.error?.code).toBe('insufficient_aal');
    // and so does removing the verified one
    const un = await c.auth.mfa.unenroll({ factorId });
    expect(un.error?.code).toBe('insufficient_aal');
    const v = await c.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    expect(v.error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    const removed = await c.auth.mfa.unenroll({ factorId });
    expect(removed).toMatchObject({ data: { id: factorId }, error: null });
    expect((await c.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it("another user's factor is not found", async () => {
    const { factorId } = await enrolled();
    const other = await confirmedUser();
    const c = await signedIn(other.email, other.password);
    const r = await c.auth.mfa.challenge({ factorId });
    expect(r.error?.code).toBe('mfa_factor_not_found');
    expect(r.error?.status).toBe(404);
  });

  it('the admin lists and deletes a user’s factors', async () => {
    const { user, factorId } = await enrolled();
    const admin = adminClient().auth.admin;
    const list = await admin.mfa.listFactors({ userId: user.id });
    expect(list.data?.factors.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);
    const del = await admin.mfa.deleteFactor({ userId: user.id, id: factorId });
    expect(del.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);
  });
});

describe('factor types not offered', () => {
  it('phone and WebAuthn enrolment answer GoTrue’s errors for a disabled type', async () => {
    const user = await confirmedUser();
    const c = await signedIn(user.email, user.password);
    const phone = await c.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({
      status: 422,
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const webauthn = await c.auth.mfa.enroll({ factorType: 'webauthn' });
    expect(webauthn.error).toMatchObject({
      status: 422,
      code: 'mfa_webauthn_enroll_not_enabled',
      message: 'MFA enroll is disabled for WebAuthn',
    });
    expect(webauthn.error?.message).not.toMatch(/TOTP/);
  });
});
