/**
 * Object bytes through /storage/v1 on each storage driver: whole and ranged downloads, HEAD,
 * copy, move, list and delete leave the store as the rows say; bytes that no row claims are
 * swept; a refused upload stores nothing. The local driver reads files an older version wrote
 * in DATA_DIR/storage. An S3 service that hangs is a 500 within the timeout, and the upload
 * leaves no row behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { freshDatabase, startTestServer, type TestServer } from '../testing.js';
import { USERS, signedIn } from '../integration/support.js';
import { openBlobStore } from './driver.js';
import { sweepOrphans } from './consistency.js';
import { readAll, type BlobStore } from './blobs.js';
import {
  STORAGE_DRIVERS,
  deadEndpoints,
  s3Settings,
  startS3rver,
  testStorage,
  type TestStorage,
} from './test-services.js';
import { LOCAL_STORAGE } from './settings.js';

const MAYA = USERS.maya.id;
let seq = 0;
const pngOf = (color: string, size = 16) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.each(STORAGE_DRIVERS)('object bytes on the %s driver', (driver) => {
  let dir: string;
  let storage: TestStorage;
  let srv: TestServer;
  let maya: SupabaseClient;
  let leo: SupabaseClient;
  let token: string;
  let store: BlobStore;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `bistro-bytes-${driver}-`));
    storage = await testStorage(driver);
    // PGlite, or PostgreSQL when DATABASE_URL is set (the advisory locks and the sweep's query)
    srv = await startTestServer({
      dataDir: path.join(dir, 'data'),
      config: { storage: storage.settings },
    });
    [maya, leo] = await Promise.all([signedIn(srv, 'maya'), signedIn(srv, 'leo')]);
    token = (await maya.auth.getSession()).data.session?.access_token ?? '';
    store = openBlobStore(srv.backend.ctx.config);
  });

  afterAll(async () => {
    await srv?.close();
    await storage?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (name: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${srv.url}/storage/v1/object/authenticated/photo-wall/${name}`, {
      method,
      headers: { apikey: srv.anonKey, authorization: `Bearer ${token}`, ...headers },
    });
  const stored = async () => {
    const out: string[] = [];
    for await (const b of store.list()) out.push(`${b.bucket}/${b.name}`);
    return out.sort();
  };
  const fresh = () => `${MAYA}/${Date.now()}-${++seq}.png`;

  it('serves the whole object, a HEAD, and single byte ranges (206, 416)', async () => {
    const name = fresh();
    expect(
      (await maya.storage.from('photo-wall').upload(name, await pngOf('#258'))).error,
    ).toBeNull();
    const whole = new Uint8Array(await (await get(name)).arrayBuffer());
    const size = whole.length;
    expect(size).toBeGreaterThan(40);

    const head = await get(name, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const etag = head.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const first = await get(name, { range: 'bytes=0-7' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-7/${size}`);
    expect(first.headers.get('content-length')).toBe('8');
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(whole.subarray(0, 8));

    const open = await get(name, { range: `bytes=${size - 5}-` });
    expect(open.status).toBe(206);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(whole.subarray(size - 5));

    const suffix = await get(name, { range: 'bytes=-12' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 12}-${size - 1}/${size}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(whole.subarray(size - 12));

    const past = await get(name, { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(await past.json()).toMatchObject({ statusCode: '416', error: 'InvalidRange' });

    // not one satisfiable single range, or an If-Range that no longer matches: the whole object
    const whole200: Record<string, string>[] = [
      { range: 'bytes=9-2' },
      { range: 'bytes=0-1,4-5' },
      { range: 'bytes=0-3', 'if-range': '"not-the-etag"' },
    ];
    for (const headers of whole200) {
      const r = await get(name, headers);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(new Uint8Array(await r.arrayBuffer())).toEqual(whole);
    }
    const still = await get(name, { range: 'bytes=0-3', 'if-range': etag });
    expect(still.status).toBe(206);
    await still.arrayBuffer();
  });

  it('copies, moves, lists and deletes: the store holds exactly what the rows say', async () => {
    const bucket = maya.storage.from('photo-wall');
    const a = fresh();
    const b = fresh();
    const c = fresh();
    const before = await stored();
    expect((await bucket.upload(a, await pngOf('#a52'))).error).toBeNull();
    const original = new Uint8Array(await (await get(a)).arrayBuffer());
    expect((await bucket.copy(a, b)).error).toBeNull();
    expect((await bucket.move(b, c)).error).toBeNull();
    expect(new Uint8Array(await (await get(c)).arrayBuffer())).toEqual(original);
    expect((await get(b)).status).toBe(404);
    const listed = await bucket.list(MAYA, { limit: 1000 });
    const names = (listed.data ?? []).map((o) => `${MAYA}/${o.name}`);
    expect(names).toEqual(expect.arrayContaining([a, c]));
    expect(names).not.toContain(b);
    expect(await stored()).toEqual([...before, `photo-wall/${a}`, `photo-wall/${c}`].sort());
    expect((await bucket.remove([a, c])).error).toBeNull();
    expect(await stored()).toEqual(before);
  });

  it('a refused upload stores no bytes; bytes no row claims are swept after the grace period', async () => {
    const before = await stored();
    const up = await leo.storage.from('photo-wall').upload(fresh(), await pngOf('#111'));
    expect(up.error).not.toBeNull();
    expect(await stored()).toEqual(before);

    const orphan = { bucket: 'photo-wall', name: `${MAYA}/orphan-${++seq}.png` };
    await store.put(orphan, await pngOf('#222'), 'image/png');
    const kept = fresh();
    expect(
      (await maya.storage.from('photo-wall').upload(kept, await pngOf('#333'))).error,
    ).toBeNull();
    // too young to sweep
    expect(await sweepOrphans(srv.db, store, 3_600_000)).toMatchObject({ removed: 0 });
    expect(await stored()).toContain(`photo-wall/${orphan.name}`);
    await new Promise((r) => setTimeout(r, 1_100)); // S3 timestamps have whole seconds
    const swept = await sweepOrphans(srv.db, store, 0);
    expect(swept.removed).toBe(1);
    expect(swept.checked).toBeGreaterThanOrEqual(2);
    const after = await stored();
    expect(after).not.toContain(`photo-wall/${orphan.name}`);
    expect(after).toContain(`photo-wall/${kept}`);
    expect((await get(kept)).status).toBe(200);
  });

  if (driver === 'local')
    it('reads the files an older version wrote under DATA_DIR/storage/<bucket>/<name>', async () => {
      const name = `${MAYA}/legacy-${++seq}.png`;
      const bytes = await pngOf('#7a7');
      const file = path.join(dir, 'data', 'storage', 'photo-wall', ...name.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await srv.db.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ('photo-wall', $1, $2::uuid, $2, $3::jsonb)`,
        [name, MAYA, JSON.stringify({ mimetype: 'image/png', size: bytes.length })],
      );
      const r = await get(name);
      expect(r.status).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(bytes)).toBe(true);
    });
});

describe('a backend whose S3 service does not answer', () => {
  let dir: string;
  let dead: Awaited<ReturnType<typeof deadEndpoints>>;
  let srv: TestServer;
  let maya: SupabaseClient;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bistro-bytes-dead-'));
    dead = await deadEndpoints();
    srv = await startTestServer({
      dataDir: path.join(dir, 'data'),
      pglite: true,
      config: {
        storage: {
          ...LOCAL_STORAGE,
          driver: 's3',
          s3: s3Settings(dead.hanging, { timeoutMs: 1_000 }),
        },
      },
    });
    maya = await signedIn(srv, 'maya');
  });

  afterAll(async () => {
    await srv?.close();
    await dead?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers 500 within the timeout and leaves no row for the failed upload', async () => {
    const token = (await maya.auth.getSession()).data.session?.access_token ?? '';
    const name = `${MAYA}/${Date.now()}.png`;
    const t0 = Date.now();
    const up = await fetch(`${srv.url}/storage/v1/object/photo-wall/${name}`, {
      method: 'POST',
      headers: {
        apikey: srv.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'image/png',
      },
      body: new Uint8Array(await pngOf('#444')),
    });
    const ms = Date.now() - t0;
    expect(up.status).toBe(500);
    expect(await up.json()).toEqual({
      statusCode: '500',
      error: 'internal',
      message: expect.stringMatching(/^The storage service did not answer within 100[0-9] ms$/),
    });
    expect(ms).toBeLessThan(8_000);
    const rows = await srv.db.query('select 1 from storage.objects where name = $1', [name]);
    expect(rows.rows).toEqual([]);

    // a download of an object whose row exists: 500 too, not a hang
    await srv.db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       values ('photo-wall', $1, $2::uuid, $2, '{"mimetype":"image/png"}')`,
      [name, MAYA],
    );
    const t1 = Date.now();
    const down = await fetch(`${srv.url}/storage/v1/object/authenticated/photo-wall/${name}`, {
      headers: { apikey: srv.anonKey, authorization: `Bearer ${token}` },
    });
    expect(down.status).toBe(500);
    expect(((await down.json()) as { message: string }).message).toMatch(/did not answer/);
    expect(Date.now() - t1).toBeLessThan(8_000);
  });
});

/**
 * What several processes on several machines share: one PostgreSQL database and one S3 service
 * (here two backends in one process, each with its own pool and store client). Needs
 * PostgreSQL: `scripts/with-postgres.sh npx vitest run src/storage/bytes.test.ts`.
 */
