/**
 * Storage privacy: a photo-wall file is public only while an approved photo shows it; until
 * then only its uploader and admins read it, by any URL. Nobody lists a bucket beyond their own
 * folder (admins: any), and nobody copies or moves another member's file. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set (the rules live in the database); the bytes in memory
 * (the local driver without a data folder) and in an S3 service (s3rver).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS, signedIn } from '../integration/support.js';
import { runAs } from '../db/run-as.js';
import { STORAGE_DRIVERS, testStorage, type TestStorage } from './test-services.js';

const MAYA = USERS.maya.id;
const LEO = USERS.leo.id;

let srv: TestServer;
let maya: SupabaseClient;
let leo: SupabaseClient;
let admin: SupabaseClient;
const tokens: Record<'maya' | 'leo' | 'admin', string> = { maya: '', leo: '', admin: '' };
let seq = 0;

describe.each(STORAGE_DRIVERS)('on the %s storage driver', (driver) => {
  let bytes: TestStorage | undefined;

  beforeAll(async () => {
    bytes = await testStorage(driver);
    srv = await startTestServer({ config: { storage: bytes.settings } });
    [maya, leo, admin] = await Promise.all([
      signedIn(srv, 'maya'),
      signedIn(srv, 'leo'),
      signedIn(srv, 'admin'),
    ]);
    for (const [who, client] of [
      ['maya', maya],
      ['leo', leo],
      ['admin', admin],
    ] as const)
      tokens[who] = (await client.auth.getSession()).data.session?.access_token ?? '';
  });

  afterAll(async () => {
    await srv?.close();
    await bytes?.close();
  });

  const png = () =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();

  /** A request to /storage/v1 as a visitor (anon key) or a signed-in user. */
  function storage(
    p: string,
    who: 'anon' | 'maya' | 'leo' | 'admin',
    init: RequestInit = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('apikey', srv.anonKey);
    headers.set('authorization', `Bearer ${who === 'anon' ? srv.anonKey : tokens[who]}`);
    return fetch(`${srv.url}/storage/v1${p}`, { ...init, headers });
  }

  const publicUrl = (name: string) => `${srv.url}/storage/v1/object/public/photo-wall/${name}`;
  const statusOf = async (res: Promise<Response>) => (await res).status;

  /** Maya uploads a photo and adds it to the wall, as the app does; it waits for approval. */
  async function mayaPosts(): Promise<{ name: string; id: string }> {
    const name = `${MAYA}/${Date.now()}-${++seq}.png`;
    const up = await maya.storage
      .from('photo-wall')
      .upload(name, await png(), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const row = await maya
      .from('photo_wall')
      .insert({ user_id: MAYA, image_url: publicUrl(name), caption: 'Victory moment!' })
      .select('id')
      .single();
    expect(row.error).toBeNull();
    return { name, id: (row.data as { id: string }).id };
  }

  async function moderate(id: string, patch: { is_approved: boolean }): Promise<void> {
    const r = await admin.from('photo_wall').update(patch).eq('id', id).select('id');
    expect(r.error).toBeNull();
    expect(r.data).toHaveLength(1);
  }

  /** Who can read the file: by public URL (no token) and by the authenticated URL. */
  async function readers(name: string) {
    return {
      public: await statusOf(fetch(publicUrl(name))),
      anon: await statusOf(storage(`/object/photo-wall/${name}`, 'anon')),
      leo: await statusOf(storage(`/object/authenticated/photo-wall/${name}`, 'leo')),
      maya: await statusOf(storage(`/object/authenticated/photo-wall/${name}`, 'maya')),
      admin: await statusOf(storage(`/object/authenticated/photo-wall/${name}`, 'admin')),
    };
  }

  const list = async (who: 'anon' | 'maya' | 'leo' | 'admin', bucket: string, prefix: string) => {
    const res = await storage(`/object/list/${bucket}`, who, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix, limit: 1000 }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { name: string }[]).map((o) => o.name);
  };

  describe('a pending or rejected photo is readable only by its owner and admins', () => {
    it('pending: no public URL, no other member; the owner and admins can', async () => {
      const { name } = await mayaPosts();
      expect(await readers(name)).toEqual({
        public: 404,
        anon: 404,
        leo: 404,
        maya: 200,
        admin: 200,
      });
    });

    it('approved: on the wall for everyone; rejected again: hidden again', async () => {
      const { name, id } = await mayaPosts();
      await moderate(id, { is_approved: true });
      expect(await readers(name)).toEqual({
        public: 200,
        anon: 200,
        leo: 200,
        maya: 200,
        admin: 200,
      });
      // the wall as the app reads it shows the photo, and its image loads without a token
      const wall = await leo
        .from('photo_wall')
        .select('image_url')
        .eq('is_approved', true)
        .order('created_at', { ascending: false });
      expect(wall.data?.map((p) => p.image_url)).toContain(publicUrl(name));
      await moderate(id, { is_approved: false });
      expect(await readers(name)).toEqual({
        public: 404,
        anon: 404,
        leo: 404,
        maya: 200,
        admin: 200,
      });
    });

    it('deleting the approved photo takes its file off the public URL', async () => {
      const { name, id } = await mayaPosts();
      await moderate(id, { is_approved: true });
      expect(await statusOf(fetch(publicUrl(name)))).toBe(200);
      const del = await maya.from('photo_wall').delete().eq('id', id).select('id');
      expect(del.data).toHaveLength(1);
      expect(await readers(name)).toEqual({
        public: 404,
        anon: 404,
        leo: 404,
        maya: 200,
        admin: 200,
      });
    });

    it('a file no photo shows yet (uploaded, row not written) is private too', async () => {
      const name = `${MAYA}/${Date.now()}-orphan.png`;
      expect((await maya.storage.from('photo-wall').upload(name, await png())).error).toBeNull();
      expect(await readers(name)).toEqual({
        public: 404,
        anon: 404,
        leo: 404,
        maya: 200,
        admin: 200,
      });
    });

    it('once approved, its uploader can no longer swap the file for another picture', async () => {
      const { name, id } = await mayaPosts();
      await moderate(id, { is_approved: true });
      const before = Buffer.from(await (await fetch(publicUrl(name))).arrayBuffer());
      const other = await sharp({
        create: { width: 6, height: 6, channels: 3, background: '#000' },
      })
        .png()
        .toBuffer();
      const up = await maya.storage.from('photo-wall').upload(name, other, { upsert: true });
      expect(up.error).not.toBeNull();
      const put = await storage(`/object/photo-wall/${name}`, 'maya', {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(other),
      });
      expect(put.status).toBe(404);
      const after = Buffer.from(await (await fetch(publicUrl(name))).arrayBuffer());
      expect(after.equals(before)).toBe(true);
    });
  });

  describe('listing', () => {
    let pending: string;
    let approved: string;
    beforeAll(async () => {
      pending = (await mayaPosts()).name;
      const a = await mayaPosts();
      await moderate(a.id, { is_approved: true });
      approved = a.name;
    });
    const file = (name: string) => name.split('/')[1];

    it('a visitor lists nothing, in either bucket, at any prefix', async () => {
      expect(await list('anon', 'photo-wall', '')).toEqual([]);
      expect(await list('anon', 'photo-wall', MAYA)).toEqual([]);
      expect(await list('anon', 'event-images', '')).toEqual([]);
    });

    it("a member lists only her own folder, never another member's", async () => {
      expect(await list('leo', 'photo-wall', MAYA)).toEqual([]);
      expect(await list('leo', 'photo-wall', '')).not.toContain(MAYA);
      const own = await list('maya', 'photo-wall', MAYA);
      expect(own).toEqual(expect.arrayContaining([file(pending), file(approved)]));
    });

    it('an admin lists any folder', async () => {
      expect(await list('admin', 'photo-wall', '')).toContain(MAYA);
      expect(await list('admin', 'photo-wall', MAYA)).toContain(file(pending));
    });

    it('in SQL, the anon role sees no object row and a member only her own', async () => {
      const anon = { role: 'anon' as const, claims: { role: 'anon' }, isUser: false };
      const count = (who: Parameters<typeof runAs>[1]) =>
        runAs(srv.db, who, { method: 'GET', path: '/' }, async (tx) => {
          const r = await tx.query<{ owner: string | null }>(
            'select distinct owner_id as owner from storage.objects',
          );
          return r.rows.map((x) => x.owner);
        });
      expect(await count({ ...anon, userId: null, token: null })).toEqual([]);
      const leoOwners = await count({
        role: 'authenticated',
        claims: { role: 'authenticated', sub: LEO },
        isUser: true,
        userId: LEO,
        token: null,
      });
      expect(leoOwners.every((o) => o === LEO)).toBe(true);
    });
  });

  describe("copy and move of another member's file are refused", () => {
    it("leo cannot copy or move maya's pending (or approved) photo", async () => {
      const pending = await mayaPosts();
      const approved = await mayaPosts();
      await moderate(approved.id, { is_approved: true });
      for (const source of [pending.name, approved.name]) {
        const dest = `${LEO}/${Date.now()}-${++seq}.png`;
        for (const op of ['copy', 'move'] as const) {
          const r = await leo.storage.from('photo-wall')[op](source, dest);
          expect(r.error, `${op} ${source}`).not.toBeNull();
        }
        const rows = await srv.db.query(
          "select 1 from storage.objects where bucket_id = 'photo-wall' and name = $1",
          [dest],
        );
        expect(rows.rows).toEqual([]);
      }
      expect((await readers(pending.name)).maya).toBe(200);
    });

    it('the owner still copies and moves within her folder', async () => {
      const { name } = await mayaPosts();
      const copy = `${MAYA}/${Date.now()}-copy.png`;
      expect((await maya.storage.from('photo-wall').copy(name, copy)).error).toBeNull();
      const moved = `${MAYA}/${Date.now()}-moved.png`;
      expect((await maya.storage.from('photo-wall').move(copy, moved)).error).toBeNull();
      expect((await readers(moved)).maya).toBe(200);
    });
  });

  describe('signed URLs: how an admin sees a photo that is not public yet', () => {
    it('an admin signs a pending photo; the link works without a token, for that file only', async () => {
      const { name } = await mayaPosts();
      const signed = await admin.storage.from('photo-wall').createSignedUrl(name, 60);
      expect(signed.error).toBeNull();
      const url = signed.data?.signedUrl ?? '';
      expect((await fetch(url)).status).toBe(200);
      // the same token for another file, or altered, is refused
      const token = new URL(url).searchParams.get('token') ?? '';
      const other = (await mayaPosts()).name;
      expect(
        (await fetch(`${srv.url}/storage/v1/object/sign/photo-wall/${other}?token=${token}`))
          .status,
      ).toBe(400);
      expect((await fetch(`${url.slice(0, -2)}xx`)).status).toBe(400);
      // and it is no API key
      const asKey = await fetch(`${srv.url}/rest/v1/photo_wall?select=id`, {
        headers: { apikey: token, authorization: `Bearer ${token}` },
      });
      expect(asKey.status).toBe(401);
      const many = await admin.storage.from('photo-wall').createSignedUrls([name, other], 60);
      expect(many.data?.map((d) => d.error)).toEqual([null, null]);
    });

    it('a link signed while a photo was approved stops serving once it is taken down', async () => {
      const { name, id } = await mayaPosts();
      await moderate(id, { is_approved: true });
      const sign = async (client: SupabaseClient) => {
        const signed = await client.storage.from('photo-wall').createSignedUrl(name, 3600);
        expect(signed.error).toBeNull();
        return signed.data?.signedUrl ?? '';
      };
      const [byLeo, byMaya, byAdmin] = [await sign(leo), await sign(maya), await sign(admin)];
      for (const url of [byLeo, byMaya, byAdmin]) expect((await fetch(url)).status).toBe(200);
      await moderate(id, { is_approved: false });
      // another member's link goes with the approval; the uploader's and an admin's stay
      expect((await fetch(byLeo)).status).toBe(404);
      expect((await fetch(byMaya)).status).toBe(200);
      expect((await fetch(byAdmin)).status).toBe(200);
    });

    it("a photo row names only a file of its uploader's folder", async () => {
      const { name } = await mayaPosts();
      const row = await leo
        .from('photo_wall')
        .insert({ user_id: LEO, image_url: publicUrl(name), caption: 'Not mine' })
        .select('id');
      expect(row.error?.code).toBe('23514');
      const own = await leo
        .from('photo_wall')
        .update({ image_url: publicUrl(name) })
        .eq('user_id', LEO)
        .select('id');
      expect(own.error?.code ?? 'no row changed').not.toBe(null);
      expect(own.data ?? []).toEqual([]);
    });

    it("a member cannot sign another member's pending photo; a visitor none", async () => {
      const { name } = await mayaPosts();
      expect((await leo.storage.from('photo-wall').createSignedUrl(name, 60)).error).not.toBeNull();
      const anon = await storage(`/object/sign/photo-wall/${name}`, 'anon', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: 60 }),
      });
      expect(anon.status).toBe(404);
      const many = await leo.storage.from('photo-wall').createSignedUrls([name], 60);
      expect(many.data?.[0]?.signedUrl).toBeNull();
      expect((await maya.storage.from('photo-wall').createSignedUrl(name, 60)).error).toBeNull();
    });
  });

  describe('event images stay public', () => {
    it("an admin's event image loads by its public URL without a token", async () => {
      const name = `events/${Date.now()}.png`;
      const up = await admin.storage.from('event-images').upload(name, await png());
      expect(up.error).toBeNull();
      const res = await fetch(`${srv.url}/storage/v1/object/public/event-images/${name}`);
      expect(res.status).toBe(200);
    });
  });
});
