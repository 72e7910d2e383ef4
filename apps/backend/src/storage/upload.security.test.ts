/**
 * Upload attacks against the product's buckets (photo-wall, event-images) on a backend with a
 * data folder, so object bytes really land on disk: disguised files, oversized bodies, paths
 * that try to leave the bucket, a second member overwriting the first one's photo; and the
 * metadata a stored photo keeps (none: GPS EXIF is gone, orientation applied, format kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS, signedIn } from '../integration/support.js';

const MAYA = USERS.maya.id;
const LEO = USERS.leo.id;
const LIMIT = 10 * 1024 * 1024; // the buckets' file_size_limit (migration 20251122000100)

let dir: string;
let srv: TestServer;
let maya: SupabaseClient;
let leo: SupabaseClient;
let mayaToken: string;
let leoToken: string;
let seq = 0;
const attacks: { attack: string; status: number }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bistro-upload-sec-'));
  srv = await startTestServer({ dataDir: path.join(dir, 'data'), pglite: true });
  maya = await signedIn(srv, 'maya');
  leo = await signedIn(srv, 'leo');
  mayaToken = (await maya.auth.getSession()).data.session?.access_token ?? '';
  leoToken = (await leo.auth.getSession()).data.session?.access_token ?? '';
});

afterAll(async () => {
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  if (attacks.length)
    console.log(
      `[upload security] ${attacks.length} attacks tried and refused (each checked before it is listed):\n` +
        attacks.map((a) => `  ${a.status}  ${a.attack}`).join('\n'),
    );
});

const name = (owner: string, ext: string) => `${owner}/${Date.now()}-${++seq}.${ext}`;

function storage(
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
function rawRequest(
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
async function refused(
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

async function objectNames(bucket: string): Promise<string[]> {
  const r = await srv.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 order by name',
    [bucket],
  );
  return r.rows.map((x) => x.name);
}

/** Every file under the data folder's storage/, relative to it. */
async function filesOnDisk(): Promise<string[]> {
  const root = path.join(dir, 'data', 'storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

/** Whether a TIFF/EXIF block's first IFD points to a GPS IFD (tag 0x8825). */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe('disguised and unreadable files are refused', () => {
  const text = Buffer.from('<html><script>alert(1)</script></html>\n');
  const cases: { attack: string; body: () => Promise<Uint8Array>; type: string }[] = [
    {
      attack: 'HTML renamed .png, declared image/png',
      body: async () => text,
      type: 'image/png',
    },
    {
      attack: 'HTML renamed .png, declared text/plain',
      body: async () => text,
      type: 'text/plain',
    },
    { attack: 'HTML declared text/html', body: async () => text, type: 'text/html' },
    {
      attack: 'SVG with script, declared image/svg+xml',
      body: async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
        ),
      type: 'image/svg+xml',
    },
    {
      attack: 'PDF renamed .png, declared image/png',
      body: async () => Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
      type: 'image/png',
    },
    {
      attack: 'PNG signature followed by HTML (polyglot), declared image/png',
      body: async () => Buffer.concat([(await png()).subarray(0, 33), text]),
      type: 'image/png',
    },
    {
      attack: 'no declared type, HTML bytes',
      body: async () => text,
      type: 'application/octet-stream',
    },
  ];
  for (const t of cases)
    it(t.attack, async () => {
      const p = name(MAYA, 'png');
      const res = await storage(`/object/photo-wall/${p}`, {
        method: 'POST',
        headers: { 'content-type': t.type },
        body: new Uint8Array(await t.body()),
      });
      await refused(t.attack, res, 415);
      expect(await objectNames('photo-wall')).not.toContain(p);
    });

  it('through supabase-js (multipart form): a text file named photo.png labelled image/png', async () => {
    const p = name(MAYA, 'png');
    const up = await maya.storage
      .from('photo-wall')
      .upload(p, new Blob([text], { type: 'image/png' }), { contentType: 'image/png' });
    expect(up.error).toMatchObject({
      status: 415,
      message: expect.stringMatching(/does not match/),
    });
    attacks.push({ attack: 'supabase-js multipart: text labelled image/png', status: 415 });
    expect(await objectNames('photo-wall')).not.toContain(p);
  });

  it('an image whose pixel count is a decompression bomb (9000 x 8000)', async () => {
    // A real 8 x 8 PNG whose header (with its CRC fixed) claims 9000 x 8000 pixels:
    // refused from the header, before any pixel is decoded.
    const big = await png();
    big.writeUInt32BE(9000, 16);
    big.writeUInt32BE(8000, 20);
    big.writeUInt32BE(crc32(big.subarray(12, 29)), 29);
    const p = name(MAYA, 'png');
    const res = await storage(`/object/photo-wall/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(big),
    });
    await refused('PNG of 9000 x 8000 pixels (decompression bomb)', res, 413);
    expect(await objectNames('photo-wall')).not.toContain(p);
  });
});

describe("bodies over the bucket's size limit are refused", () => {
  const over = () => {
    const b = Buffer.alloc(LIMIT + 1);
    b.set([0xff, 0xd8, 0xff, 0xe0]); // looks like a JPEG
    return b;
  };

  it('with a Content-Length over the limit', async () => {
    const p = name(MAYA, 'jpg');
    const res = await storage(`/object/photo-wall/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: over(),
    });
    await refused('10 MB + 1 byte body with Content-Length', res, 413);
    expect(await objectNames('photo-wall')).not.toContain(p);
  });

  it('chunked (no Content-Length), counted as it streams', async () => {
    const p = name(MAYA, 'jpg');
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        if (sent >= 12) return ctl.close();
        sent++;
        ctl.enqueue(chunk);
      },
    });
    const res = await storage(`/object/photo-wall/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body,
      duplex: 'half',
    });
    await refused('12 MB chunked body', res, 413);
    expect(await objectNames('photo-wall')).not.toContain(p);
  });

  it('as a multipart form (supabase-js with a Blob)', async () => {
    const p = name(MAYA, 'jpg');
    const up = await maya.storage
      .from('photo-wall')
      .upload(p, new Blob([over()], { type: 'image/jpeg' }), { contentType: 'image/jpeg' });
    expect(up.error).toMatchObject({ status: 413, message: expect.stringMatching(/exceeded/) });
    attacks.push({ attack: 'supabase-js multipart: 10 MB + 1 byte file', status: 413 });
    expect(await objectNames('photo-wall')).not.toContain(p);
  });
});

describe('paths that try to leave the bucket are refused', () => {
  const targets = [
    `photo-wall/${MAYA}/../${LEO}/x.png`,
    `photo-wall/${MAYA}/%2e%2e/${LEO}/x.png`,
    `photo-wall/${MAYA}/%2E%2E/%2E%2E/event-images/x.png`,
    `photo-wall/${MAYA}/..%2f..%2f..%2fx.png`,
    `photo-wall/${MAYA}/%2e%2e%2f%2e%2e%2fx.png`,
    `photo-wall/${MAYA}/%252e%252e/x.png`,
    `photo-wall/${MAYA}/.%2e/x.png`,
    `photo-wall/${MAYA}/./x.png`,
    `photo-wall/${MAYA}%5c..%5c..%5cx.png`,
    `photo-wall/${MAYA}/x.png%00.jpg`,
    `photo-wall/${MAYA}/x%0a.png`,
    `photo-wall//etc/passwd`,
    `photo-wall/%2fetc%2fpasswd`,
    `photo-wall/${MAYA}//x.png`,
    `..%2f..%2fdata/${MAYA}/x.png`,
  ];
  for (const t of targets)
    it(`POST /storage/v1/object/${t}`, async () => {
      const before = await filesOnDisk();
      const res = await rawRequest('POST', `/storage/v1/object/${t}`, await png());
      await refused(`upload to ${t}`, res, 400);
      expect(await filesOnDisk()).toEqual(before);
    });

  it('a raw backslash in the request target is refused by the HTTP layer', async () => {
    const res = await rawRequest(
      'POST',
      `/storage/v1/object/photo-wall/${MAYA}\\..\\x.png`,
      await png(),
    );
    expect(res.status).toBe(400);
    attacks.push({ attack: 'upload to a target with raw backslashes', status: res.status });
  });

  it('move and copy with a destination outside the folder', async () => {
    const src = name(MAYA, 'png');
    expect((await maya.storage.from('photo-wall').upload(src, await png())).error).toBeNull();
    for (const dest of [
      '../x.png',
      `${MAYA}/../../x.png`,
      '/etc/passwd',
      `${MAYA}\\x.png`,
      `${MAYA}/x\0.png`,
    ]) {
      for (const op of ['move', 'copy'] as const) {
        const res = await storage(`/object/${op}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bucketId: 'photo-wall', sourceKey: src, destinationKey: dest }),
        });
        await refused(`${op} to ${JSON.stringify(dest)}`, res, 400);
      }
    }
    expect(await objectNames('photo-wall')).toContain(src);
  });
});

describe("a second member cannot overwrite the first one's photo", () => {
  let target: string;
  let original: string;
  const sha = (b: ArrayBuffer | Uint8Array) =>
    createHash('sha256').update(new Uint8Array(b)).digest('hex');
  // the photo has no approved row, so only its owner (or an admin) can read it
  const stored = async () => {
    const r = await storage(`/object/authenticated/photo-wall/${target}`);
    expect(r.status).toBe(200);
    return sha(await r.arrayBuffer());
  };

  beforeAll(async () => {
    target = name(MAYA, 'png');
    const up = await maya.storage.from('photo-wall').upload(target, await png());
    expect(up.error).toBeNull();
    original = await stored();
  });

  it('POST with x-upsert, PUT, plain POST, move, copy and delete are all refused', async () => {
    const other = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const send = (method: string, upsert: boolean, token: string) =>
      storage(`/object/photo-wall/${target}`, {
        method,
        token,
        headers: { 'content-type': 'image/png', ...(upsert ? { 'x-upsert': 'true' } : {}) },
        body: new Uint8Array(other),
      });
    for (const [who, token] of [
      ['leo', leoToken],
      ['a visitor', srv.anonKey],
    ] as const) {
      await refused(
        `${who}: POST x-upsert over Maya's photo`,
        await send('POST', true, token),
        [401, 403],
      );
      await refused(`${who}: POST over Maya's photo`, await send('POST', false, token), [401, 403]);
      await refused(`${who}: PUT over Maya's photo`, await send('PUT', false, token), [404]);
      await refused(
        `${who}: PUT x-upsert over Maya's photo`,
        await send('PUT', true, token),
        [401, 403],
      );
    }
    // Leo's own photo, copied or moved onto Maya's name
    const mine = name(LEO, 'png');
    expect((await leo.storage.from('photo-wall').upload(mine, other)).error).toBeNull();
    const transfer = (op: string, body: object, upsert = false) =>
      storage(`/object/${op}`, {
        method: 'POST',
        token: leoToken,
        headers: { 'content-type': 'application/json', ...(upsert ? { 'x-upsert': 'true' } : {}) },
        body: JSON.stringify({ bucketId: 'photo-wall', ...body }),
      });
    await refused(
      "leo: copy his photo onto Maya's name (x-upsert)",
      await transfer('copy', { sourceKey: mine, destinationKey: target }, true),
      [403, 409],
    );
    await refused(
      "leo: move his photo onto Maya's name",
      await transfer('move', { sourceKey: mine, destinationKey: target }),
      [403, 409],
    );
    await refused(
      "leo: move Maya's photo into his folder",
      await transfer('move', { sourceKey: target, destinationKey: name(LEO, 'png') }),
      [403, 404],
    );
    const del = await leo.storage.from('photo-wall').remove([target]);
    expect(del.data).toEqual([]);
    attacks.push({ attack: "leo: delete Maya's photo (200, nothing deleted)", status: 200 });
    const anonDel = await storage('/object/photo-wall', {
      method: 'DELETE',
      token: srv.anonKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: [target] }),
    });
    expect(await anonDel.json()).toEqual([]);
    attacks.push({ attack: "a visitor: delete Maya's photo (200, nothing deleted)", status: 200 });

    expect(await stored()).toBe(original);
    const row = await srv.db.query<{ owner: string }>(
      "select owner::text from storage.objects where bucket_id = 'photo-wall' and name = $1",
      [target],
    );
    expect(row.rows).toEqual([{ owner: MAYA }]);
  });

  it('the owner still can: upsert, move and copy within her folder, then delete', async () => {
    const red = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const up = await maya.storage.from('photo-wall').upload(target, red, { upsert: true });
    expect(up.error).toBeNull();
    expect(await stored()).not.toBe(original);
    const copy = name(MAYA, 'png');
    expect((await maya.storage.from('photo-wall').copy(target, copy)).error).toBeNull();
    const moved = name(MAYA, 'png');
    expect((await maya.storage.from('photo-wall').move(copy, moved)).error).toBeNull();
    const names = await objectNames('photo-wall');
    expect(names).toContain(moved);
    expect(names).not.toContain(copy);
    expect((await filesOnDisk()).map((f) => f.split(path.sep).join('/'))).toContain(
      `photo-wall/${moved}`,
    );
    const rm1 = await maya.storage.from('photo-wall').remove([moved]);
    expect(rm1.data?.map((o) => o.name)).toEqual([moved]);
  });
});

