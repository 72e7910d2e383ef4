/** SQL for storage.buckets. */
import type { Queryable } from '../../db/types.js';
import { pgArrayLiteral } from '../../shared/pg-array.js';
import { isoTime } from './time.js';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

/** The settings a client may give a bucket (undefined: not given). */
export interface BucketFields {
  public?: boolean;
  size?: number | null;
  mimes?: string[] | null;
}

const BUCKET_COLS = `id, name, owner::text, public, file_size_limit, allowed_mime_types,
  ${isoTime('created_at')} as created_at, ${isoTime('updated_at')} as updated_at`;

export async function listBuckets(tx: Queryable): Promise<BucketRow[]> {
  const r = await tx.query<BucketRow>(`select ${BUCKET_COLS} from storage.buckets order by name`);
  return r.rows;
}

export async function findBucket(tx: Queryable, id: string): Promise<BucketRow | undefined> {
  const r = await tx.query<BucketRow>(`select ${BUCKET_COLS} from storage.buckets where id = $1`, [
    id,
  ]);
  return r.rows[0];
}

export async function insertBucket(
  tx: Queryable,
  id: string,
  owner: string | null,
  f: BucketFields,
): Promise<void> {
  await tx.query(
    `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types) values ($1, $1, $2::uuid, $3, $4, $5)`,
    [id, owner, f.public ?? false, f.size ?? null, f.mimes ? pgArrayLiteral(f.mimes) : null],
  );
}

/** Changes the settings given (only those); returns the number of buckets changed (0 or 1). */
export async function updateBucket(tx: Queryable, id: string, f: BucketFields): Promise<number> {
  const sets = ['updated_at = now()'];
  const params: unknown[] = [id];
  if (f.public !== undefined) {
    params.push(f.public);
    sets.push(`public = $${params.length}`);
  }
  if (f.size !== undefined) {
    params.push(f.size);
    sets.push(`file_size_limit = $${params.length}`);
  }
  if (f.mimes !== undefined) {
    params.push(f.mimes ? pgArrayLiteral(f.mimes) : null);
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  const r = await tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, params);
  return r.affectedRows;
}

export async function countObjects(tx: Queryable, bucketId: string): Promise<number> {
  const r = await tx.query<{ n: number }>(
    'select count(*)::int as n from storage.objects where bucket_id = $1',
    [bucketId],
  );
  return r.rows[0]?.n ?? 0;
}

/** Returns the number of buckets deleted (0 or 1). */
export async function deleteBucket(tx: Queryable, id: string): Promise<number> {
  const r = await tx.query('delete from storage.buckets where id = $1', [id]);
  return r.affectedRows;
}
