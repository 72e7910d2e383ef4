/** auth.users: the rows and every statement on them. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.js';
import { insertEmailIdentity } from './identities.js';

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

/** Which one-time link a token column holds. */
export type TokenKind = 'signup' | 'recovery';

/** Selects users with timestamps as ISO text (both drivers agree on text). */
const USER_COLS = `id::text, aud, role, email, encrypted_password,
  to_json(email_confirmed_at)#>>'{}' as email_confirmed_at, confirmation_token,
  to_json(confirmation_sent_at)#>>'{}' as confirmation_sent_at, recovery_token,
  to_json(recovery_sent_at)#>>'{}' as recovery_sent_at, to_json(last_sign_in_at)#>>'{}' as last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, to_json(created_at)#>>'{}' as created_at,
  to_json(updated_at)#>>'{}' as updated_at, phone, to_json(banned_until)#>>'{}' as banned_until,
  to_json(deleted_at)#>>'{}' as deleted_at, is_anonymous`;

async function findUser(db: Queryable, where: string, params: unknown[]): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `select ${USER_COLS} from auth.users where ${where} limit 1`,
    params,
  );
  return r.rows[0] ?? null;
}

export const findUserById = (db: Queryable, id: string) => findUser(db, 'id = $1::uuid', [id]);

/** A user that must exist (e.g. just written in the same transaction). */
export async function getUserById(db: Queryable, id: string): Promise<UserRow> {
  const u = await findUserById(db, id);
  if (!u) throw new Error(`auth.users row ${id} vanished`);
  return u;
}

export const findUserByEmail = (db: Queryable, email: string) =>
  findUser(db, 'lower(email) = lower($1) and deleted_at is null', [email]);

/** The user whose pending sign-up confirmation or recovery link carries `token`. */
export async function findUserByLinkToken(
  db: Queryable,
  kind: TokenKind,
  token: string,
): Promise<UserRow | null> {
  const col = kind === 'signup' ? 'confirmation_token' : 'recovery_token';
  return findUser(db, `${col} = $1 and $1 <> ''`, [token]);
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  /** Confirmed from the start (auto-confirm, or an admin's email_confirm). */
  confirmed: boolean;
  /** Stamp the e-mail identity's last sign-in (a self sign-up; not an admin creating a user). */
  signedIn: boolean;
}

/** Creates a user with its e-mail identity: the one place accounts are made. */
export async function createUser(tx: Queryable, u: NewUser): Promise<UserRow> {
  const id = randomUUID();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3, $4::jsonb, $5::jsonb, case when $6::boolean then now() end, now(), now())`,
    [
      id,
      u.email,
      u.passwordHash,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.confirmed,
    ],
  );
  await insertEmailIdentity(tx, {
    userId: id,
    email: u.email,
    verified: u.confirmed,
    signedIn: u.signedIn,
  });
  return getUserById(tx, id);
}

export async function countUsers(db: Queryable): Promise<number> {
  const r = await db.query<{ n: number }>(
    'select count(*)::int as n from auth.users where deleted_at is null',
  );
  return r.rows[0]?.n ?? 0;
}

/** One page of live users, newest first. */
export async function listUserIds(db: Queryable, limit: number, offset: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    'select id::text from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
    [limit, offset],
  );
  return r.rows.map((row) => row.id);
}

export async function setPassword(tx: Queryable, id: string, hash: string): Promise<void> {
  await tx.query(
    'update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid',
    [id, hash],
  );
}

/** Merges top-level keys into user_metadata; with stripNulls a null value removes its key. */
export async function mergeUserMetadata(
  tx: Queryable,
  id: string,
  data: Record<string, unknown>,
  opts: { stripNulls: boolean },
): Promise<void> {
  const merged = `coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb`;
  await tx.query(
    `update auth.users set raw_user_meta_data = ${opts.stripNulls ? `jsonb_strip_nulls(${merged})` : merged}, updated_at = now() where id = $1::uuid`,
    [id, JSON.stringify(data)],
  );
}

export async function mergeAppMetadata(
  tx: Queryable,
  id: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1::uuid`,
    [id, JSON.stringify(data)],
  );
}

export async function confirmEmail(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1::uuid',
    [id],
  );
}

/** Bans for `hours`, or lifts the ban with null. */
export async function setBan(tx: Queryable, id: string, hours: number | null): Promise<void> {
  if (hours === null)
    await tx.query(
      'update auth.users set banned_until = null, updated_at = now() where id = $1::uuid',
      [id],
    );
  else
    await tx.query(
      'update auth.users set banned_until = now() + make_interval(hours => $2::int), updated_at = now() where id = $1::uuid',
      [id, hours],
    );
}

export async function touchUser(tx: Queryable, id: string): Promise<void> {
  await tx.query('update auth.users set updated_at = now() where id = $1::uuid', [id]);
}

export async function recordSignIn(tx: Queryable, id: string): Promise<void> {
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [id]);
}

/** Stores a fresh link token of `kind` and stamps when it was sent. */
export async function setLinkToken(
  tx: Queryable,
  id: string,
  kind: TokenKind,
  token: string,
): Promise<void> {
  await tx.query(
    kind === 'signup'
      ? 'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1::uuid'
      : 'update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1::uuid',
    [id, token],
  );
}

/** A confirmation mail sent again with the same link: only the time it was sent moves. */
export async function stampConfirmationSent(tx: Queryable, id: string): Promise<void> {
  await tx.query('update auth.users set confirmation_sent_at = now() where id = $1::uuid', [id]);
}

/**
 * Uses up the link of `kind`: the address counts as confirmed (a recovery link proves it too)
 * and the user is signed in.
 */
export async function consumeLinkToken(tx: Queryable, id: string, kind: TokenKind): Promise<void> {
  await tx.query(
    kind === 'signup'
      ? `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', last_sign_in_at = now(), updated_at = now() where id = $1::uuid`
      : `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now() where id = $1::uuid`,
    [id],
  );
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.users where id = $1::uuid', [id]);
}
