/** SQL for storage.objects. */
import type { Queryable } from '../../db/types.js';
import { pgArrayLiteral } from '../../shared/pg-array.js';
import { isoTime } from './time.js';

export interface ObjectKey {
  bucket: string;
  name: string;
}

export interface ListedObjectRow {
  name: string;
  id: string | null;
  metadata: unknown;
  created_at: string | null;
  updated_at: string | null;
}

export interface NewObject extends ObjectKey {
  id: string;
  owner: string | null;
  metadata: Record<string, unknown>;
  userMetadata?: Record<string, unknown> | null;
}

/** The object's metadata as the caller may see it (undefined: no such row, or hidden by RLS). */
export async function findObjectMetadata(
  tx: Queryable,
  key: ObjectKey,
): Promise<{ metadata: unknown } | undefined> {
  const r = await tx.query<{ metadata: unknown }>(
    'select metadata from storage.objects where bucket_id = $1 and name = $2',
    [key.bucket, key.name],
  );
  return r.rows[0];
}

/** Per database: whether its migrations define storage.public_object_metadata(). */
const publicRule = new WeakMap<Queryable, Promise<boolean>>();

function hasPublicRule(db: Queryable): Promise<boolean> {
  let p = publicRule.get(db);
  if (!p) {
    p = db
      .query<{ ok: boolean }>(
        "select to_regprocedure('storage.public_object_metadata(text, text)') is not null as ok",
      )
      .then((r) => r.rows[0]?.ok === true);
    publicRule.set(db, p);
  }
  return p;
}

/**
 * The metadata of an object anyone may fetch by its public URL. A project narrows what public
 * URLs serve with storage.public_object_metadata(bucket_id, name) (this one: photo-wall files
 * only while an approved photo shows them); without it, every object of a public bucket is
 * public, as on Supabase. Migrations run before the API starts, so the check is made once.
 */
export async function findPublicObjectMetadata(
  db: Queryable,
  key: ObjectKey,
): Promise<{ metadata: unknown } | undefined> {
  const r = (await hasPublicRule(db))
    ? await db.query<{ metadata: unknown }>(
        'select metadata from storage.public_object_metadata($1, $2)',
        [key.bucket, key.name],
      )
    : await db.query<{ metadata: unknown }>(
        `select o.metadata from storage.objects o join storage.buckets b on b.id = o.bucket_id
         where o.bucket_id = $1 and o.name = $2 and b.public`,
        [key.bucket, key.name],
      );
  return r.rows[0];
}

/**
 * Inserts an object row; with `upsert`, an existing row of that name takes the new metadata and
 * owner. No RETURNING: uploading needs only an INSERT (and, for upserts, UPDATE) policy, as on
 * Supabase.
 */
export async function insertObject(tx: Queryable, o: NewObject, upsert: boolean): Promise<void> {
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version) values ($6::uuid, $1, $2, $3::uuid, $4, $5::jsonb, $7::jsonb, $6)` +
      (upsert
        ? ` on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
        : ''),
    [
      o.bucket,
      o.name,
      o.owner,
      o.owner,
      JSON.stringify(o.metadata),
      o.id,
      o.userMetadata ? JSON.stringify(o.userMetadata) : null,
    ],
  );
}

/** Replaces an existing object's metadata and owner; returns the number of rows changed. */
export async function replaceObject(
  tx: Queryable,
  key: ObjectKey,
  owner: string | null,
  metadata: Record<string, unknown>,
  userMetadata: Record<string, unknown> | null = null,
): Promise<number> {
  const r = await tx.query(
    `update storage.objects set metadata = $3::jsonb, user_metadata = $6::jsonb, version = gen_random_uuid()::text, updated_at = now(), owner = $4::uuid, owner_id = $5 where bucket_id = $1 and name = $2`,
    [
      key.bucket,
      key.name,
      JSON.stringify(metadata),
      owner,
      owner,
      userMetadata ? JSON.stringify(userMetadata) : null,
    ],
  );
  return r.affectedRows;
}

/** Renames an object (possibly into another bucket); returns the number of rows changed. */
export async function moveObject(tx: Queryable, from: ObjectKey, to: ObjectKey): Promise<number> {
  const r = await tx.query(
    `update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2`,
    [from.bucket, from.name, to.bucket, to.name],
  );
  return r.affectedRows;
}

/** Objects whose name starts with `pattern` (a LIKE pattern), in name order, at most 10,000. */
export async function listObjects(
  tx: Queryable,
  bucket: string,
  pattern: string,
): Promise<ListedObjectRow[]> {
  const r = await tx.query<ListedObjectRow>(
    `select name, id::text, metadata, ${isoTime('created_at')} as created_at, ${isoTime('updated_at')} as updated_at
     from storage.objects where bucket_id = $1 and name like $2 order by name limit 10000`,
    [bucket, pattern],
  );
  return r.rows;
}

/** Deletes the named objects the caller may delete; returns the deleted rows. */
export async function deleteObjects(
  tx: Queryable,
  bucket: string,
  names: string[],
): Promise<Record<string, unknown>[]> {
  const r = await tx.query<Record<string, unknown>>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
     returning bucket_id, name, id::text, owner::text, metadata, ${isoTime('created_at')} as created_at, ${isoTime('updated_at')} as updated_at`,
    [bucket, pgArrayLiteral(names)],
  );
  return r.rows;
}

export interface ObjectInfoRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: unknown;
  user_metadata: unknown;
  created_at: string | null;
  updated_at: string | null;
}

/** One object's row as the caller may see it (undefined: none, or hidden by RLS). */
export async function findObjectInfo(
  tx: Queryable,
  key: ObjectKey,
): Promise<ObjectInfoRow | undefined> {
  const r = await tx.query<ObjectInfoRow>(
    `select id::text, name, bucket_id, coalesce(version, id::text) as version, metadata, user_metadata,
       ${isoTime('created_at')} as created_at, ${isoTime('updated_at')} as updated_at
     from storage.objects where bucket_id = $1 and name = $2`,
    [key.bucket, key.name],
  );
  return r.rows[0];
}

export interface ListedV2Row {
  id: string;
  name: string;
  metadata: unknown;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
}

/**
 * Objects whose name starts with `pattern` (a LIKE pattern) as the caller may see them, sorted
 * by `column` (name, created_at or updated_at; name breaks ties), at most 10,000.
 */
export async function listObjectsSorted(
  tx: Queryable,
  bucket: string,
  pattern: string,
  column: 'name' | 'created_at' | 'updated_at',
  desc: boolean,
): Promise<ListedV2Row[]> {
  const dir = desc ? 'desc' : 'asc';
  const order = column === 'name' ? `name ${dir}` : `${column} ${dir}, name ${dir}`;
  const r = await tx.query<ListedV2Row>(
    `select id::text, name, metadata, ${isoTime('created_at')} as created_at,
       ${isoTime('updated_at')} as updated_at, ${isoTime('last_accessed_at')} as last_accessed_at
     from storage.objects where bucket_id = $1 and name like $2 order by ${order} limit 10000`,
    [bucket, pattern],
  );
  return r.rows;
}

/** Deletes every object of the bucket the caller may delete; returns their names. */
export async function deleteAllObjects(tx: Queryable, bucket: string): Promise<string[]> {
  const r = await tx.query<{ name: string }>(
    'delete from storage.objects where bucket_id = $1 returning name',
    [bucket],
  );
  return r.rows.map((row) => row.name);
}
