import type { Db, Queryable } from './db/types.js';
import type { DbOptions } from './db/options.js';
import type { KeySet } from './keys.js';
import type { Mailer } from './mail/mailer.js';
import { loadSchema, type SchemaCache } from './rest/schema.js';

export interface Config {
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** Where links in e-mails send the user by default (the app). */
  siteUrl: string;
  /** Allowed redirect URL prefixes besides siteUrl. */
  redirectUrls: string[];
  dataDir: string | undefined;
  supabaseDir: string;
  jwtExpiry: number;
  corsOrigins: string[];
  mailerAutoconfirm: boolean;
  rateLimit: { max: number; windowMs: number };
  refreshReuseIntervalMs: number;
  maxBodyBytes: number;
  maxUploadBytes: number;
  /** Trust X-Forwarded-For for the client IP (behind a reverse proxy). */
  trustProxy: boolean;
  /** Statement timeouts per role (ms) and how PGlite runs; defaults in db/options.ts. */
  db?: DbOptions;
}

export interface AppContext {
  db: Db;
  keys: KeySet;
  anonKey: string;
  serviceRoleKey: string;
  mailer: Mailer;
  config: Config;
  schema: SchemaCache;
  reloadSchema(): Promise<SchemaCache>;
}

export async function makeSchemaLoader(db: Queryable): Promise<{
  get(): SchemaCache;
  reload(): Promise<SchemaCache>;
}> {
  let cache = await loadSchema(db);
  let pending: Promise<SchemaCache> | null = null;
  return {
    get: () => cache,
    /** Concurrent callers share one reload. */
    reload() {
      pending ??= loadSchema(db)
        .then((c) => {
          cache = c;
          return c;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
  };
}
