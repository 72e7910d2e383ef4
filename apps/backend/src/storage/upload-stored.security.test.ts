/**
 * What a stored upload is and who may change it: a second member cannot overwrite the first
 * one's photo; a stored photo keeps no metadata (GPS EXIF gone, orientation applied, format
 * kept); image addresses in rows are http(s) only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { signedIn } from '../integration/support.js';
import {
  LEO,
  MAYA,
  attacks,
  filesOnDisk,
  hasGpsIfd,
  leo,
  leoToken,
  maya,
  name,
  objectNames,
  png,
  refused,
  srv,
  storage,
  uploadSuite,
} from './upload-suite.js';
import { STORAGE_DRIVERS } from './test-services.js';
describe.each(STORAGE_DRIVERS)('on the %s storage driver', (driver) => {
  uploadSuite(driver);

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
      const other = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#f00' },
      })
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
        await refused(
          `${who}: POST over Maya's photo`,
          await send('POST', false, token),
          [401, 403],
        );
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
          headers: {
            'content-type': 'application/json',
            ...(upsert ? { 'x-upsert': 'true' } : {}),
          },
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
      attacks.push({
        attack: "a visitor: delete Maya's photo (200, nothing deleted)",
        status: 200,
      });

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
      attacks.push({
        attack: `${table} row with a ${scheme} image URL (member)`,
        status: r.status,
      });
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
});
