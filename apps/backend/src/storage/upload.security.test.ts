/**
 * Upload attacks against the product's buckets (photo-wall, event-images): disguised files,
 * oversized bodies and paths that try to leave the bucket are refused, and nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import {
  LEO,
  LIMIT,
  MAYA,
  attacks,
  filesOnDisk,
  maya,
  name,
  objectNames,
  png,
  rawRequest,
  refused,
  storage,
  uploadSuite,
} from './upload-suite.js';
import { STORAGE_DRIVERS } from './test-services.js';
describe.each(STORAGE_DRIVERS)('on the %s storage driver', (driver) => {
  uploadSuite(driver);

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
});