describe('stored photos carry no metadata', () => {
  async function roundTrip(p: string, bytes: Buffer, type: string) {
    const up = await maya.storage
      .from('photo-wall')
      .upload(p, new Blob([new Uint8Array(bytes)], { type }), { contentType: type });
    expect(up.error).toBeNull();
    const res = await storage(`/object/authenticated/photo-wall/${p}`);
    expect(res.status).toBe(200);
    const out = Buffer.from(await res.arrayBuffer());
    const listed = await maya.storage.from('photo-wall').list(MAYA, { search: p.split('/')[1] });
    const meta = listed.data?.[0]?.metadata as { size: number; mimetype: string } | undefined;
    return { out, res, meta };
  }

  it('a JPEG with GPS EXIF, taken sideways: stored upright as a JPEG with no EXIF at all', async () => {
    const input = await sharp({
      create: { width: 64, height: 32, channels: 3, background: '#c33' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { ImageDescription: 'Table 12, by the window', Artist: 'Maya' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '41/1 29/1 5/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '81/1 41/1 40/1',
          GPSMapDatum: 'WGS-84',
        },
      })
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif && hasGpsIfd(inMeta.exif)).toBe(true);
    expect(input.includes('WGS-84')).toBe(true);

    const { out, res, meta } = await roundTrip(name(MAYA, 'jpg'), input, 'image/jpeg');
    const outMeta = await sharp(out).metadata();
    expect(outMeta.format).toBe('jpeg');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(outMeta.exif).toBeUndefined();
    expect(outMeta.xmp).toBeUndefined();
    expect(outMeta.icc).toBeUndefined();
    expect(outMeta.orientation).toBeUndefined();
    expect(out.includes('Exif\0\0')).toBe(false);
    expect(out.includes('WGS-84')).toBe(false);
    expect(out.includes('Table 12')).toBe(false);
    // orientation 6 (turned 90 degrees) applied to the pixels: 64 x 32 becomes 32 x 64
    expect([outMeta.width, outMeta.height]).toEqual([32, 64]);
    expect(meta).toMatchObject({ size: out.length, mimetype: 'image/jpeg' });
    console.log(
      `[upload security] EXIF check: input ${input.length} B with GPS IFD ${hasGpsIfd(inMeta.exif!)}, ` +
        `stored ${out.length} B, exif ${outMeta.exif ? 'present' : 'absent'}, ${outMeta.width}x${outMeta.height}`,
    );
  });

  it('PNG stays PNG and WebP stays WebP, both without EXIF, XMP or ICC', async () => {
    const base = () =>
      sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
        .withExif({ IFD0: { ImageDescription: 'secret spot' }, IFD3: { GPSMapDatum: 'WGS-84' } })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
        .withIccProfile('p3');
    for (const [fmt, type, bytes] of [
      ['png', 'image/png', await base().png().toBuffer()],
      ['webp', 'image/webp', await base().webp().toBuffer()],
    ] as const) {
      const m = await sharp(bytes).metadata();
      expect(m.exif ?? m.xmp ?? m.icc).toBeDefined();
      const { out, res, meta } = await roundTrip(name(MAYA, fmt), bytes, type);
      const outMeta = await sharp(out).metadata();
      expect(outMeta.format).toBe(fmt);
      expect(res.headers.get('content-type')).toBe(type);
      expect([outMeta.exif, outMeta.xmp, outMeta.icc]).toEqual([undefined, undefined, undefined]);
      expect(out.includes('secret spot')).toBe(false);
      expect(meta).toMatchObject({ size: out.length, mimetype: type });
    }
  });

  it('a JPEG labelled image/png is stored as what its bytes are', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#999' } })
      .jpeg()
      .toBuffer();
    const { out, res, meta } = await roundTrip(name(MAYA, 'png'), jpeg, 'image/png');
    expect((await sharp(out).metadata()).format).toBe('jpeg');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(meta?.mimetype).toBe('image/jpeg');
  });
});

