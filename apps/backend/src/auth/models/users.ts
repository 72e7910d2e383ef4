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
  invited_at: string | null;
  /** The address an e-mail change waits to move to ('' when none is pending). */
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  /** 1 once one of the two links of a secure e-mail change was followed. */
  email_change_confirm_status: number;
  reauthentication_sent_at: string | null;
}

/**
 * Which one-time secret a token column holds: the sign-up (and invite) confirmation, recovery
 * (and magic link), the two links of an e-mail change, and the reauthentication nonce.
 */
export type TokenKind =
  'signup' | 'recovery' | 'email_change_new' | 'email_change_current' | 'reauthentication';

/** The token column and its sent-at column of each kind. */
const TOKEN_COLUMNS: Record<TokenKind, { token: string; sentAt: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
};

/** When the secret of `kind` was last sent to the user. */
export function sentAtOf(u: UserRow, kind: TokenKind): string | null {
  if (kind === 'signup') return u.confirmation_sent_at;
  if (kind === 'recovery') return u.recovery_sent_at;
  if (kind === 'reauthentication') return u.reauthentication_sent_at;
  return u.email_change_sent_at;
}

/** Selects users with timestamps as ISO text (both drivers agree on text). */
const USER_COLS = `id::text, aud, role, email, encrypted_password,
  to_json(email_confirmed_at)#>>'{}' as email_confirmed_at, confirmation_token,
  to_json(confirmation_sent_at)#>>'{}' as confirmation_sent_at, recovery_token,
  to_json(recovery_sent_at)#>>'{}' as recovery_sent_at, to_json(last_sign_in_at)#>>'{}' as last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, to_json(created_at)#>>'{}' as created_at,
  to_json(updated_at)#>>'{}' as updated_at, phone, to_json(banned_until)#>>'{}' as banned_until,
  to_json(deleted_at)#>>'{}' as deleted_at, is_anonymous, to_json(invited_at)#>>'{}' as invited_at,
  email_change, to_json(email_change_sent_at)#>>'{}' as email_change_sent_at, email_change_token_new,
  email_change_token_current, coalesce(email_change_confirm_status, 0)::int as email_change_confirm_status,
  to_json(reauthentication_sent_at)#>>'{}' as reauthentication_sent_at`;

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

/** The user with a pending e-mail change to `email`. */
export const findUserByPendingEmailChange = (db: Queryable, email: string) =>
  findUser(db, `lower(email_change) = lower($1) and $1 <> '' and deleted_at is null`, [email]);

/** The user whose pending link of `kind` carries `token`. */
export async function findUserByLinkToken(
  db: Queryable,
  kind: TokenKind,
  token: string,
): Promise<UserRow | null> {
  return findUser(db, `${TOKEN_COLUMNS[kind].token} = $1 and $1 <> ''`, [token]);
}

export interface NewUser {
  /** null for an anonymous user (who has no e-mail identity either). */
  email: string | null;
  passwordHash: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  /** Confirmed from the start (auto-confirm, or an admin's email_confirm). */
  confirmed: boolean;
  /** Stamp the e-mail identity's last sign-in (a self sign-up; not an admin creating a user). */
  signedIn: boolean;
  /** Created by an invitation (stamps invited_at). */
  invited?: boolean;
}

/** Creates a user with its e-mail identity: the one place accounts are made. */
export async function createUser(tx: Queryable, u: NewUser): Promise<UserRow> {
  const id = randomUUID();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, invited_at, is_anonymous, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3, $4::jsonb, $5::jsonb, case when $6::boolean then now() end, case when $7::boolean then now() end, $8::boolean, now(), now())`,
    [
      id,
      u.email,
      u.passwordHash,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.confirmed,
      u.invited === true,
      u.email === null,
    ],
  );
  if (u.email === null) return getUserById(tx, id);
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

/** A session was issued: the user's and their e-mail identity's last sign-in move to now. */
export async function recordSignIn(tx: Queryable, id: string): Promise<void> {
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [id]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1::uuid and provider = 'email'`,
    [id],
  );
}

/** Whether another live user than `exceptId` has this address (or is changing to it). */
export async function emailTaken(
  db: Queryable,
  email: string,
  exceptId: string | null,
): Promise<boolean> {
  const r = await db.query(
    `select 1 from auth.users where lower(email) = lower($1) and deleted_at is null and id is distinct from $2::uuid limit 1`,
    [email, exceptId],
  );
  return r.rows.length > 0;
}

