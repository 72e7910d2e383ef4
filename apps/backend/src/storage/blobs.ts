/**
 * Where object bytes live. The rows (owner, type, size, row-level security) are in Postgres;
 * a BlobStore keeps only the bytes, under "<bucket>/<name>": a folder per bucket under
 * DATA_DIR/storage (fs-store.ts), an S3-compatible service (s3-store.ts), or memory in tests.
 */
import type { ObjectKey } from './models/objects.js';

/** A byte range as asked for: first[-last] (inclusive), or the last `suffix` bytes. */
export type RangeSpec = { first: number; last?: number } | { suffix: number };

export interface BlobRead {
  /** The whole object's size in bytes. */
  size: number;
  /** The bytes sent (inclusive), or null when they are the whole object. */
  range: { start: number; end: number } | null;
  body: ReadableStream<Uint8Array>;
}

export interface BlobInfo extends ObjectKey {
  lastModified: Date;
}

/** A range that starts past the end of the object (HTTP 416). */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('The requested range is not satisfiable');
  }
}

export interface BlobStore {
  readonly kind: 'local' | 'memory' | 's3';
  /** Stores the bytes whole, replacing what was there: a reader sees the old or the new bytes. */
  put(key: ObjectKey, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes (or a range of them) as a stream; null when there is no such object. */
  get(key: ObjectKey, range?: RangeSpec): Promise<BlobRead | null>;
  /** The object's size and age; null when there is no such object. */
  head(key: ObjectKey): Promise<{ size: number; lastModified: Date } | null>;
  /** Copies the bytes within the store (no round trip through this process where possible). */
  copy(from: ObjectKey, to: ObjectKey): Promise<boolean>;
  /** Removes the bytes; removing what is not there is not an error. */
  remove(key: ObjectKey): Promise<void>;
  /** Every stored object (for the orphan sweep), in no particular order. */
  list(): AsyncIterable<BlobInfo>;
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

/** A range against a known size, as an inclusive start and end (throws when unsatisfiable). */
export function resolveRange(
  range: RangeSpec | undefined,
  size: number,
): { start: number; end: number } | null {
  if (!range) return null;
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) throw new RangeNotSatisfiable(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.first >= size) throw new RangeNotSatisfiable(size);
  return { start: range.first, end: Math.min(range.last ?? size - 1, size - 1) };
}

/** A stream of one chunk. */
export function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.length) controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** Reads a whole stream into one array (tests, and the memory store). */
export async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.length;
  }
  return out;
}

/** Bytes in memory: the store of a backend without a data folder (tests). */
export class MemoryBlobStore implements BlobStore {
  readonly kind = 'memory';
  private readonly map = new Map<string, { bytes: Uint8Array; at: Date }>();
  private readonly id = (k: ObjectKey) => `${k.bucket}/${k.name}`;

  async put(key: ObjectKey, bytes: Uint8Array): Promise<void> {
    this.map.set(this.id(key), { bytes: bytes.slice(), at: new Date() });
  }
  async get(key: ObjectKey, range?: RangeSpec): Promise<BlobRead | null> {
    const o = this.map.get(this.id(key));
    if (!o) return null;
    const r = resolveRange(range, o.bytes.length);
    const bytes = r ? o.bytes.subarray(r.start, r.end + 1) : o.bytes;
    return { size: o.bytes.length, range: r, body: streamOf(bytes) };
  }
  async head(key: ObjectKey): Promise<{ size: number; lastModified: Date } | null> {
    const o = this.map.get(this.id(key));
    return o ? { size: o.bytes.length, lastModified: o.at } : null;
  }
  async copy(from: ObjectKey, to: ObjectKey): Promise<boolean> {
    const o = this.map.get(this.id(from));
    if (!o) return false;
    this.map.set(this.id(to), { bytes: o.bytes, at: new Date() });
    return true;
  }
  async remove(key: ObjectKey): Promise<void> {
    this.map.delete(this.id(key));
  }
  async *list(): AsyncIterable<BlobInfo> {
    for (const [id, o] of [...this.map]) {
      const slash = id.indexOf('/');
      yield { bucket: id.slice(0, slash), name: id.slice(slash + 1), lastModified: o.at };
    }
  }
}
