/**
 * Storage as supabase-js's storage client sees it: bucket settings (updates change only what
 * they name, decimal size units), timestamps in the `Z` form, signed URLs with a transformation,
 * signed upload URLs, list-v2, info/exists, emptyBucket, the routes that are never a bucket,
 * and the gateway's 401 for a request without any API key.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from '../../testing.js';

let srv: TestServer;
let dir: string;
let service: SupabaseClient;

const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function png(width: number, height: number): Promise<Blob> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bistro-storage-conformance-'));
  srv = await startTestServer({ supabaseDir: dir });
  service = createTestClient(srv, { key: srv.serviceRoleKey });
});
afterAll(async () => {
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('buckets', () => {
  it('an update changes only the settings it names', async () => {
    const id = 'limited';
    expect(
      (
        await service.storage.createBucket(id, {
          public: true,
          fileSizeLimit: '20mb',
          allowedMimeTypes: ['image/png'],
        })
      ).error,
    ).toBeNull();
    expect((await service.storage.updateBucket(id, { public: false })).error).toBeNull();
    const got = await service.storage.getBucket(id);
    expect(got.data).toMatchObject({
      public: false,
      file_size_limit: 20_000_000,
      allowed_mime_types: ['image/png'],
    });
    expect(
      (await service.storage.updateBucket(id, { public: true, fileSizeLimit: '1.5MB' })).error,
    ).toBeNull();
    expect((await service.storage.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 1_500_000,
      allowed_mime_types: ['image/png'],
    });
  });

  it("sizes are read in Storage's decimal units; a size it cannot read is its 400", async () => {
    await service.storage.createBucket('sized', { public: false, fileSizeLimit: '3KB' });
    expect((await service.storage.getBucket('sized')).data?.file_size_limit).toBe(3000);
    const bad = await service.storage.createBucket('bad-size', {
      public: false,
      fileSizeLimit: '20 megabytes',
    });
    expect(bad.error?.message).toBe('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    expect((bad.error as { statusCode?: string } | null)?.statusCode).toBe('400');
  });

  it('timestamps are ISO strings in UTC with a Z, as Storage answers them', async () => {
    const b = await service.storage.getBucket('limited');
    expect(b.data?.created_at).toMatch(ISO_Z);
    expect(b.data?.updated_at).toMatch(ISO_Z);
    await service.storage.from('limited').upload('t/one.png', await png(4, 4));
    const list = await service.storage.from('limited').list('t');
    expect(list.data?.[0]?.created_at).toMatch(ISO_Z);
    expect(list.data?.[0]?.updated_at).toMatch(ISO_Z);
  });

  it('emptyBucket removes every object, and the bucket can then be deleted', async () => {
    await service.storage.createBucket('to-empty', { public: false });
    const bucket = service.storage.from('to-empty');
    await bucket.upload('a.png', await png(2, 2));
    await bucket.upload('f/b.png', await png(2, 2));
    expect((await service.storage.deleteBucket('to-empty')).error).not.toBeNull();
    const emptied = await service.storage.emptyBucket('to-empty');
    expect(emptied).toMatchObject({ data: { message: 'Successfully emptied' }, error: null });
    expect((await bucket.exists('a.png')).data).toBe(false);
    expect((await service.storage.deleteBucket('to-empty')).error).toBeNull();
    const missing = await service.storage.emptyBucket('never-was');
    expect((missing.error as { statusCode?: string } | null)?.statusCode).toBe('404');
  });
});

describe('objects', () => {
  beforeAll(async () => {
    await service.storage.createBucket('files', { public: false });
  });

  it('info and exists', async () => {
    const files = service.storage.from('files');
    await files.upload('docs/info.png', await png(3, 3), { metadata: { owner: 'ann' } });
    const info = await files.info('docs/info.png');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: 'docs/info.png',
      bucketId: 'files',
      size: expect.any(Number),
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
      etag: expect.stringMatching(/^".+"$/),
      metadata: { owner: 'ann' },
      version: expect.any(String),
    });
    expect(info.data?.createdAt).toMatch(ISO_Z);
    expect(info.data?.lastModified).toMatch(ISO_Z);
    expect((await files.info('docs/missing.png')).error).not.toBeNull();
    expect((await files.exists('docs/info.png')).data).toBe(true);
    expect((await files.exists('docs/missing.png')).data).toBe(false);
  });

  it('list-v2: flat under a prefix, folders with a delimiter, pages with a cursor', async () => {
    const files = service.storage.from('files');
    for (const s of ['zz', 'bb', 'xx', 'aa', 'cc'])
      await files.upload(`v2/f-${s}.png`, await png(2, 2));
    await files.upload('v2/sub/inner.png', await png(2, 2));
    const flat = await files.listV2({ prefix: 'v2/f-' });
    expect(flat.error).toBeNull();
    expect(flat.data?.hasNext).toBe(false);
    expect(flat.data?.folders).toEqual([]);
    expect(flat.data?.objects.map((o) => o.name)).toEqual(
      ['aa', 'bb', 'cc', 'xx', 'zz'].map((s) => `v2/f-${s}.png`),
    );
    const top = await files.listV2({ prefix: 'v2/', with_delimiter: true });
    expect(top.data?.folders).toEqual([{ name: 'v2/sub/', key: 'v2/sub' }]);
    expect(top.data?.objects).toHaveLength(5);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await files.listV2({
        prefix: 'v2/f-',
        limit: 2,
        sortBy: { column: 'name', order: 'desc' },
        ...(cursor ? { cursor } : {}),
      });
      pages++;
      seen.push(...(page.data?.objects ?? []).map((o) => o.name));
      if (!page.data?.hasNext) break;
      cursor = page.data.nextCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['zz', 'xx', 'cc', 'bb', 'aa'].map((s) => `v2/f-${s}.png`));
  });

  it('signed upload URLs: one upload per link, an upsert link replaces', async () => {
    const files = service.storage.from('files');
    const signed = await files.createSignedUploadUrl('up/one.png');
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toContain(
      `${srv.url}/storage/v1/object/upload/sign/files/up/one.png?token=`,
    );
    // anyone holding the link uploads, without a session
    const anon = createTestClient(srv).storage.from('files');
    const up = await anon.uploadToSignedUrl('up/one.png', signed.data!.token, await png(5, 5));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'up/one.png', fullPath: 'files/up/one.png' });
    expect((await files.exists('up/one.png')).data).toBe(true);
    const again = await anon.uploadToSignedUrl('up/one.png', signed.data!.token, await png(5, 5));
    expect(again.error?.message).toBe('The resource already exists');
    expect((again.error as { statusCode?: string } | null)?.statusCode).toBe('409');
    // a link for one name uploads nothing under another
    const other = await anon.uploadToSignedUrl('up/two.png', signed.data!.token, await png(5, 5));
    expect(other.error).not.toBeNull();
    expect((await files.exists('up/two.png')).data).toBe(false);
    const upsert = await files.createSignedUploadUrl('up/one.png', { upsert: true });
    const replaced = await anon.uploadToSignedUrl(
      'up/one.png',
      upsert.data!.token,
      await png(7, 7),
    );
    expect(replaced.error).toBeNull();
  });

  it('a signing request the caller could not upload is refused when signing', async () => {
    const anon = createTestClient(srv).storage.from('files');
    const r = await anon.createSignedUploadUrl('up/anon.png');
    expect(r.error).not.toBeNull();
  });
});

describe('signed URLs with a transformation', () => {
  it('serve the rendered image, never the original', async () => {
    const files = service.storage.from('files');
    await files.upload('img/wide.png', await png(400, 200));
    const signed = await files.createSignedUrl('img/wide.png', 60, {
      transform: { width: 100, height: 50, resize: 'cover', format: 'origin' },
    });
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toContain(
      '/storage/v1/render/image/sign/files/img/wide.png?token=',
    );
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-transformations')).toBe('height:50,width:100,resizing_type:fill');
    const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([100, 50]);
    // the token of a transformed link does not open the original
    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    const original = await fetch(
      `${srv.url}/storage/v1/object/sign/files/img/wide.png?token=${token}`,
    );
    expect(original.status).toBe(400);
    // a plain signed link still serves the original
    const plain = await files.createSignedUrl('img/wide.png', 60);
    const bytes = await (await fetch(plain.data!.signedUrl)).arrayBuffer();
    expect((await sharp(new Uint8Array(bytes)).metadata()).width).toBe(400);
  });

  it('a transformation Storage refuses is refused when signing', async () => {
    const r = await service.storage
      .from('files')
      .createSignedUrl('img/wide.png', 60, { transform: { quality: 5 } });
    expect(r.error?.message).toBe('querystring/quality must be >= 20');
  });
});

describe('routes that are never a bucket', () => {
  it('a bucket named like a route does not turn an unknown route into an upload', async () => {
    for (const id of ['upload', 'list-v2', 'info'])
      expect((await service.storage.createBucket(id, { public: false })).error).toBeNull();
    const post = (p: string) =>
      fetch(`${srv.url}/storage/v1${p}`, {
        method: 'POST',
        headers: {
          apikey: srv.serviceRoleKey,
          authorization: `Bearer ${srv.serviceRoleKey}`,
          'content-type': 'image/png',
        },
        body: 'not an image',
      });
    for (const p of [
      '/object/upload/other/x.png',
      '/object/info/upload/x.png',
      '/object/list-v2/x/y',
    ])
      expect(await post(p).then(async (r) => [r.status, (await r.json()) as unknown])).toEqual([
        404,
        { statusCode: '404', error: 'not_found', message: 'Route not found' },
      ]);
    // POST /object/upload/sign/... is the signed-upload route, whatever buckets exist
    const signed = await service.storage.from('upload').createSignedUploadUrl('sign/x.png');
    expect(signed.error).toBeNull();
    for (const id of ['upload', 'list-v2', 'info'])
      expect((await service.storage.from(id).list('', { limit: 100 })).data).toEqual([]);
  });
});

describe('requests without any API key', () => {
  it("are answered 401 as Supabase's gateway does", async () => {
    for (const p of [
      '/storage/v1/bucket',
      '/rest/v1/anything',
      '/auth/v1/user',
      '/auth/v1/settings',
    ]) {
      const res = await fetch(`${srv.url}${p}`);
      expect(res.status, p).toBe(401);
      expect(await res.json()).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
  });

  it("with REQUIRE_API_KEY=false they are served as anonymous, as the Supabase CLI's stack", async () => {
    const open = await startTestServer({ supabaseDir: dir, config: { requireApiKey: false } });
    try {
      const buckets = await fetch(`${open.url}/storage/v1/bucket`);
      expect(buckets.status).toBe(200);
      expect(await buckets.json()).toEqual([]);
      const rest = await fetch(`${open.url}/rest/v1/nothing_here`);
      expect((await rest.json()) as unknown).toMatchObject({ code: '42P01' });
    } finally {
      await open.close();
    }
  });

  it('public objects, renders and signed links need none', async () => {
    await service.storage.createBucket('open', { public: true });
    await service.storage.from('open').upload('p.png', await png(40, 20));
    const url = service.storage.from('open').getPublicUrl('p.png').data.publicUrl;
    expect((await fetch(url)).status).toBe(200);
    const rendered = service.storage
      .from('open')
      .getPublicUrl('p.png', { transform: { width: 10 } });
    expect((await fetch(rendered.data.publicUrl)).status).toBe(200);
    const signed = await service.storage.from('open').createSignedUrl('p.png', 60);
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
  });
});
