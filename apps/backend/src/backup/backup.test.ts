/**
 * A backup of a running venue under write load (bookings and votes arriving) restores
 * elsewhere with every row committed before the backup started and every stored file, byte
 * for byte; --verify's check finds a damaged copy. On PGlite (`test`) and on PostgreSQL
 * (`test:postgres`, DATABASE_URL set).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../storage/blobs.js';
import { blobStoreFor } from '../storage/driver.js';
import { startTestServer, type TestServer } from '../testing.js';
import {
  createBackup,
  pruneBackups,
  readManifest,
  restoreBackup,
  verifyRestored,
} from './backup.js';

describe('backup and restore', () => {
  let source: TestServer;
  let target: TestServer | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bistro-backup-'));
    source = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores every row committed before it started and every file, under write load', async () => {
    const db = source.backend.db;
    const [{ id: eventId }] = (
      await db.query<{ id: string }>(
        `insert into public.events (title, event_date, is_approved, capacity)
         values ('Backup Night', now() + interval '3 days', true, 100000) returning id`,
      )
    ).rows as [{ id: string }];
    const [{ id: requestId }] = (
      await db.query<{ id: string }>(
        `insert into public.song_requests (song_title, artist, user_id)
         select 'Backup Song', 'Band', user_id from public.profiles limit 1 returning id`,
      )
    ).rows as [{ id: string }];
    const users = (
      await db.query<{ user_id: string }>(`select user_id from public.profiles order by user_id`)
    ).rows.map((r) => r.user_id);

    // Files: a photo-wall image per member, random bytes.
    const blobs = blobStoreFor(source.backend.ctx.config);
    const files = new Map<string, Uint8Array>();
    for (const [i, user] of users.entries()) {
      const name = `${user}/backup-${i}.jpg`;
      const bytes = randomBytes(20_000 + i * 1000);
      await blobs.put({ bucket: 'photo-wall', name }, bytes, 'image/jpeg');
      await db.query(
        `insert into storage.objects (bucket_id, name, owner, metadata)
         values ('photo-wall', $1, $2, '{"mimetype":"image/jpeg"}')`,
        [name, user],
      );
      files.set(name, bytes);
    }

    // The write load: bookings and votes, each remembered once its insert answered.
    const acked: { table: string; id: string; at: number }[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const user = users[(n + i) % users.length]!;
        const booking = await db.query<{ id: string }>(
          `insert into public.event_bookings (user_id, event_id, name, email, phone, number_of_guests, event_date, status)
           values ($1, $2, 'Load', 'load@example.test', '2165550100', 1, now() + interval '3 days', 'approved')
           returning id`,
          [user, eventId],
        );
        acked.push({ table: 'event_bookings', id: booking.rows[0]!.id, at: performance.now() });
        const vote = await db.query<{ id: string }>(
          `insert into public.song_votes (song_request_id, user_id) values ($1, $2)
           on conflict do nothing returning song_request_id::text as id`,
          [requestId, user],
        );
        if (vote.rows[0]) acked.push({ table: 'song_votes', id: user, at: performance.now() });
      }
    };
    const writers = [writer(0), writer(1), writer(2)];
    // the backup starts once writes are landing (on a busy machine the first ones take a while)
    await expect.poll(() => acked.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(5);
    const startedAt = performance.now();
    const { path: backup, manifest } = await createBackup({ db, blobs, dir, batch: 50 });
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await Promise.all(writers);

    const before = acked.filter((a) => a.at < startedAt);
    expect(before.length).toBeGreaterThan(0);
    // The seed's own pictures are stored objects too: each is in the backup besides ours.
    expect(manifest.files.filter((f) => files.has(f.name))).toHaveLength(files.size);
    expect(manifest.files.length).toBe(manifest.tables['storage.objects']);
    expect(manifest.tables['public.event_bookings']).toBeGreaterThanOrEqual(
      before.filter((a) => a.table === 'event_bookings').length,
    );

    // Restore into another, freshly migrated venue without the seed.
    target = await startTestServer({ seed: false });
    const targetBlobs = blobStoreFor(target.backend.ctx.config);
    await restoreBackup({ db: target.backend.db, blobs: targetBlobs, backup });
    expect(
      await verifyRestored(target.backend.db, targetBlobs, await readManifest(backup)),
    ).toEqual([]);

    const bookingIds = new Set(
      (
        await target.backend.db.query<{ id: string }>(
          `select id::text as id from public.event_bookings`,
        )
      ).rows.map((r) => r.id),
    );
    const voters = new Set(
      (
        await target.backend.db.query<{ user_id: string }>(
          `select user_id::text as user_id from public.song_votes where song_request_id = $1`,
          [requestId],
        )
      ).rows.map((r) => r.user_id),
    );
    for (const a of before)
      expect(a.table === 'event_bookings' ? bookingIds.has(a.id) : voters.has(a.id), a.id).toBe(
        true,
      );
    for (const [name, bytes] of files) {
      const blob = await targetBlobs.get({ bucket: 'photo-wall', name });
      expect(blob, name).not.toBeNull();
      expect(Buffer.compare(Buffer.from(await readAll(blob!.body)), Buffer.from(bytes))).toBe(0);
    }

    // The restored venue serves the same data through the API.
    const res = await fetch(`${target.url}/rest/v1/events?select=id,title&id=eq.${eventId}`, {
      headers: { apikey: target.anonKey },
    });
    expect(await res.json()).toEqual([{ id: eventId, title: 'Backup Night' }]);
    const counts = await target.backend.db.query<{ n: number }>(
      `select count(*)::int as n from auth.users`,
    );
    expect(counts.rows[0]!.n).toBe(manifest.tables['auth.users']);

    // A damaged copy is caught by the checks --verify runs.
    const first = manifest.files[0]!;
    await targetBlobs.put({ bucket: first.bucket, name: first.name }, new Uint8Array([1]), 'x/y');
    await target.backend.db.query(`delete from public.song_votes`);
    const problems = await verifyRestored(target.backend.db, targetBlobs, manifest);
    expect(problems).toContain(`${first.bucket}/${first.name}: checksum differs`);
    expect(problems.some((p) => p.startsWith('public.song_votes:'))).toBe(true);
  }, 180_000);

  it('encrypts with BACKUP_KEY: the bytes are unreadable, the key restores them, another key is refused', async () => {
    const blobs = blobStoreFor(source.backend.ctx.config);
    const secret = 'correct horse battery staple';
    const { path: backup, manifest } = await createBackup({
      db: source.backend.db,
      blobs,
      dir: path.join(dir, 'encrypted'),
      secret,
    });
    expect(manifest.encryption).toMatchObject({ cipher: 'aes-256-gcm', kdf: 'scrypt' });
    const file = manifest.files[0]!;
    const sealed = await readFile(path.join(backup, 'files', file.bucket, file.name));
    const plain = await readAll((await blobs.get(file))!.body);
    expect(sealed.includes(Buffer.from(plain.subarray(0, 64)))).toBe(false);
    expect(sealed.length).toBe(plain.byteLength + 28);

    const other = await startTestServer({ seed: false });
    try {
      const otherBlobs = blobStoreFor(other.backend.ctx.config);
      await expect(
        restoreBackup({ db: other.backend.db, blobs: otherBlobs, backup }),
      ).rejects.toThrow(/encrypted: set BACKUP_KEY/);
      await expect(
        restoreBackup({ db: other.backend.db, blobs: otherBlobs, backup, secret: 'wrong' }),
      ).rejects.toThrow(/cannot decrypt/);
      await restoreBackup({ db: other.backend.db, blobs: otherBlobs, backup, secret });
      expect(await verifyRestored(other.backend.db, otherBlobs, manifest)).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('keeps the newest N backups', async () => {
    const keepDir = await mkdtemp(path.join(os.tmpdir(), 'bistro-keep-'));
    try {
      for (const t of ['2026-01-01', '2026-01-02', '2026-01-03'])
        await writeFile(path.join(keepDir, `venue-${t}T00-00-00-000Z`), '');
      expect(await pruneBackups(keepDir, 2)).toEqual(['venue-2026-01-01T00-00-00-000Z']);
    } finally {
      await rm(keepDir, { recursive: true, force: true });
    }
  });
});
