/**
 * The byte stores behind /storage/v1, each driver against the same checks: put, get (whole and
 * ranges), head, copy, list, remove; the local driver's folder layout; an S3 service that is
 * down or hangs gives a StorageBackendError within the timeout, never a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RangeNotSatisfiable, readAll, type BlobStore } from './blobs.js';
import { FsBlobStore } from './fs-store.js';
import { S3BlobStore } from './s3-store.js';
import { StorageBackendError } from './errors.js';
import { deadEndpoints, s3Settings, startS3rver } from './test-services.js';

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (s: string) => new TextEncoder().encode(s);

let dir: string;
let s3: Awaited<ReturnType<typeof startS3rver>>;
const stores: Record<'local' | 's3', BlobStore> = {} as Record<'local' | 's3', BlobStore>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bistro-drivers-'));
  s3 = await startS3rver();
  stores.local = new FsBlobStore(path.join(dir, 'storage'));
  stores.s3 = new S3BlobStore(s3Settings(s3.endpoint));
});

afterAll(async () => {
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('the %s driver', (driver) => {
  const store = () => stores[driver];
  // every character a name may hold besides letters and digits ('+' aside: s3rver decodes
  // x-amz-copy-source with decodeURI, which keeps %2B, so it is covered without a copy below)
  const odd = { bucket: 'docs', name: "u1/a b&$@=;:,!*'()_.-x.txt" };
  const plus = { bucket: 'docs', name: 'u1/c++ notes.txt' };

  it('puts, gets, heads and overwrites whole objects', async () => {
    const s = store();
    await s.put(odd, bytes('hello world 0123456789'), 'text/plain');
    const got = await s.get(odd);
    expect(got?.size).toBe(22);
    expect(got?.range).toBeNull();
    expect(text(await readAll(got!.body))).toBe('hello world 0123456789');
    expect((await s.head(odd))?.size).toBe(22);
    await s.put(plus, bytes('plus'), 'text/plain');
    expect(text(await readAll((await s.get(plus))!.body))).toBe('plus');
    await s.put(odd, bytes('replaced 0123456789xy'), 'text/plain');
    expect(text(await readAll((await s.get(odd))!.body))).toBe('replaced 0123456789xy');
  });

  it('serves byte ranges: first-last, open-ended, suffix; refuses one past the end', async () => {
    const s = store();
    const r1 = await s.get(odd, { first: 9, last: 12 });
    expect(r1?.range).toEqual({ start: 9, end: 12 });
    expect(r1?.size).toBe(21);
    expect(text(await readAll(r1!.body))).toBe('0123');
    const r2 = await s.get(odd, { first: 19 });
    expect(r2?.range).toEqual({ start: 19, end: 20 });
    expect(text(await readAll(r2!.body))).toBe('xy');
    const r3 = await s.get(odd, { suffix: 4 });
    expect(r3?.range).toEqual({ start: 17, end: 20 });
    expect(text(await readAll(r3!.body))).toBe('89xy');
    const r4 = await s.get(odd, { first: 5, last: 1000 });
    expect(r4?.range).toEqual({ start: 5, end: 20 });
    await r4?.body.cancel();
    const past = await s.get(odd, { first: 21 }).catch((e: unknown) => e);
    expect(past).toBeInstanceOf(RangeNotSatisfiable);
    expect((past as RangeNotSatisfiable).size).toBe(21);
  });

  it('copies within the store, lists everything, removes (twice is fine)', async () => {
    const s = store();
    const copy = { bucket: 'other', name: 'u2/copy.txt' };
    expect(await s.copy(odd, copy)).toBe(true);
    expect(text(await readAll((await s.get(copy))!.body))).toBe('replaced 0123456789xy');
    expect(await s.copy({ bucket: 'docs', name: 'u1/none.txt' }, copy)).toBe(false);
    const listed: string[] = [];
    for await (const b of s.list()) {
      expect(b.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
      listed.push(`${b.bucket}/${b.name}`);
    }
    expect(listed.sort()).toEqual(
      [`docs/${odd.name}`, `docs/${plus.name}`, `other/${copy.name}`].sort(),
    );
    await s.remove(copy);
    await s.remove(copy);
    expect(await s.get(copy)).toBeNull();
    expect(await s.head(copy)).toBeNull();
    expect(await s.get({ bucket: 'docs', name: 'never/was.txt' })).toBeNull();
  });

  it('refuses names that could leave their bucket before any request', async () => {
    for (const name of ['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a%2f..'])
      await expect(store().put({ bucket: 'docs', name }, bytes('x'), 'text/plain')).rejects.toThrow(
        'unsafe object path',
      );
  });
});

describe('the local driver', () => {
  it('keeps the folder layout <root>/<bucket>/<name> (files put there before are read)', async () => {
    const root = path.join(dir, 'storage');
    await stores.local.put({ bucket: 'photo-wall', name: 'u1/a.png' }, bytes('png'), 'image/png');
    expect(await readFile(path.join(root, 'photo-wall', 'u1', 'a.png'), 'utf8')).toBe('png');
    await mkdir(path.join(root, 'avatars', 'u9'), { recursive: true });
    await writeFile(path.join(root, 'avatars', 'u9', 'old.jpg'), 'written by an older version');
    const got = await stores.local.get({ bucket: 'avatars', name: 'u9/old.jpg' });
    expect(text(await readAll(got!.body))).toBe('written by an older version');
  });
});

describe('an S3 service that is down or hangs', () => {
  let dead: Awaited<ReturnType<typeof deadEndpoints>>;
  beforeAll(async () => {
    dead = await deadEndpoints();
  });
  afterAll(async () => {
    await dead?.close();
  });

  const key = { bucket: 'docs', name: 'u1/x.txt' };
  const attempt = async (store: BlobStore, op: 'put' | 'get' | 'head' | 'remove' | 'copy') => {
    const t0 = Date.now();
    const run = {
      put: () => store.put(key, bytes('x'), 'text/plain'),
      get: () => store.get(key),
      head: () => store.head(key),
      remove: () => store.remove(key),
      copy: () => store.copy(key, { bucket: 'docs', name: 'u1/y.txt' }),
    }[op];
    const e = await run().then(
      () => null,
      (err: unknown) => err,
    );
    return { e, ms: Date.now() - t0 };
  };

  it('is unreachable: a StorageBackendError at once', async () => {
    const store = new S3BlobStore(s3Settings(dead.closed, { timeoutMs: 2_000 }));
    for (const op of ['put', 'get', 'head', 'remove', 'copy'] as const) {
      const { e, ms } = await attempt(store, op);
      expect(e, op).toBeInstanceOf(StorageBackendError);
      expect((e as StorageBackendError).status).toBe(500);
      expect((e as Error).message).toMatch(/unreachable \(ECONNREFUSED\)/);
      expect(ms).toBeLessThan(2_000);
    }
  });

  it('does not answer: a StorageBackendError after the timeout', async () => {
    const store = new S3BlobStore(s3Settings(dead.hanging, { timeoutMs: 300 }));
    for (const op of ['put', 'get', 'head', 'remove', 'copy'] as const) {
      const { e, ms } = await attempt(store, op);
      expect(e, op).toBeInstanceOf(StorageBackendError);
      // an upload's deadline grows by 1 ms per KiB sent
      expect((e as Error).message).toMatch(/^The storage service did not answer within 30[01] ms$/);
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(ms).toBeLessThan(3_000);
    }
  });

  it('stalls mid-download: the body errors after the timeout', async () => {
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100', 'content-type': 'text/plain' });
      res.write('first ten.');
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (stalling.address() as { port: number }).port;
      // a deadline a loaded machine meets for the headers (they leave at once), so that what
      // ends the read is the stalled body
      const store = new S3BlobStore(s3Settings(`http://127.0.0.1:${port}`, { timeoutMs: 1_000 }));
      const read = await store.get(key);
      expect(read?.size).toBe(100);
      const t0 = Date.now();
      await expect(readAll(read!.body)).rejects.toThrow();
      expect(Date.now() - t0).toBeGreaterThanOrEqual(800);
      expect(Date.now() - t0).toBeLessThan(6_000);
    } finally {
      stalling.closeAllConnections();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });

  it('has no such bucket: a StorageBackendError naming the S3 error code', async () => {
    const store = new S3BlobStore(s3Settings(s3.endpoint, { bucket: 'no-such-bucket' }));
    await expect(store.put(key, bytes('x'), 'text/plain')).rejects.toThrow(
      'The storage service refused the request (NoSuchBucket)',
    );
    await expect(store.get(key)).rejects.toThrow(/NoSuchBucket/);
  });
});
