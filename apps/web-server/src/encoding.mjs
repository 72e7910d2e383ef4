// Content negotiation and compression: brotli when the client takes it, else gzip.
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** @typedef {'br' | 'gzip'} Encoding */

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else
 * gzip, else none. Honours q=0 (refused) and `*`.
 * @param {string | string[] | undefined} header
 * @returns {Encoding | null}
 */
export function negotiateEncoding(header) {
  if (!header) return null;
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  /** @param {string} name */
  const weight = (name) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/**
 * Compresses with the strongest setting that stays quick for the body's size.
 * @param {Buffer} body
 * @param {Encoding} encoding
 * @returns {Promise<Buffer>}
 */
export function compress(body, encoding) {
  if (encoding === 'br') {
    return brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: body.length <= 1024 * 1024 ? 11 : 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 9 });
}

/**
 * A compressing stream for a response written in parts (a server-rendered
 * page): quick settings, since it runs while the visitor waits, and each part
 * can be flushed to the client as soon as it is written.
 * @param {Encoding} encoding
 */
export function compressStream(encoding) {
  return encoding === 'br'
    ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}
