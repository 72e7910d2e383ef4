import type { Db, Queryable } from './db/types.js';
import type { KeySet } from './keys.js';
import type { Mailer } from './mail/mailer.js';
import { loadSchema, type SchemaCache } from './rest/schema.js';
import type { Config } from './config.js';

export type { Config } from './config.js';

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
  refresh(): Promise<SchemaCache>;
}> {
  let cache = await loadSchema(db);
  let pending: Promise<SchemaCache> | null = null;
  /** Concurrent callers share one reload. */
  const reload = () => {
    pending ??= loadSchema(db)
      .then((c) => {
        cache = c;
        return c;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  return {
    get: () => cache,
    reload,
    /**
     * A reload that starts after this call: one already under way may have read the catalog
     * before the change that asked for this (NOTIFY pgrst).
     */
    refresh: () => (pending ?? Promise.resolve()).catch(() => undefined).then(reload),
  };
}