/** Stores a fresh link token of `kind` and stamps when it was sent. */
export async function setLinkToken(
  tx: Queryable,
  id: string,
  kind: TokenKind,
  token: string,
): Promise<void> {
  const { token: col, sentAt } = TOKEN_COLUMNS[kind];
  await tx.query(`update auth.users set ${col} = $2, ${sentAt} = now() where id = $1::uuid`, [
    id,
    token,
  ]);
}

/** Clears the link token of `kind` (used up, or replaced by nothing). */
export async function clearLinkToken(tx: Queryable, id: string, kind: TokenKind): Promise<void> {
  await tx.query(`update auth.users set ${TOKEN_COLUMNS[kind].token} = '' where id = $1::uuid`, [
    id,
  ]);
}

/** An invitation: stamps invited_at (the link itself is a sign-up confirmation). */
export async function stampInvited(tx: Queryable, id: string): Promise<void> {
  await tx.query('update auth.users set invited_at = now() where id = $1::uuid', [id]);
}

/** Starts an e-mail change to `newEmail` (its links are set with setLinkToken). */
export async function startEmailChange(tx: Queryable, id: string, newEmail: string): Promise<void> {
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, updated_at = now() where id = $1::uuid`,
    [id, newEmail],
  );
}

/** One link of a two-link e-mail change was followed: the other one is still needed. */
export async function markEmailChangeHalfConfirmed(
  tx: Queryable,
  id: string,
  kind: TokenKind,
): Promise<void> {
  await tx.query(
    `update auth.users set ${TOKEN_COLUMNS[kind].token} = '', email_change_confirm_status = 1, updated_at = now() where id = $1::uuid`,
    [id],
  );
}

/**
 * Moves the user to `email` and ends any pending change; `confirmed` when a link proved the
 * address (an admin's change leaves the confirmation as it was). An anonymous user becomes a
 * permanent one with an e-mail identity.
 */
export async function setEmail(
  tx: Queryable,
  id: string,
  email: string,
  confirmed: boolean,
): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = case when $3::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
       is_anonymous = false,
       raw_app_meta_data = case when is_anonymous then coalesce(raw_app_meta_data, '{}'::jsonb) || '{"provider":"email","providers":["email"]}'::jsonb else raw_app_meta_data end,
       updated_at = now()
     where id = $1::uuid`,
    [id, email, confirmed],
  );
  const r = await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = now()
     where user_id = $1::uuid and provider = 'email' returning id`,
    [id, email, confirmed],
  );
  if (r.rows.length === 0)
    await insertEmailIdentity(tx, { userId: id, email, verified: confirmed, signedIn: false });
}

/** A confirmation mail sent again with the same link: only the time it was sent moves. */
export async function stampConfirmationSent(tx: Queryable, id: string): Promise<void> {
  await tx.query('update auth.users set confirmation_sent_at = now() where id = $1::uuid', [id]);
}

/**
 * Uses up the sign-up or recovery link: the address counts as confirmed (a recovery or magic
 * link proves it too).
 */
export async function consumeLinkToken(
  tx: Queryable,
  id: string,
  kind: 'signup' | 'recovery',
): Promise<void> {
  await tx.query(
    `update auth.users set ${TOKEN_COLUMNS[kind].token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1::uuid`,
    [id],
  );
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.users where id = $1::uuid', [id]);
}

/**
 * Marks an unconfirmed account's pending password as untrusted: another sign-up, or a magic
 * link, reached it before the address was confirmed (see takeContestedSignup).
 */
export async function markSignupContested(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    'insert into backend.contested_signups (user_id) values ($1::uuid) on conflict (user_id) do nothing',
    [id],
  );
}

/**
 * Settles a contested account at the confirmation of its address: the pending password is
 * cleared (whoever set it may not own the inbox) and every session of the account ends.
 * Returns whether the account was contested.
 */
export async function takeContestedSignup(tx: Queryable, id: string): Promise<boolean> {
  const r = await tx.query(
    'delete from backend.contested_signups where user_id = $1::uuid returning 1',
    [id],
  );
  if (r.rows.length === 0) return false;
  await tx.query(
    `update auth.users set encrypted_password = '', updated_at = now() where id = $1::uuid`,
    [id],
  );
  await tx.query('delete from auth.sessions where user_id = $1::uuid', [id]);
  return true;
}
