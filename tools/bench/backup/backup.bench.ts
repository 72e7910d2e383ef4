/**
 * Backup and restore time and size for a venue of a given scale, on PGlite (a data folder,
 * files in the local store): members, bookings and photo bytes are seeded with SQL and random
 * bytes, then `createBackup` and `restoreBackup` (apps/backend/src/backup/backup.ts) are timed.
 * Two or more scales give the growth rate; the target scale (50,000 members, 200,000 bookings,
 * 2 GB of photos) is extrapolated linearly from the largest two, which is right only when the
 * scales keep the target's proportions (4 bookings a member, 10.5 MB of photos per 1,000
 * bookings): the default scales do, and the report says when the given ones do not.
 *
 * Settings: BENCH_BACKUP_SCALES (members:bookings:photoMB,..., default
 * 2000:8000:82,8000:32000:328), BENCH_BACKUP_PHOTO_KB (size of one photo, default 400).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  blobStoreFor,
  createBackup,
  restoreBackup,
  startBackend,
  type Backend,
} from '../../../apps/backend/src/server.js';
import { writeBenchPart } from '../report.mjs';

interface Scale {
  members: number;
  bookings: number;
  photoMb: number;
}
const scales: Scale[] = (process.env['BENCH_BACKUP_SCALES'] ?? '2000:8000:82,8000:32000:328')
  .split(',')
  .map((s) => {
    const [members, bookings, photoMb] = s.split(':').map(Number) as [number, number, number];
    return { members, bookings, photoMb };
  });
const photoKb = Number(process.env['BENCH_BACKUP_PHOTO_KB'] ?? 400);

const start = (dataDir: string, seed: boolean): Promise<Backend> =>
  startBackend({ dataDir, port: 0, inboxPort: 0, host: '127.0.0.1', seed, log: () => undefined });

async function seedVenue(b: Backend, s: Scale): Promise<void> {
  await b.db.transaction(
    async (tx) => {
      // Seeding only: triggers and business rules off, as a restore does.
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'bench' || i || '@example.test',
              jsonb_build_object('first_name', 'Member ' || i), now()
       from generate_series(1, $1) as i`,
        [s.members],
      );
      await tx.query(
        `insert into public.profiles (user_id, first_name, email)
       select id, raw_user_meta_data ->> 'first_name', email from auth.users
       where email like 'bench%@example.test'`,
      );
      await tx.query(
        `insert into public.events (title, event_date, is_approved, capacity)
       select 'Bench night ' || d, now() + d * interval '1 day', true, 100000
       from generate_series(1, 100) as d`,
      );
      await tx.query(
        `with m as (select user_id, row_number() over () as n from public.profiles where email like 'bench%'),
            e as (select id, event_date, row_number() over (order by event_date) as n from public.events where title like 'Bench night %')
       insert into public.event_bookings (user_id, event_id, name, email, phone, number_of_guests, event_date, status)
       select m.user_id, e.id, 'Bench', 'bench@example.test', '2165550100', 2, e.event_date, 'approved'
       from generate_series(0, $1 - 1) as i
       join m on m.n = i % $2 + 1
       join e on e.n = (i / $2) % 100 + 1`,
        [s.bookings, s.members],
      );
    },
    undefined,
    undefined,
    0,
  );
  const blobs = blobStoreFor(b.ctx.config);
  const photos = Math.round((s.photoMb * 1024) / photoKb);
  const owners = (
    await b.db.query<{ user_id: string }>(
      `select user_id from public.profiles where email like 'bench%' limit $1`,
      [photos],
    )
  ).rows;
  for (let i = 0; i < photos; i++) {
    const owner = owners[i % owners.length]?.user_id;
    if (!owner) break;
    const name = `${owner}/bench-${i}.jpg`;
    await blobs.put({ bucket: 'photo-wall', name }, randomBytes(photoKb * 1024), 'image/jpeg');
    await b.db.query(
      `insert into storage.objects (bucket_id, name, owner, metadata) values ('photo-wall', $1, $2, '{}')`,
      [name, owner],
    );
  }
}

const rows: (string | number)[][] = [];
const results: { s: Scale; backupS: number; restoreS: number; dbMb: number; filesMb: number }[] =
  [];
for (const s of scales) {
  const root = await mkdtemp(path.join(tmpdir(), 'bistro-backup-bench-'));
  let source: Backend | undefined;
  let target: Backend | undefined;
  try {
    source = await start(path.join(root, 'source'), false);
    await seedVenue(source, s);
    let t0 = performance.now();
    const made = await createBackup({
      db: source.db,
      blobs: blobStoreFor(source.ctx.config),
      dir: path.join(root, 'backups'),
    });
    const backupS = (performance.now() - t0) / 1000;
    await source.close();
    source = undefined;
    target = await start(path.join(root, 'target'), false);
    t0 = performance.now();
    await restoreBackup({
      db: target.db,
      blobs: blobStoreFor(target.ctx.config),
      backup: made.path,
    });
    const restoreS = (performance.now() - t0) / 1000;
    const dbMb = made.manifest.bytes.database / 1024 / 1024;
    const filesMb = made.manifest.bytes.files / 1024 / 1024;
    results.push({ s, backupS, restoreS, dbMb, filesMb });
    rows.push([
      s.members,
      s.bookings,
      s.photoMb,
      +backupS.toFixed(1),
      +restoreS.toFixed(1),
      +dbMb.toFixed(1),
      +filesMb.toFixed(0),
    ]);
    console.log(
      `[backup bench] ${s.members} members, ${s.bookings} bookings, ${s.photoMb} MB photos: ` +
        `backup ${backupS.toFixed(1)} s, restore ${restoreS.toFixed(1)} s, database ${dbMb.toFixed(1)} MB gzip, files ${filesMb.toFixed(0)} MB`,
    );
  } finally {
    await source?.close();
    await target?.close();
    await rm(root, { recursive: true, force: true });
  }
}

// Growth per 1,000 bookings (with their share of members) and per GB of photos, from the two
// largest scales; the target scale extrapolated linearly.
const figures = [];
const TARGET_MB_PER_BOOKING = 2048 / 200_000;
const proportional = scales.every(
  (s) =>
    Math.abs(s.bookings / s.members - 4) < 0.4 &&
    Math.abs(s.photoMb / s.bookings / TARGET_MB_PER_BOOKING - 1) < 0.1,
);
if (!proportional)
  console.log(
    '[backup bench] the scales do not keep the target proportions: the extrapolation is indicative only',
  );
if (results.length >= 2) {
  const [a, b] = results.slice(-2) as [(typeof results)[0], (typeof results)[0]];
  const rowsRate = (k: 'backupS' | 'restoreS' | 'dbMb') =>
    (b[k] - a[k]) / (b.s.bookings - a.s.bookings);
  const target = { bookings: 200_000 };
  for (const [k, label, unit] of [
    ['backupS', 'backup time', 's'],
    ['restoreS', 'restore time', 's'],
    ['dbMb', 'database size (gzip)', 'MB'],
  ] as const) {
    const est = b[k] + rowsRate(k) * (target.bookings - b.s.bookings);
    figures.push({
      name: `${label} at 50,000 members / 200,000 bookings / 2 GB (extrapolated from the two largest scales${proportional ? '' : ', scales not proportional'})`,
      value: +est.toFixed(1),
      unit,
    });
  }
}
for (const f of figures) console.log(`[backup bench] ${f.name}: ${f.value} ${f.unit}`);
writeBenchPart({
  id: 'backup',
  title: 'Backup and restore (PGlite data folder, local files)',
  notes:
    `Scales run: ${scales.map((s) => `${s.members}:${s.bookings}:${s.photoMb} MB`).join(', ')}; ` +
    `photos of ${photoKb} KB (random bytes, so gzip does not shrink them; they are stored as they are). ` +
    'The extrapolation treats time and size as growing linearly with the rows and the photo bytes together, as the scales do.',
  figures,
  tables: [
    {
      title: 'Measured',
      columns: [
        'members',
        'bookings',
        'photos MB',
        'backup s',
        'restore s',
        'database MB (gzip)',
        'files MB',
      ],
      rows,
    },
  ],
});
