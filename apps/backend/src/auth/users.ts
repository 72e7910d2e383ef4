/** auth.users rows and their GoTrue JSON form. */
import type { Queryable } from '../db/types.js';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  phone: string | null;
  banned_until: string | null;
  deleted_at: string | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

/** Selects users with timestamps as ISO text (both drivers agree on text). */
const USER_COLS = `id::text, aud, role, email, encrypted_password,
  to_json(email_confirmed_at)#>>'{}' as email_confirmed_at, confirmation_token,
  to_json(confirmation_sent_at)#>>'{}' as confirmation_sent_at, recovery_token,
  to_json(recovery_sent_at)#>>'{}' as recovery_sent_at, to_json(last_sign_in_at)#>>'{}' as last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, to_json(created_at)#>>'{}' as created_at,
  to_json(updated_at)#>>'{}' as updated_at, phone, to_json(banned_until)#>>'{}' as banned_until,
  to_json(deleted_at)#>>'{}' as deleted_at, is_anonymous`;

export async function findUser(
  db: Queryable,
  where: string,
  params: unknown[],
): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `select ${USER_COLS} from auth.users where ${where} limit 1`,
    params,
  );
  return r.rows[0] ?? null;
}

export const findUserById = (db: Queryable, id: string) => findUser(db, 'id = $1::uuid', [id]);
export const findUserByEmail = (db: Queryable, email: string) =>
  findUser(db, 'lower(email) = lower($1) and deleted_at is null', [email]);

export async function listIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await db.query<IdentityRow>(
    `select id::text, provider_id, user_id::text, identity_data, provider, to_json(last_sign_in_at)#>>'{}' as last_sign_in_at,
       to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at, email
     from auth.identities where user_id = $1::uuid order by created_at`,
    [userId],
  );
  return r.rows;
}

const jsonObj = (v: unknown): Record<string, unknown> =>
  typeof v === 'string'
    ? (JSON.parse(v) as Record<string, unknown>)
    : ((v as Record<string, unknown> | null) ?? {});

export function userJson(u: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: u.email_confirmed_at ?? undefined,
    phone: u.phone ?? '',
    confirmation_sent_at: u.confirmation_sent_at ?? undefined,
    confirmed_at: u.email_confirmed_at ?? undefined,
    recovery_sent_at: u.recovery_sent_at ?? undefined,
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
  };
}

export function metaOf(u: UserRow): {
  app: Record<string, unknown>;
  user: Record<string, unknown>;
} {
  return { app: jsonObj(u.raw_app_meta_data), user: jsonObj(u.raw_user_meta_data) };
}
