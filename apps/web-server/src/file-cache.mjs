// Files read from disk with their compressed forms, kept in memory.
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { lookup as mimeLookup } from 'mrmime';
import { compress } from './encoding.mjs';

/** @typedef {import('./encoding.mjs').Encoding} Encoding */

const compressibleTypes =
  /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
/**
 * An area's server build (dist/server/): fetched by the web server over the
 * local network, where compressing it would cost more than it saves.
 */
const serverBuildFile = /[\\/]server[\\/][^\\/]+\.c?js$/;
/** Below this a compressed body saves less than its framing costs. */
const minCompressBytes = 1024;

/**
 * @typedef {object} CachedFile
 * @property {string} version size and mtime of the file read
 * @property {Buffer} body
 * @property {string} type Content-Type, with charset for text
 * @property {string} etag
 * @property {boolean} compressible
 * @property {Map<Encoding, Promise<Buffer>>} encoded
 */

/**
 * Files keyed by path and checked against the file's size and mtime on every
 * request, so a rebuilt dist folder is picked up without a restart.
 */
export class FileCache {
  /** @type {Map<string, CachedFile>} */
  entries = new Map();

  /**
   * @param {string} file
   * @returns {Promise<CachedFile | null>} null when `file` is not a regular file
   */
  async get(file) {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const version = `${info.size}-${info.mtimeMs}`;
    let entry = this.entries.get(file);
    if (!entry || entry.version !== version) {
      const body = await readFile(file);
      const type = mimeLookup(file) ?? 'application/octet-stream';
      entry = {
        version,
        body,
        type: /^(text\/|application\/(javascript|json))/.test(type)
          ? `${type}; charset=utf-8`
          : type,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        compressible:
          compressibleTypes.test(type) &&
          body.length >= minCompressBytes &&
          !serverBuildFile.test(file),
        encoded: new Map(),
      };
      this.entries.set(file, entry);
    }
    return entry;
  }

  /**
   * The body in `encoding`, compressed once and shared by concurrent requests.
   * @param {CachedFile} entry
   * @param {Encoding} encoding
   */
  encoded(entry, encoding) {
    let pending = entry.encoded.get(encoding);
    if (!pending) {
      pending = compress(entry.body, encoding);
      entry.encoded.set(encoding, pending);
      pending.catch(() => entry.encoded.delete(encoding));
    }
    return pending;
  }
}

/**
 * Every file under `dir`, as absolute paths; none when `dir` is missing.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
