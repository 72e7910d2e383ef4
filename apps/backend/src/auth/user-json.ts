/** The GoTrue JSON form of a user (what supabase-js reads as `User`). */
import type { IdentityRow } from './models/identities.js';
import type { UserRow } from './models/users.js';
import { factorJson, type FactorRow } from './models/factors.js';

const jsonObj = (v: unknown): Record<string, unknown> =>
  typeof v === 'string'
    ? (JSON.parse(v) as Record<string, unknown>)
    : ((v as Record<string, unknown> | null) ?? {});

/** With `factors` (its MFA factors), the user carries them as GoTrue does when it has any. */
export function userJson(
  u: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[] = [],
): Record<string, unknown> {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: u.email_confirmed_at ?? undefined,
    invited_at: u.invited_at ?? undefined,
    phone: u.phone ?? '',
    confirmation_sent_at: u.confirmation_sent_at ?? undefined,
    confirmed_at: u.email_confirmed_at ?? undefined,
    recovery_sent_at: u.recovery_sent_at ?? undefined,
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? (u.email_change_sent_at ?? undefined) : undefined,
    reauthentication_sent_at: u.reauthentication_sent_at ?? undefined,
    last_sign_in_at: u.last_sign_in_at ?? undefined,
    app_metadata: jsonObj(u.raw_app_meta_data),
    user_metadata: jsonObj(u.raw_user_meta_data),
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: jsonObj(i.identity_data),
      provider: i.provider,
      last_sign_in_at: i.last_sign_in_at ?? undefined,
      created_at: i.created_at,
      updated_at: i.updated_at,
      email: i.email ?? undefined,
    })),
    created_at: u.created_at,
    updated_at: u.updated_at,
    banned_until: u.banned_until ?? undefined,
    is_anonymous: u.is_anonymous,
    ...(factors.length ? { factors: factors.map(factorJson) } : {}),
  };
}

export function metaOf(u: UserRow): {
  app: Record<string, unknown>;
  user: Record<string, unknown>;
} {
  return { app: jsonObj(u.raw_app_meta_data), user: jsonObj(u.raw_user_meta_data) };
}