describe.runIf(process.env['DATABASE_URL'])('two backends sharing PostgreSQL and S3', () => {
  const adminUrl = process.env['DATABASE_URL'] ?? '';
  let shared: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let dir: string;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let a: TestServer;
  let b: TestServer;
  let mayaA: SupabaseClient;
  let mayaB: SupabaseClient;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bistro-bytes-shared-'));
    // a copy of the run's migrated template, as every other test database
    shared = await freshDatabase(adminUrl, {});
    s3 = await startS3rver();
    // one data folder: the JWT signing key is shared as it would be on every machine
    const opts = {
      databaseUrl: shared.url,
      dataDir: path.join(dir, 'data'),
      config: { storage: { ...LOCAL_STORAGE, driver: 's3' as const, s3: s3Settings(s3.endpoint) } },
    };
    a = await startTestServer(opts);
    b = await startTestServer(opts);
    [mayaA, mayaB] = await Promise.all([signedIn(a, 'maya'), signedIn(b, 'maya')]);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await s3?.close();
    await shared?.drop().catch(() => undefined);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const md5 = (x: ArrayBuffer | Uint8Array) =>
    `"${createHash('md5').update(new Uint8Array(x)).digest('hex')}"`;

  it('an upload through one is served, replaced and deleted through the other', async () => {
    const name = `${MAYA}/shared-${Date.now()}.png`;
    expect(
      (await mayaA.storage.from('photo-wall').upload(name, await pngOf('#135'))).error,
    ).toBeNull();
    const viaB = await mayaB.storage.from('photo-wall').download(name);
    expect(viaB.error).toBeNull();
    const first = await viaB.data!.arrayBuffer();
    const up = await mayaB.storage.from('photo-wall').upload(name, await pngOf('#531', 20), {
      upsert: true,
    });
    expect(up.error).toBeNull();
    const second = await (
      await mayaA.storage.from('photo-wall').download(name)
    ).data!.arrayBuffer();
    expect(md5(second)).not.toBe(md5(first));
    expect((await mayaA.storage.from('photo-wall').remove([name])).error).toBeNull();
    expect((await mayaB.storage.from('photo-wall').download(name)).error).not.toBeNull();
    const store = openBlobStore(b.backend.ctx.config);
    expect(await store.head({ bucket: 'photo-wall', name })).toBeNull();
  });

  it('a delete through one racing a re-upload through the other: a row always has its bytes', async () => {
    const store = openBlobStore(a.backend.ctx.config);
    const name = `${MAYA}/race-${Date.now()}.png`;
    const images = await Promise.all([pngOf('#900'), pngOf('#090'), pngOf('#009')]);
    for (let round = 0; round < 12; round++) {
      expect(
        (await mayaA.storage.from('photo-wall').upload(name, images[round % 3]!, { upsert: true }))
          .error,
      ).toBeNull();
      await Promise.all([
        mayaA.storage.from('photo-wall').remove([name]),
        mayaB.storage.from('photo-wall').upload(name, images[(round + 1) % 3]!, { upsert: true }),
      ]);
      const row = await a.db.query<{ metadata: { eTag: string } | string }>(
        `select metadata from storage.objects where bucket_id = 'photo-wall' and name = $1`,
        [name],
      );
      const got = await store.get({ bucket: 'photo-wall', name });
      if (!row.rows[0]) {
        expect(got, `round ${round}: bytes without a row`).toBeNull();
        continue;
      }
      expect(got, `round ${round}: a row without bytes`).not.toBeNull();
      const meta = row.rows[0].metadata;
      const eTag = (typeof meta === 'string' ? (JSON.parse(meta) as { eTag: string }) : meta).eTag;
      expect(md5(await readAll(got!.body)), `round ${round}: bytes of another upload`).toBe(eTag);
    }
  });
});
