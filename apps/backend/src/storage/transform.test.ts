/**
 * Image transformations: the options Supabase accepts and the 400 it gives for the others
 * (parseTransform), and GET /render/image/... on a seeded backend: the seed's pictures are in
 * the store, sizes and formats are rendered as asked, supabase-js's getPublicUrl({ transform })
 * URLs work, and a photo the wall does not show is not rendered for the public either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from '../testing.js';
import { USERS, signedIn } from '../integration/support.js';
import { MAX_TRANSFORM_SIDE, outputType, parseTransform } from './transform.js';
import { MAX_STORED_SIDE } from './uploads.js';

describe('parseTransform', () => {
  it('reads the options Supabase accepts, with its defaults', () => {
    expect(parseTransform({})).toEqual({ resize: 'cover', quality: 80 });
    expect(
      parseTransform({
        width: '640',
        height: '400',
        resize: 'contain',
        format: 'avif',
        quality: '60',
      }),
    ).toEqual({ width: 640, height: 400, resize: 'contain', format: 'avif', quality: 60 });
    expect(parseTransform({ width: '0' })).toEqual({ resize: 'cover', quality: 80 });
    expect(parseTransform({ width: '9000' }).width).toBe(MAX_TRANSFORM_SIDE);
    // an option Supabase does not know is ignored there too
    expect(parseTransform({ blur: '5' })).toEqual({ resize: 'cover', quality: 80 });
  });

  it.each([
    [{ width: 'wide' }, 'querystring/width must be integer'],
    [{ height: '1.5' }, 'querystring/height must be integer'],
    [{ width: '-1' }, 'querystring/width must be >= 0'],
    [{ resize: 'crop' }, 'querystring/resize must be equal to one of the allowed values'],
    [{ format: 'webp' }, 'querystring/format must be equal to one of the allowed values'],
    [{ quality: '10' }, 'querystring/quality must be >= 20'],
    [{ quality: '101' }, 'querystring/quality must be <= 100'],
  ])('refuses %j with 400 "%s"', (q, message) => {
    expect(() => parseTransform(q)).toThrow(expect.objectContaining({ status: 400, message }));
  });

  it('sends WebP to a browser that takes it unless a format is asked for', () => {
    const base = parseTransform({});
    expect(outputType(base, 'image/png', 'image/avif,image/webp,*/*')).toBe('image/webp');
    expect(outputType(base, 'image/png', '*/*')).toBe('image/png');
    expect(outputType(parseTransform({ format: 'origin' }), 'image/png', 'image/webp')).toBe(
      'image/png',
    );
    expect(outputType(parseTransform({ format: 'avif' }), 'image/png', '*/*')).toBe('image/avif');
  });
});

describe('GET /storage/v1/render/image', () => {
  let srv: TestServer;
  let admin: SupabaseClient;
  let maya: SupabaseClient;
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    srv = await startTestServer();
    [admin, maya] = await Promise.all([signedIn(srv, 'admin'), signedIn(srv, 'maya')]);
    const { error } = await admin.storage
      .from('event-images')
      .upload('tests/red.png', await png(1200, 600), { contentType: 'image/png' });
    expect(error).toBeNull();
  });
  afterAll(() => srv?.close());

  const get = (path: string, accept = 'image/avif,image/webp,*/*') =>
    fetch(`${srv.url}/storage/v1/render/image/public/${path}`, { headers: { accept } });

  it("serves the seed's pictures from a fresh database", async () => {
    const res = await fetch(
      `${srv.url}/storage/v1/object/public/event-images/seed/friday-night-neon-1.webp`,
    );
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    const rows = await srv.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where name like 'seed/%' and (metadata->>'size')::int > 0`,
    );
    expect(rows.rows[0]?.n).toBe(19);
  });

  it('renders a width, keeping the aspect ratio, as WebP when accepted', async () => {
    const res = await get('event-images/tests/red.png?width=300');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toContain('Accept');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 150]);
  });

  it.each([
    ['cover', 200, 200],
    ['contain', 200, 100],
    ['fill', 200, 200],
  ])('resize=%s into 200x200 gives %ix%i', async (resize, w, h) => {
    const res = await get(`event-images/tests/red.png?width=200&height=200&resize=${resize}`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([w, h]);
  });

  it('keeps the original format when asked or when WebP is not accepted, and renders AVIF', async () => {
    const origin = await get('event-images/tests/red.png?width=100&format=origin');
    expect(origin.headers.get('content-type')).toBe('image/png');
    const plain = await get('event-images/tests/red.png?width=100', 'image/png,*/*');
    expect(plain.headers.get('content-type')).toBe('image/png');
    const avif = await get('event-images/tests/red.png?width=100&format=avif');
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).format).toBe('heif');
  });

  it('never enlarges an image', async () => {
    const res = await get('event-images/tests/red.png?width=2000');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it("refuses an option's bad value with Supabase's 400, before looking for the object", async () => {
    for (const path of ['event-images/tests/red.png', 'event-images/missing.png']) {
      const res = await get(`${path}?resize=crop`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: '400',
        error: 'Error',
        message: 'querystring/resize must be equal to one of the allowed values',
      });
    }
    const q = await get('event-images/tests/red.png?quality=5');
    expect(q.status).toBe(400);
  });

  it('answers 404 for a missing object or bucket', async () => {
    expect((await get('event-images/nothing-here.png?width=10')).status).toBe(404);
    expect((await get('no-such-bucket/x.png?width=10')).status).toBe(404);
  });

  it("works with supabase-js's getPublicUrl({ transform })", async () => {
    const anon = createTestClient(srv);
    const { data } = anon.storage
      .from('event-images')
      .getPublicUrl('seed/jazz-small-plates-2.webp', {
        transform: { width: 480, height: 320, resize: 'cover', quality: 70 },
      });
    expect(data.publicUrl).toContain('/storage/v1/render/image/public/event-images/');
    const res = await fetch(data.publicUrl, { headers: { accept: 'image/webp' } });
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([480, 320]);
  });

  it('renders a photo publicly only while the wall shows it; its uploader reads it signed in', async () => {
    const name = `${USERS.maya.id}/render-${Date.now()}.png`;
    const up = await maya.storage
      .from('photo-wall')
      .upload(name, await png(400, 400), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    expect((await get(`photo-wall/${name}?width=100`)).status).toBe(404);
    const token = (await maya.auth.getSession()).data.session?.access_token ?? '';
    const own = await fetch(
      `${srv.url}/storage/v1/render/image/authenticated/photo-wall/${name}?width=100`,
      { headers: { authorization: `Bearer ${token}`, apikey: srv.anonKey } },
    );
    expect(own.status).toBe(200);
    // an approved seed photo is public
    expect((await get(`photo-wall/${USERS.maya.id}/seed-cocktails.webp?width=200`)).status).toBe(
      200,
    );
  });

  it('scales an upload larger than the stored maximum down on the way in', async () => {
    const { error } = await admin.storage
      .from('event-images')
      .upload('tests/huge.png', await png(4000, 1000), { contentType: 'image/png' });
    expect(error).toBeNull();
    const res = await fetch(`${srv.url}/storage/v1/object/public/event-images/tests/huge.png`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([MAX_STORED_SIDE, 640]);
  });
});
