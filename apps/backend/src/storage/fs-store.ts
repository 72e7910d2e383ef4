/**
 * The `local` driver: each object is the file DATA_DIR/storage/<bucket>/<name>. Writes go to a
 * temporary file beside the target and are renamed over it, so a reader never sees half a file.
 */
import { copyFile, mkdir, open, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ObjectKey } from './models/objects.js';
import {
  isSafeBucketId,
  isSafeObjectName,
  resolveRange,
  type BlobInfo,
  type BlobRead,
  type BlobStore,
  type RangeSpec,
} from './blobs.js';

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

export class FsBlobStore implements BlobStore {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  private file(key: ObjectKey): string {
    if (!isSafeBucketId(key.bucket) || !isSafeObjectName(key.name))
      throw new Error('unsafe object path');
    const base = path.resolve(this.root, key.bucket);
    const full = path.resolve(base, ...key.name.split('/'));
    if (!full.startsWith(base + path.sep)) throw new Error('object path escapes its bucket');
    return full;
  }

  /** A fresh temporary name beside `f` (renamed over it once complete). */
  private async temp(f: string): Promise<string> {
    await mkdir(path.dirname(f), { recursive: true });
    return `${f}.${randomBytes(6).toString('hex')}.tmp`;
  }

  async put(key: ObjectKey, bytes: Uint8Array): Promise<void> {
    const f = this.file(key);
    const tmp = await this.temp(f);
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, f);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async get(key: ObjectKey, range?: RangeSpec): Promise<BlobRead | null> {
    let fh;
    try {
      fh = await open(this.file(key), 'r');
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
    try {
      // size and bytes from the same open file: a concurrent replace renames a new file in
      const { size } = await fh.stat();
      const r = resolveRange(range, size);
      const stream = fh.createReadStream(r ? { start: r.start, end: r.end } : {});
      return { size, range: r, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    } catch (e) {
      await fh.close();
      throw e;
    }
  }

  async head(key: ObjectKey): Promise<{ size: number; lastModified: Date } | null> {
    try {
      const st = await stat(this.file(key));
      return { size: st.size, lastModified: st.mtime };
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async copy(from: ObjectKey, to: ObjectKey): Promise<boolean> {
    const src = this.file(from);
    const f = this.file(to);
    const tmp = await this.temp(f);
    try {
      await copyFile(src, tmp);
      await rename(tmp, f);
      return true;
    } catch (e) {
      await rm(tmp, { force: true });
      if (missing(e)) return false;
      throw e;
    }
  }

  async remove(key: ObjectKey): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  /** Every file under the root whose path is a valid bucket and object name. */
  async *list(): AsyncIterable<BlobInfo> {
    const buckets = await opendir(this.root).catch((e: unknown) => {
      if (missing(e)) return null;
      throw e;
    });
    if (!buckets) return;
    for await (const b of buckets) {
      if (!b.isDirectory() || !isSafeBucketId(b.name)) continue;
      yield* this.walk(b.name, path.join(this.root, b.name), '');
    }
  }

  private async *walk(bucket: string, dir: string, prefix: string): AsyncIterable<BlobInfo> {
    const entries = await opendir(dir).catch((e: unknown) => {
      if (missing(e)) return null;
      throw e;
    });
    if (!entries) return;
    for await (const e of entries) {
      const name = `${prefix}${e.name}`;
      if (e.isDirectory()) yield* this.walk(bucket, path.join(dir, e.name), `${name}/`);
      else if (e.isFile() && isSafeObjectName(name)) {
        const st = await stat(path.join(dir, e.name)).catch(() => null);
        if (st) yield { bucket, name, lastModified: st.mtime };
      }
    }
  }
}
