import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Where object bytes live: a folder per bucket under DATA_DIR/storage, or memory in tests. */
export interface BlobStore {
  put(bucket: string, name: string, bytes: Uint8Array): Promise<void>;
  get(bucket: string, name: string): Promise<Uint8Array | null>;
  remove(bucket: string, name: string): Promise<void>;
}

/**
 * One segment of an object name: letters, digits and a few punctuation marks (the set Supabase
 * Storage accepts for keys). This refuses backslashes, '%' (so a still-encoded %2e%2e or %00
 * cannot reach the blob store), control characters including NUL, and any non-ASCII look-alike.
 */
const SAFE_SEGMENT = /^[A-Za-z0-9_.!*'() &$@=;:+,-]+$/;

/** Object names: relative, '/'-separated, no empty, '.' or '..' segments, safe characters only. */
export function isSafeObjectName(name: string): boolean {
  if (!name || name.length > 1024) return false;
  return name.split('/').every((seg) => seg !== '.' && seg !== '..' && SAFE_SEGMENT.test(seg));
}

export function isSafeBucketId(id: string): boolean {
  return /^[A-Za-z0-9_.-]{1,100}$/.test(id) && id !== '.' && id !== '..';
}

export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(bucket: string, name: string): string {
    if (!isSafeBucketId(bucket) || !isSafeObjectName(name)) throw new Error('unsafe object path');
    const base = path.resolve(this.root, bucket);
    const full = path.resolve(base, ...name.split('/'));
    if (!full.startsWith(base + path.sep)) throw new Error('object path escapes its bucket');
    return full;
  }

  async put(bucket: string, name: string, bytes: Uint8Array): Promise<void> {
    const f = this.file(bucket, name);
    await mkdir(path.dirname(f), { recursive: true });
    const tmp = `${f}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, f);
  }

  async get(bucket: string, name: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.file(bucket, name)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async remove(bucket: string, name: string): Promise<void> {
    await rm(this.file(bucket, name), { force: true });
  }
}

export class MemoryBlobStore implements BlobStore {
  private readonly map = new Map<string, Uint8Array>();
  async put(bucket: string, name: string, bytes: Uint8Array): Promise<void> {
    this.map.set(`${bucket}/${name}`, bytes);
  }
  async get(bucket: string, name: string): Promise<Uint8Array | null> {
    return this.map.get(`${bucket}/${name}`) ?? null;
  }
  async remove(bucket: string, name: string): Promise<void> {
    this.map.delete(`${bucket}/${name}`);
  }
}
