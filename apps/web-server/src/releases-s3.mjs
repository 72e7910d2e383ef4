// The release store in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), set by
// RELEASES_S3_*: the same keys as the local folder (releases/<area>/<version>/..., pointer.json,
// config.json) under an optional prefix. Requests are signed with AWS Signature V4 by aws4fetch,
// the client the backend's storage driver uses.
//
// The pointer's compare-and-swap is a conditional write on pointer.json: the first one with
// `If-None-Match: *` (only if there is none yet), every later one with `If-Match: <the ETag
// read>`. The service refuses the write (412, or 409 while another conditional write to the
// same key is under way) when someone changed the pointer since it was read; updatePointer then
// re-reads and re-applies the change, as with the local folder's lock.
import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { lookup } from 'mrmime';
import { emptyPointer } from './releases-store.mjs';

/**
 * @typedef {object} S3Settings
 * @property {string | undefined} endpoint base URL; undefined: AWS S3 in `region`
 * @property {string} region
 * @property {string} bucket
 * @property {string} accessKeyId
 * @property {string} secretAccessKey
 * @property {string} [sessionToken]
 * @property {boolean} forcePathStyle
 * @property {string} prefix '' or a folder ending in '/'
 * @property {number} timeoutMs
 */

/**
 * The bucket settings from `<name>_ENDPOINT`, `_REGION`, `_BUCKET`, `_ACCESS_KEY_ID`,
 * `_SECRET_ACCESS_KEY`, `_SESSION_TOKEN`, `_FORCE_PATH_STYLE`, `_PREFIX`, `_TIMEOUT_MS`, checked
 * by the rules of the backend's STORAGE_S3_* and BACKUP_S3_* (apps/backend/src/storage/settings.ts):
 * anything malformed is an error, never a silent default. Null when `<name>_BUCKET` is unset.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} [name]
 * @returns {S3Settings | null}
 */
export function s3SettingsFromEnv(env, name = 'RELEASES_S3') {
  const get = (/** @type {string} */ key) => env[`${name}_${key}`] || undefined;
  const fail = (/** @type {string} */ what) => {
    throw new Error(what);
  };
  if (!get('BUCKET')) return null;
  const required = (/** @type {string} */ key) =>
    get(key) ?? fail(`the release store in a bucket needs ${name}_${key}`);
  const endpoint = get('ENDPOINT');
  if (endpoint !== undefined) {
    let u;
    try {
      u = new URL(endpoint);
    } catch {
      u = undefined;
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash)
      fail(`${name}_ENDPOINT must be an http(s) URL without query or fragment`);
  }
  const bucket = required('BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    fail(`${name}_BUCKET is not a valid bucket name`);
  const prefix = (get('PREFIX') ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9_./-]+$/.test(prefix))
    fail(`${name}_PREFIX may hold letters, digits, _ . - and /`);
  const timeoutText = get('TIMEOUT_MS');
  if (timeoutText !== undefined && !/^[0-9]+$/.test(timeoutText))
    fail(`${name}_TIMEOUT_MS must be a whole number of milliseconds`);
  const timeoutMs = timeoutText === undefined ? 10_000 : Number(timeoutText);
  if (timeoutMs === 0) fail(`${name}_TIMEOUT_MS must be at least 1 (no request may wait forever)`);
  const pathStyle = get('FORCE_PATH_STYLE');
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false')
    fail(`${name}_FORCE_PATH_STYLE must be true or false`);
  const sessionToken = get('SESSION_TOKEN');
  return {
    endpoint,
    region: get('REGION') ?? 'us-east-1',
    bucket,
    accessKeyId: required('ACCESS_KEY_ID'),
    secretAccessKey: required('SECRET_ACCESS_KEY'),
    ...(sessionToken ? { sessionToken } : {}),
    forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
    prefix: prefix ? `${prefix}/` : '',
    timeoutMs,
  };
}

/** RFC 3986 percent-encoding of one path segment (what SigV4 signs). @param {string} s */
const encodeSegment = (s) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** Release store keys: relative, '/'-separated, no '.', '..' or empty segments. @param {string} key */
const isSafeKey = (key) =>
  key.length > 0 &&
  key.length <= 1024 &&
  key.split('/').every((s) => s !== '.' && s !== '..' && /^[A-Za-z0-9_.@+=-]+$/.test(s));

