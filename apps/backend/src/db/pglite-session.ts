/**
 * One open PGlite database and the two operations the backend sends it (a query with
 * parameters, a parameter-free script). Runs inside the database worker (pglite-worker.ts), or
 * on the calling thread when PGlite runs in-process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { QueryResult } from './types.js';
import { openPgliteFolder } from './pglite-folder.js';

/**
 * PGlite converts some parameters in JavaScript before Postgres sees them and throws a plain
 * Error for a string it can't read (e.g. 'maybe' for a boolean), which would surface as a 500.
 * Hand strings to Postgres unchanged instead, as node-postgres does: Postgres parses them and
 * answers a proper SQLSTATE (22P02) for bad input.
 */
const BOOL = 16;
const BYTEA = 17;
const asIs =
  (fallback: (v: unknown) => string) =>
  (v: unknown): string =>
    typeof v === 'string' ? v : fallback(v);
const TEXT_AS_IS = {
  [BOOL]: asIs((v) => (v ? 't' : 'f')),
  [BYTEA]: asIs((v) =>
    v instanceof Uint8Array ? `\\x${Buffer.from(v).toString('hex')}` : String(v),
  ),
};

const plain = (p: unknown) =>
  p === null ||
  p === undefined ||
  typeof p === 'string' ||
  typeof p === 'boolean' ||
  (typeof p === 'number' && Number.isFinite(p));

/** PGlite's compiled WASM and file bundle, loaded once per process and shared by workers. */
export interface PgliteArtifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let artifacts: Promise<PgliteArtifacts> | null = null;

/**
 * Compiling PGlite's 9 MB of WASM takes a second or more; every worker (each reopen after a
 * timeout, each database of the process) gets the compiled module instead of compiling again.
 */
export function loadArtifacts(): Promise<PgliteArtifacts> {
  artifacts ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = (name: string) => readFile(require.resolve(`@electric-sql/pglite/${name}`));
    const [pglite, initdb, data] = await Promise.all([
      file('pglite.wasm'),
      file('initdb.wasm'),
      file('pglite.data'),
    ]);
    return {
      pgliteWasmModule: await WebAssembly.compile(pglite),
      initdbWasmModule: await WebAssembly.compile(initdb),
      fsBundle: new Blob([data]),
    };
  })();
  artifacts.catch(() => {
    artifacts = null; // tried again by the next opener
  });
  return artifacts;
}

/** Where the database lives. */
export interface PgliteTarget {
  /** A data folder (locked by the opener beforehand); undefined: in memory. */
  folder: string | undefined;
  /** fsync every commit to the disk (a data folder); off for a throwaway folder. */
  durable: boolean;
  artifacts?: PgliteArtifacts;
}

export interface PgliteSession {
  query<R>(sql: string, params: unknown[]): Promise<QueryResult<R>>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openSession(target: PgliteTarget): Promise<PgliteSession> {
  const options = { extensions: { pgcrypto }, ...target.artifacts };
  const pg = target.folder
    ? (await openPgliteFolder(target.folder, options, { lock: false, durable: target.durable })).pg
    : await PGlite.create(options);

  /**
   * PGlite's query() takes six calls into Postgres (parse, describe, bind, describe, execute,
   * sync), the describe of the statement only to pick serialisers for the parameters. When every
   * parameter is already text, a number, a boolean or null, the text form is what those
   * serialisers would send, so one call with all six messages does the same work.
   */
  async function queryOneTrip<R>(sql: string, params: unknown[]): Promise<QueryResult<R>> {
    const values = params.map((p) => (p === null || p === undefined ? null : String(p)));
    const parts = [
      protocol.serialize.parse({ text: sql }),
      protocol.serialize.bind({ values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ];
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      message.set(p, at);
      at += p.length;
    }
    const { messages } = await pg.execProtocol(message);
    const r = parse.parseResults(messages, pg.parsers)[0];
    return { rows: (r?.rows ?? []) as R[], affectedRows: r?.affectedRows ?? 0 };
  }

  return {
    async query<R>(sql: string, params: unknown[]): Promise<QueryResult<R>> {
      if (params.every(plain)) return queryOneTrip<R>(sql, params);
      const r = await pg.query<R>(sql, params, { serializers: TEXT_AS_IS });
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
