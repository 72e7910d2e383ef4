/**
 * The backups' copy in an S3-compatible bucket (s3rver, a fake S3 server, over real HTTP): a
 * copy comes back byte for byte, the bucket keeps the newest BACKUP_KEEP complete copies, and an
 * upload cut off before its manifest is never listed or restored and is pruned once a newer
 * copy is complete.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../storage/s3-store.js';
import { s3Settings, startS3rver } from '../storage/test-services.js';
import {
  copyToS3,
  downloadBackup,
  listS3Backups,
  pruneS3Backups,
  uploadBackup,
} from './s3-copy.js';

describe('a copy of the backups in an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let store: S3BlobStore;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3rver();
    store = new S3BlobStore(s3Settings(s3.endpoint, { prefix: 'backups/' }));
    dir = await mkdtemp(path.join(os.tmpdir(), 'bistro-s3-copy-'));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A backup folder as createBackup lays it out: manifest, database dump and files. */
  const backupFolder = async (name: string): Promise<Map<string, Buffer>> => {
    const contents = new Map<string, Buffer>([
      ['manifest.json', Buffer.from(JSON.stringify({ format: 1, name }))],
      ['database.jsonl.gz', randomBytes(70_000)],
      ['files/photos/u1/a.jpg', randomBytes(12_345)],
      ['files/event-images/e1/cover (1).webp', randomBytes(3)],
    ]);
    for (const [rel, bytes] of contents) {
      const file = path.join(dir, name, ...rel.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    }
    return contents;
  };

  it('brings a copy back byte for byte', async () => {
    const name = 'venue-2026-11-01T03-00-00-000Z';
    const contents = await backupFolder(name);
    expect(await uploadBackup(store, path.join(dir, name))).toBe(name);
    const back = await downloadBackup(store, name, path.join(dir, 'restored'));
    expect(back).toBe(path.join(dir, 'restored', name));
    for (const [rel, bytes] of contents)
      expect(Buffer.compare(await readFile(path.join(back, ...rel.split('/'))), bytes), rel).toBe(
        0,
      );
  });

  it('keeps the newest complete copies, and never counts or restores an unfinished one', async () => {
    for (const day of ['02', '03', '04']) await backupFolder(`venue-2026-11-${day}T03-00-00-000Z`);
    // cut off before its manifest: only the dump arrived
    await store.put(
      { bucket: 'venue-2026-11-03T12-00-00-000Z', name: 'database.jsonl.gz' },
      randomBytes(10),
      'application/octet-stream',
    );
    await expect(
      downloadBackup(store, 'venue-2026-11-03T12-00-00-000Z', path.join(dir, 'r2')),
    ).rejects.toThrow('unfinished (no manifest.json)');
    await expect(
      downloadBackup(store, 'venue-2030-01-01T00-00-00-000Z', path.join(dir, 'r2')),
    ).rejects.toThrow('not in the backup bucket');

    await copyToS3(store, path.join(dir, 'venue-2026-11-02T03-00-00-000Z'), 2);
    await copyToS3(store, path.join(dir, 'venue-2026-11-03T03-00-00-000Z'), 2);
    expect(await listS3Backups(store)).toEqual([
      'venue-2026-11-02T03-00-00-000Z',
      'venue-2026-11-03T03-00-00-000Z',
    ]);
    await copyToS3(store, path.join(dir, 'venue-2026-11-04T03-00-00-000Z'), 2);
    expect(await listS3Backups(store)).toEqual([
      'venue-2026-11-03T03-00-00-000Z',
      'venue-2026-11-04T03-00-00-000Z',
    ]);
    // nothing of the pruned or the unfinished copies is left behind
    const left = new Set<string>();
    for await (const o of store.list()) left.add(o.bucket);
    expect([...left].sort()).toEqual([
      'venue-2026-11-03T03-00-00-000Z',
      'venue-2026-11-04T03-00-00-000Z',
    ]);
    expect(await pruneS3Backups(store, 2)).toEqual([]);
  });

  it('says which backup was written when the bucket cannot be reached', async () => {
    const name = 'venue-2026-11-05T03-00-00-000Z';
    await backupFolder(name);
    const dead = new S3BlobStore(s3Settings('http://127.0.0.1:9', { timeoutMs: 500 }));
    await expect(copyToS3(dead, path.join(dir, name), 2)).rejects.toThrow(
      `${path.join(dir, name)} was written, but its copy to the backup bucket failed`,
    );
  });
});