describe('image addresses stored in rows are http(s) only', () => {
  const soon = () => new Date(Date.now() + 86_400_000).toISOString();
  const cases: [string, string, Record<string, unknown>][] = [
    ['photo_wall', 'javascript:', { user_id: MAYA, image_url: 'javascript:window.__xss=1' }],
    [
      'photo_wall',
      'data:',
      { user_id: MAYA, image_url: 'data:image/svg+xml,<svg onload=alert(1)>' },
    ],
    [
      'event_bookings',
      'javascript:',
      {
        user_id: MAYA,
        name: 'Maya',
        email: 'maya@example.com',
        phone: '1',
        event_date: soon(),
        number_of_guests: 1,
        event_image_url: ' javascript:alert(1)',
      },
    ],
  ];
  it.each(cases)('a member: %s with a %s image URL is refused', async (table, scheme, row) => {
    const r = await maya.from(table).insert(row);
    expect(r.error?.code).toBe('23514');
    attacks.push({ attack: `${table} row with a ${scheme} image URL (member)`, status: r.status });
  });

  it('an admin: an event with a javascript: featured image is refused', async () => {
    const admin = await signedIn(srv, 'admin');
    const r = await admin
      .from('events')
      .insert({ title: 'x', event_date: soon(), featured_image_url: 'javascript:alert(1)' });
    expect(r.error?.code).toBe('23514');
    attacks.push({
      attack: 'events row with a javascript: featured_image_url (admin)',
      status: r.status,
    });
  });
});