/** A store in an S3-compatible bucket. */
export class S3ReleaseStore {
  /**
   * @param {S3Settings} settings
   * @param {{ onSwap?: (next: import('./releases-store.mjs').Pointer) => Promise<void> }} [options]
   *   runs after each swap (writes the runtime config the pointer implies)
   */
  constructor(settings, options = {}) {
    this.s = settings;
    this.kind = 's3';
    this.onSwap = options.onSwap;
    this.aws = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}),
      service: 's3',
      region: settings.region,
      retries: 0,
    });
    const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
    const path = endpoint.pathname.replace(/\/+$/, '');
    this.base = settings.forcePathStyle
      ? `${endpoint.protocol}//${endpoint.host}${path}/${encodeSegment(settings.bucket)}`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${path}`;
    /** The ETag each pointer revision was read with, for the conditional write that replaces it. @type {Map<number, string>} */
    this.pointerEtags = new Map();
  }

  /** @param {string} key */
  #url(key) {
    if (!isSafeKey(key)) throw new Error(`unsafe key ${key}`);
    return `${this.base}/${`${this.s.prefix}${key}`.split('/').map(encodeSegment).join('/')}`;
  }

  /**
   * One signed request within the deadline; a 500 or 503 (InternalError, SlowDown) is tried once more.
   * @param {string} key @param {{ method: string, headers?: Record<string, string>, body?: Uint8Array }} init
   */
  async #send(key, init) {
    for (let attempt = 0; ; attempt++) {
      const signal = AbortSignal.timeout(this.s.timeoutMs);
      const req = await this.aws.sign(this.#url(key), {
        method: init.method,
        headers: init.headers ?? {},
        ...(init.body ? { body: init.body } : {}),
      });
      let res;
      try {
        res = await fetch(req, { signal });
      } catch (e) {
        if (signal.aborted)
          throw new Error(
            `release store: ${init.method} ${key}: no answer within ${this.s.timeoutMs} ms`,
          );
        throw new Error(
          `release store: ${init.method} ${key}: ${/** @type {Error} */ (e).message}`,
        );
      }
      if ((res.status === 500 || res.status === 503) && attempt === 0) {
        await res.body?.cancel();
        continue;
      }
      return res;
    }
  }

  /** @param {string} key @param {Response} res */
  async #failure(key, res) {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${res.status}`;
    return new Error(`release store: ${key}: the bucket answered ${res.status} ${code}`);
  }

  /** @param {string} key @returns {Promise<Uint8Array | null>} */
  async get(key) {
    const res = await this.#send(key, { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw await this.#failure(key, res);
    return new Uint8Array(await res.arrayBuffer());
  }

  /** @param {string} key */
  async exists(key) {
    const res = await this.#send(key, { method: 'HEAD' });
    await res.body?.cancel();
    if (res.status === 404) return false;
    if (!res.ok) throw new Error(`release store: ${key}: the bucket answered ${res.status}`);
    return true;
  }

  /**
   * Writes whole (an S3 PUT replaces an object atomically). With `condition` the write happens
   * only if the object is still as read; answers false when the service refuses it for that.
   * @param {string} key @param {Uint8Array | string} bytes
   * @param {{ ifMatch?: string, ifNoneMatch?: '*' }} [condition]
   */
  async put(key, bytes, condition = {}) {
    const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
    /** @type {Record<string, string>} */
    const headers = {
      'content-type': lookup(key) ?? 'application/octet-stream',
      'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
    };
    if (condition.ifMatch) headers['if-match'] = condition.ifMatch;
    if (condition.ifNoneMatch) headers['if-none-match'] = condition.ifNoneMatch;
    const res = await this.#send(key, { method: 'PUT', headers, body });
    if (res.ok) {
      await res.body?.cancel();
      return true;
    }
    // 412 PreconditionFailed: changed since read; 409 ConditionalRequestConflict: a concurrent
    // conditional write to the same key is under way
    if (
      (res.status === 412 || res.status === 409) &&
      (condition.ifMatch || condition.ifNoneMatch)
    ) {
      await res.body?.cancel();
      return false;
    }
    throw await this.#failure(key, res);
  }

  /** @returns {Promise<import('./releases-store.mjs').Pointer>} */
  async readPointer() {
    const res = await this.#send('pointer.json', { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return emptyPointer();
    }
    if (!res.ok) throw await this.#failure('pointer.json', res);
    const etag = res.headers.get('etag');
    /** @type {import('./releases-store.mjs').Pointer} */
    const pointer = JSON.parse(await res.text());
    if (!etag) throw new Error('release store: the bucket sent pointer.json without an ETag');
    this.pointerEtags.set(pointer.revision, etag);
    return pointer;
  }

  /**
   * Replaces the pointer if it is still the revision `expected` as this store read it; false
   * when someone changed it first.
   * @param {number} expected @param {import('./releases-store.mjs').Pointer} next
   */
  async swapPointer(expected, next) {
    const etag = this.pointerEtags.get(expected);
    if (expected !== 0 && !etag)
      throw new Error(`revision ${expected} of the pointer was not read`);
    const swapped = await this.put(
      'pointer.json',
      JSON.stringify(next, null, 2) + '\n',
      etag ? { ifMatch: etag } : { ifNoneMatch: '*' },
    );
    if (!swapped) return false;
    this.pointerEtags.clear();
    if (this.onSwap) await this.#afterSwap(next);
    return true;
  }

  /**
   * Writes what the pointer implies. Without a lock two changers may finish out of order, so
   * each one checks afterwards that the pointer is still the one it wrote for, and writes again
   * for the newer one when it is not: the last to finish leaves the newest revision's config.
   * @param {import('./releases-store.mjs').Pointer} next
   */
  async #afterSwap(next) {
    let pointer = next;
    for (let i = 0; i < 10; i++) {
      await /** @type {NonNullable<typeof this.onSwap>} */ (this.onSwap)(pointer);
      const now = await this.readPointer();
      if (now.revision === pointer.revision) return;
      pointer = now;
    }
  }
}
