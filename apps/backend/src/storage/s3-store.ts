/**
 * The `s3` driver: object bytes in a bucket of any S3-compatible service (AWS S3, MinIO,
 * Cloudflare R2, Supabase Storage's S3 endpoint), under "<prefix><bucket>/<name>": the same
 * layout as the local driver's folder, so DATA_DIR/storage can be synced into it as it is.
 *
 * Requests are signed with AWS Signature V4 (aws4fetch) and sent with the global fetch. Every
 * request has a deadline: a service that does not answer is a 500 within `timeoutMs` (uploads
 * get one more millisecond per KiB), and a download whose service stalls mid-body is cut off
 * after `timeoutMs` without a byte.
 */
import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import type { ObjectKey } from './models/objects.js';
import {
  RangeNotSatisfiable,
  isSafeBucketId,
  isSafeObjectName,
  resolveRange,
  type BlobInfo,
  type BlobRead,
  type BlobStore,
  type RangeSpec,
} from './blobs.js';
import { StorageBackendError } from './errors.js';
import type { S3Settings } from './settings.js';

/** RFC 3986 percent-encoding of one path segment (what SigV4 signs). */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const encodeKey = (key: string) => key.split('/').map(encodeSegment).join('/');

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function xmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10),
      );
    return XML_ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The text of the first <tag> in an XML document (S3 answers are flat enough for this). */
function xmlField(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return m?.[1] === undefined ? undefined : xmlText(m[1]);
}

