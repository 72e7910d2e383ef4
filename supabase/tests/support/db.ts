/**
 * SQL-level test harness: an in-memory PGlite with the Supabase base objects,
 * the migrations and (optionally) the seed, plus helpers that run statements
 * as a given actor the way the REST layer does (set local role + JWT claims).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { pgliteFromTemplate } from './api';

const here = path.dirname(fileURLToPath(import.meta.url));
export const supabaseDir = path.resolve(here, '../..');
export const repoRoot = path.resolve(supabaseDir, '..');
export const migrationsDir = path.join(supabaseDir, 'migrations');

/** The backend's bootstrap: the Supabase base objects the app really runs on. */
export function bootstrapSql(): string {
  return readFileSync(path.join(repoRoot, 'apps/backend/src/db/bootstrap.sql'), 'utf8');
}

export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

export function seedSql(): string {
  return readFileSync(path.join(supabaseDir, 'seed.sql'), 'utf8');
}

/**
 * An in-process PGlite with the Supabase base objects, the migrations and (optionally) the seed:
 * a copy of this run's migrated template, not a new migration.
 */
export async function createDb(opts: { seed?: boolean } = {}): Promise<PGlite> {
  return pgliteFromTemplate({ seed: opts.seed ?? false });
}

export type Actor =
  { kind: 'visitor' } | { kind: 'member'; id: string; label: string } | { kind: 'service' };

export const visitor: Actor = { kind: 'visitor' };
export const service: Actor = { kind: 'service' };

export interface Ok<T> {
  ok: true;
  rows: T[];
  affected: number;
}
export interface Denied {
  ok: false;
  code: string;
  message: string;
}
export type Outcome<T> = Ok<T> | Denied;

function claimsFor(actor: Actor): { role: string; claims: Record<string, unknown> } {
  switch (actor.kind) {
    case 'visitor':
      return { role: 'anon', claims: { role: 'anon' } };
    case 'service':
      return { role: 'service_role', claims: { role: 'service_role' } };
    case 'member':
      return {
        role: 'authenticated',
        claims: { sub: actor.id, role: 'authenticated', aud: 'authenticated' },
      };
  }
}

async function impersonate(tx: Transaction, actor: Actor): Promise<void> {
  const { role, claims } = claimsFor(actor);
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await tx.exec(`set local role ${role}`);
}

interface PgErrorLike {
  code?: string;
  message?: string;
}

/** Runs one statement as the actor and rolls everything back: a probe. */
export async function attempt<T = Record<string, unknown>>(
  db: PGlite,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome<T>> {
  let outcome: Outcome<T> = { ok: false, code: 'none', message: 'not run' };
  try {
    await db.transaction(async (tx) => {
      await impersonate(tx, actor);
      const res = await tx.query<T>(sql, params);
      outcome = {
        ok: true,
        rows: res.rows,
        affected: Math.max(res.affectedRows ?? 0, res.rows.length),
      };
      await tx.rollback();
    });
  } catch (e) {
    const err = e as PgErrorLike;
    outcome = { ok: false, code: err.code ?? 'unknown', message: err.message ?? String(e) };
  }
  return outcome;
}

/** Runs statements as the actor and commits; throws on error. */
export async function act<T = Record<string, unknown>>(
  db: PGlite,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return db.transaction(async (tx) => {
    await impersonate(tx, actor);
    const res = await tx.query<T>(sql, params);
    return res.rows;
  });
}

/** Runs as the database owner (setup and assertions past RLS). */
export async function asOwner<T = Record<string, unknown>>(
  db: PGlite,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const res = await db.query<T>(sql, params);
  return res.rows;
}

export interface NewUser {
  firstName?: string | null;
  lastName?: string;
  email?: string;
  admin?: boolean;
  vip?: boolean;
  birthday?: string | null;
}

/** Creates an auth user (the profile comes from the trigger) and returns the actor. */
export async function createMember(
  db: PGlite,
  label: string,
  opts: NewUser = {},
): Promise<Actor & { kind: 'member' }> {
  const id = randomUUID();
  const meta: Record<string, string> = {};
  if (opts.firstName !== null) meta['first_name'] = opts.firstName ?? label;
  if (opts.lastName) meta['last_name'] = opts.lastName;
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now())`,
    [
      id,
      opts.email ?? `${label.toLowerCase().replace(/\W+/g, '.')}.${id.slice(0, 8)}@example.test`,
      JSON.stringify(meta),
    ],
  );
  if (opts.admin)
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
  if (opts.vip || opts.birthday !== undefined) {
    await db.query(`update public.profiles set vip_status = $2, birthday = $3 where user_id = $1`, [
      id,
      opts.vip ?? false,
      opts.birthday ?? null,
    ]);
  }
  return { kind: 'member', id, label };
}

/** The four actors of every RLS case. */
export interface Cast {
  visitor: Actor;
  owner: Actor & { kind: 'member' };
  other: Actor & { kind: 'member' };
  admin: Actor & { kind: 'member' };
}

export async function createCast(db: PGlite): Promise<Cast> {
  return {
    visitor,
    owner: await createMember(db, 'Owner', { firstName: 'Olivia' }),
    other: await createMember(db, 'Other', { firstName: 'Oscar' }),
    admin: await createMember(db, 'Admin', { firstName: 'Ada', admin: true }),
  };
}

/** Denied means: an error (privilege, policy, rule) or a statement that touched no row. */
export function deniedOrNoRows<T>(o: Outcome<T>): boolean {
  return !o.ok || o.affected === 0;
}
