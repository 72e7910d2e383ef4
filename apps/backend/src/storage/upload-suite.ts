/**
 * Shared setup of the upload security suites: a backend with a data folder (so object bytes
 * really land on disk) or an S3 service (s3rver), Maya and Leo signed in, and helpers that send
 * requests, record refused attacks and look at what was stored. Each suite runs once per
 * storage driver and calls uploadSuite(driver) at the top of each run.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS, signedIn } from '../integration/support.js';
import { openBlobStore } from './driver.js';
import { testStorage, type StorageDriverName, type TestStorage } from './test-services.js';

export const MAYA = USERS.maya.id;
export const LEO = USERS.leo.id;
export const LIMIT = 10 * 1024 * 1024; // the buckets' file_size_limit (migration 20251122000100)

export let dir: string;
export let srv: TestServer;
export let maya: SupabaseClient;
export let leo: SupabaseClient;
export let mayaToken: string;
export let leoToken: string;
let seq = 0;
let driver: StorageDriverName = 'local';
let bytes: TestStorage | undefined;
export const attacks: { attack: string; status: number }[] = [];

/**
 * Boots the backend (its object bytes on `storageDriver`) before the tests of the enclosing
 * describe and closes it after; prints the attacks tried.
 */
export function uploadSuite(storageDriver: StorageDriverName): void {
  beforeAll(async () => {
    driver = storageDriver;
    attacks.length = 0;
    dir = await mkdtemp(path.join(tmpdir(), 'bistro-upload-sec-'));
    bytes = await testStorage(driver);
    srv = await startTestServer({
      dataDir: path.join(dir, 'data'),
      pglite: true,
      config: { storage: bytes.settings },
    });
    maya = await signedIn(srv, 'maya');
    leo = await signedIn(srv, 'leo');
    mayaToken = (await maya.auth.getSession()).data.session?.access_token ?? '';
    leoToken = (await leo.auth.getSession()).data.session?.access_token ?? '';
  });

  afterAll(async () => {
    await srv?.close();
    await bytes?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (attacks.length)
      console.log(
        `[upload security, ${driver} storage] ${attacks.length} attacks tried and refused (each checked before it is listed):\n` +
          attacks.map((a) => `  ${a.status}  ${a.attack}`).join('\n'),
      );
  });
}

export const name = (owner: string, ext: string) => `${owner}/${Date.now()}-${++seq}.${ext}`;

export function storage(
  p: string,
  init: RequestInit & { token?: string; duplex?: 'half' } = {},
): Promise<Response> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('apikey', srv.anonKey);
  headers.set('authorization', `Bearer ${token ?? mayaToken}`);
  return fetch(`${srv.url}/storage/v1${p}`, { ...rest, headers });
}

/** A raw HTTP request whose target is sent exactly as written (fetch would normalise '..'). */
export function rawRequest(
  method: string,
  target: string,
  body: Uint8Array,
  contentType = 'image/png',
): Promise<{ status: number; body: string }> {
  const url = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        headers: {
          apikey: srv.anonKey,
          authorization: `Bearer ${mayaToken}`,
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Records an attack and checks it was refused with a storage-API shaped error. */
export async function refused(
  attack: string,
  res: Response | { status: number; body: string },
  status: number | number[],
): Promise<Record<string, unknown>> {
  const text = 'text' in res ? await res.text() : res.body;
  expect([status].flat(), `${attack}: ${text}`).toContain(res.status);
  attacks.push({ attack, status: res.status });
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body).toMatchObject({
    statusCode: String(res.status),
    error: expect.any(String),
    message: expect.any(String),
  });
  return body;
}

export async function objectNames(bucket: string): Promise<string[]> {
  const r = await srv.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 order by name',
    [bucket],
  );
  return r.rows.map((x) => x.name);
}

/**
 * Every stored object as "<bucket>/<name>": on the local driver every file under the data
 * folder's storage/, relative to it; on s3 every key in the S3 bucket.
 */
export async function filesOnDisk(): Promise<string[]> {
  if (driver === 's3') {
    const out: string[] = [];
    for await (const b of openBlobStore(srv.backend.ctx.config).list())
      out.push(`${b.bucket}/${b.name}`);
    return out.sort();
  }
  const root = path.join(dir, 'data', 'storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

export const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

/** Whether a TIFF/EXIF block's first IFD points to a GPS IFD (tag 0x8825). */
export function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}
