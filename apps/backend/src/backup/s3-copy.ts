/**
 * A copy of each backup in an S3-compatible bucket (BACKUP_S3_*), so a venue whose machine dies
 * with its disk still has its backups. The folder `venue-<time>/` becomes the keys
 * `<prefix>venue-<time>/<file>`; `manifest.json` is written last, so a copy without it is
 * unfinished: never listed, restored or counted towards BACKUP_KEEP (and removed by the prune
 * once it is older than the newest complete copy). Restore reads a copy back into a local folder
 * first (`npm run restore -- s3:venue-<time>`).
 */
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../storage/blobs.js';
import { readAll } from '../storage/blobs.js';

const BACKUP_NAME = /^venue-[0-9TZ-]+$/;
const MANIFEST = 'manifest.json';

/** Every file under `dir`, as paths relative to it with '/' separators. */
async function filesUnder(dir: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else out.push(rel);
  }
  return out;
}

/** Uploads the backup folder; returns its name in the bucket. */
export async function uploadBackup(store: BlobStore, backupPath: string): Promise<string> {
  const name = path.basename(backupPath);
  if (!BACKUP_NAME.test(name))
    throw new Error(`${backupPath} is not a backup folder (venue-<time>)`);
  const files = (await filesUnder(backupPath)).filter((f) => f !== MANIFEST);
  for (const f of [...files, MANIFEST])
    await store.put(
      { bucket: name, name: f },
      await readFile(path.join(backupPath, ...f.split('/'))),
      'application/octet-stream',
    );
  return name;
}

/** The bucket's backups, oldest first: complete ones, and the unfinished ones apart. */
async function inventory(
  store: BlobStore,
): Promise<{ complete: string[]; all: Map<string, string[]> }> {
  const all = new Map<string, string[]>();
  for await (const o of store.list()) {
    if (!BACKUP_NAME.test(o.bucket)) continue;
    const names = all.get(o.bucket) ?? [];
    names.push(o.name);
    all.set(o.bucket, names);
  }
  const complete = [...all]
    .filter(([, names]) => names.includes(MANIFEST))
    .map(([b]) => b)
    .sort();
  return { complete, all };
}

/** The complete backups in the bucket, oldest first. */
export async function listS3Backups(store: BlobStore): Promise<string[]> {
  return (await inventory(store)).complete;
}

/**
 * Keeps the newest `keep` complete backups and removes the rest, and the unfinished copies
 * older than the newest complete one (an upload cut off by a crash). Returns what it removed.
 */
export async function pruneS3Backups(store: BlobStore, keep: number): Promise<string[]> {
  const { complete, all } = await inventory(store);
  const newest = complete.at(-1);
  const gone = [
    ...complete.slice(0, Math.max(0, complete.length - keep)),
    ...[...all.keys()].filter((b) => !complete.includes(b) && newest !== undefined && b < newest),
  ].sort();
  for (const b of gone) {
    // the manifest first: a copy half removed is unfinished, never a damaged complete one
    const names = all.get(b) ?? [];
    for (const n of [
      ...names.filter((x) => x === MANIFEST),
      ...names.filter((x) => x !== MANIFEST),
    ])
      await store.remove({ bucket: b, name: n });
  }
  return gone;
}

/** Downloads a complete backup from the bucket into `toDir/<name>`; returns that folder. */
export async function downloadBackup(
  store: BlobStore,
  name: string,
  toDir: string,
): Promise<string> {
  if (!BACKUP_NAME.test(name)) throw new Error(`${name} is not a backup name (venue-<time>)`);
  const { complete, all } = await inventory(store);
  if (!complete.includes(name))
    throw new Error(
      all.has(name)
        ? `${name} in the backup bucket is unfinished (no manifest.json)`
        : `${name} is not in the backup bucket`,
    );
  const dest = path.join(toDir, name);
  const partial = `${dest}.partial`;
  for (const f of all.get(name) ?? []) {
    const read = await store.get({ bucket: name, name: f });
    if (!read) throw new Error(`${name}/${f} disappeared from the backup bucket`);
    const target = path.join(partial, ...f.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await readAll(read.body));
  }
  await rename(partial, dest);
  return dest;
}

/**
 * Uploads a backup just written and prunes the bucket to `keep`. The local backup stays whatever
 * happens; a failed upload is an error that names it.
 */
export async function copyToS3(
  store: BlobStore,
  backupPath: string,
  keep: number,
): Promise<string> {
  try {
    const name = await uploadBackup(store, backupPath);
    await pruneS3Backups(store, keep);
    return name;
  } catch (e) {
    throw new Error(
      `${backupPath} was written, but its copy to the backup bucket failed: ${e instanceof Error ? e.message : String(e)}`,
      { cause: e },
    );
  }
}