/** Returns a stream that errors (via `abort`) when the source gives nothing for `ms`. */
function idleGuard(
  body: ReadableStream<Uint8Array>,
  ms: number,
  abort: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // the clock runs only while the reader waits for the service, not for a slow client
      const timer = setTimeout(abort, ms);
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (e) {
        controller.error(e);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

interface Sent {
  res: Response;
  /** Aborts the request (and its body, if still being read). */
  abort: () => void;
  /** The whole body as text, within the deadline ('' when it fails or overruns). */
  text: () => Promise<string>;
}

export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly aws: AwsClient;
  /** The bucket's base URL, without a trailing slash. */
  private readonly base: string;
  private readonly host: string;

  constructor(private readonly s: S3Settings) {
    this.aws = new AwsClient({
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
      ...(s.sessionToken ? { sessionToken: s.sessionToken } : {}),
      service: 's3',
      region: s.region,
      retries: 0,
    });
    const endpoint = new URL(s.endpoint ?? `https://s3.${s.region}.amazonaws.com`);
    const path = endpoint.pathname.replace(/\/+$/, '');
    this.host = endpoint.host;
    this.base = s.forcePathStyle
      ? `${endpoint.protocol}//${endpoint.host}${path}/${encodeSegment(s.bucket)}`
      : `${endpoint.protocol}//${s.bucket}.${endpoint.host}${path}`;
  }

  private key(k: ObjectKey): string {
    if (!isSafeBucketId(k.bucket) || !isSafeObjectName(k.name))
      throw new Error('unsafe object path');
    return `${this.s.prefix}${k.bucket}/${k.name}`;
  }

  private url(k: ObjectKey): string {
    return `${this.base}/${encodeKey(this.key(k))}`;
  }

  /**
   * Sends one signed request; the deadline covers the answer's headers (and an upload's body).
   * A 500 or 503 from the service (S3's InternalError, SlowDown) is tried once more.
   */
  private async send(
    what: string,
    url: string,
    init: { method: string; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> },
    timeoutMs = this.s.timeoutMs,
  ): Promise<Sent> {
    for (let attempt = 0; ; attempt++) {
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), timeoutMs);
      let res: Response;
      try {
        const req = await this.aws.sign(url, {
          method: init.method,
          headers: init.headers ?? {},
          ...(init.body ? { body: init.body } : {}),
        });
        res = await fetch(req, { signal: ctl.signal });
      } catch (e) {
        if (ctl.signal.aborted)
          throw new StorageBackendError(
            `The storage service did not answer within ${timeoutMs} ms`,
            `${what}: no answer from ${this.host} within ${timeoutMs} ms`,
          );
        const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
        const code = typeof cause?.code === 'string' ? cause.code : String(cause?.message ?? e);
        throw new StorageBackendError(
          `The storage service is unreachable (${code})`,
          `${what}: ${this.host} unreachable: ${code}`,
        );
      } finally {
        clearTimeout(timer);
      }
      if ((res.status === 500 || res.status === 503) && attempt === 0) {
        await res.body?.cancel();
        continue;
      }
      const text = async () => {
        const t = setTimeout(() => ctl.abort(), timeoutMs);
        try {
          return await res.text();
        } catch {
          return '';
        } finally {
          clearTimeout(t);
        }
      };
      return { res, abort: () => ctl.abort(), text };
    }
  }

  /** The service's error answer as a StorageBackendError (the body is read and closed). */
  private async failure(what: string, { res, text: body }: Sent): Promise<StorageBackendError> {
    const text = await body();
    const code = xmlField(text, 'Code') ?? `HTTP ${res.status}`;
    const message = xmlField(text, 'Message') ?? res.statusText;
    return new StorageBackendError(
      `The storage service refused the request (${code})`,
      `${what}: ${this.host} answered ${res.status} ${code}: ${message}`,
    );
  }

  async put(key: ObjectKey, bytes: Uint8Array, contentType: string): Promise<void> {
    const sent = await this.send(
      `put ${key.bucket}/${key.name}`,
      this.url(key),
      {
        method: 'PUT',
        headers: {
          'content-type': contentType,
          // the signature covers the bytes: the service refuses a body altered on the way
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
        // fetch takes only ArrayBuffer-backed views (not shared memory): copy in that case
        body:
          bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : bytes.slice(),
      },
      this.s.timeoutMs + Math.ceil(bytes.length / 1024),
    );
    if (!sent.res.ok) throw await this.failure(`put ${key.bucket}/${key.name}`, sent);
    await sent.res.body?.cancel();
  }

  async get(key: ObjectKey, range?: RangeSpec): Promise<BlobRead | null> {
    const what = `get ${key.bucket}/${key.name}`;
    // a suffix range is resolved here: not every S3-compatible service implements bytes=-n
    if (range && 'suffix' in range) {
      const h = await this.head(key);
      if (!h) return null;
      const r = resolveRange(range, h.size);
      range = r ? { first: r.start, last: r.end } : undefined;
    }
    const headers: Record<string, string> = {};
    if (range && 'first' in range) headers['range'] = `bytes=${range.first}-${range.last ?? ''}`;
    const sent = await this.send(what, this.url(key), { method: 'GET', headers });
    const { res, abort } = sent;
    if (res.status === 404) {
      const text = await sent.text();
      if (xmlField(text, 'Code') === 'NoSuchBucket')
        throw new StorageBackendError(
          'The storage service refused the request (NoSuchBucket)',
          `${what}: ${this.host} has no bucket ${this.s.bucket}`,
        );
      return null;
    }
    if (res.status === 416) {
      const text = await sent.text();
      const total =
        /\/([0-9]+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ??
        xmlField(text, 'ActualObjectSize');
      throw new RangeNotSatisfiable(Number(total ?? 0));
    }
    if (!res.ok || !res.body) throw await this.failure(what, sent);
    const body = idleGuard(res.body, this.s.timeoutMs, abort);
    if (res.status === 206) {
      const m = /^bytes ([0-9]+)-([0-9]+)\/([0-9]+)$/.exec(res.headers.get('content-range') ?? '');
      if (!m) {
        await body.cancel();
        throw new StorageBackendError(
          'The storage service answered a range request without a valid Content-Range',
          `${what}: ${this.host} sent 206 with Content-Range ${res.headers.get('content-range')}`,
        );
      }
      return { size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) }, body };
    }
    return { size: Number(res.headers.get('content-length') ?? 0), range: null, body };
  }

  async head(key: ObjectKey): Promise<{ size: number; lastModified: Date } | null> {
    const what = `head ${key.bucket}/${key.name}`;
    const sent = await this.send(what, this.url(key), { method: 'HEAD' });
    const { res } = sent;
    if (res.status === 404) return null;
    if (!res.ok) throw await this.failure(what, sent);
    const modified = res.headers.get('last-modified');
    return {
      size: Number(res.headers.get('content-length') ?? 0),
      lastModified: modified ? new Date(modified) : new Date(),
    };
  }

  async copy(from: ObjectKey, to: ObjectKey): Promise<boolean> {
    const what = `copy ${from.bucket}/${from.name} to ${to.bucket}/${to.name}`;
    // x-amz-copy-source is URL-encoded; reserved characters other than '+' may stay raw
    const source = `/${this.s.bucket}/${encodeURI(this.key(from)).replace(/\+/g, '%2B')}`;
    const sent = await this.send(what, this.url(to), {
      method: 'PUT',
      headers: { 'x-amz-copy-source': source },
    });
    const { res } = sent;
    const text = await sent.text();
    const code = xmlField(text, 'Code');
    if (res.status === 404 && code === 'NoSuchKey') return false;
    // S3 may report a failed copy in a 200 answer's body
    if (!res.ok || /<Error>/.test(text))
      throw new StorageBackendError(
        `The storage service refused the request (${code ?? `HTTP ${res.status}`})`,
        `${what}: ${this.host} answered ${res.status} ${code ?? ''}: ${xmlField(text, 'Message') ?? ''}`,
      );
    return true;
  }

  async remove(key: ObjectKey): Promise<void> {
    const what = `delete ${key.bucket}/${key.name}`;
    const sent = await this.send(what, this.url(key), { method: 'DELETE' });
    if (!sent.res.ok) throw await this.failure(what, sent);
    await sent.res.body?.cancel();
  }

  /** ListObjectsV2 over the prefix, page by page (1000 keys a page). */
  async *list(): AsyncIterable<BlobInfo> {
    let token: string | undefined;
    do {
      const q = new URLSearchParams({ 'list-type': '2', prefix: this.s.prefix });
      if (token) q.set('continuation-token', token);
      const sent = await this.send('list', `${this.base}?${q.toString().replace(/\+/g, '%20')}`, {
        method: 'GET',
      });
      if (!sent.res.ok) throw await this.failure('list', sent);
      const xml = await sent.text();
      if (!xml.includes('<ListBucketResult'))
        throw new StorageBackendError(
          'The storage service sent an unreadable listing',
          `list: ${this.host} answered ${sent.res.status} without a ListBucketResult`,
        );
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const full = xmlField(m[1] ?? '', 'Key') ?? '';
        const rest = full.slice(this.s.prefix.length);
        const slash = rest.indexOf('/');
        const bucket = rest.slice(0, slash);
        const name = rest.slice(slash + 1);
        if (slash < 0 || !isSafeBucketId(bucket) || !isSafeObjectName(name)) continue;
        const modified = xmlField(m[1] ?? '', 'LastModified');
        yield { bucket, name, lastModified: modified ? new Date(modified) : new Date() };
      }
      token =
        xmlField(xml, 'IsTruncated') === 'true'
          ? xmlField(xml, 'NextContinuationToken')
          : undefined;
    } while (token);
  }
}
