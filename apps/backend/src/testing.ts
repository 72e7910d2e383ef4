/**
 * Test helper: boots the whole backend on random 127.0.0.1 ports with an in-memory PGlite
 * (or a fresh throwaway database on the server in DATABASE_URL), migrations + seed applied:
 * the database is a copy of this run's migrated template (db/template.ts), not migrated anew.
 *
 *   const srv = await startTestServer();
 *   const supabase = createClient(srv.url, srv.anonKey, { auth: { persistSession: false } });
 *   const mails = await srv.inbox('someone@example.com');
 *   await srv.close();
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startBackend, type Backend, type BackendOptions } from './server.js';
import type { MailMessage } from './mail/mailer.js';
import type { SchemaCache } from './rest/schema.js';
import {
  dataDirFromTemplate,
  pgliteTemplate,
  postgresTemplate,
  type TemplateOptions,
} from './db/template.js';

export type { MailMessage } from './mail/mailer.js';

export { freePort } from './shared/free-port.js';

export interface TestServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  inboxUrl: string;
  /** Direct database access as the superuser (bypasses RLS). */
  db: Backend['db'];
  backend: Backend;
  /** Messages in the dev inbox for `to` (all when omitted), newest first. */
  inbox(to?: string): Promise<MailMessage[]>;
  /** Reloads the REST schema cache (after creating tables in a test). */
  reloadSchema(): Promise<SchemaCache>;
  /** Runs SQL as the superuser, then reloads the schema cache. */
  sql(script: string): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions extends Omit<BackendOptions, 'port' | 'inboxPort' | 'host'> {
  /** Ignore DATABASE_URL and use PGlite even when it is set. */
  pglite?: boolean;
  /** Migrate a new empty database instead of copying the run's template (tests of migrating). */
  fromScratch?: boolean;
}

/**
 * A new database on the server of `adminUrl` (a test drops it afterwards): empty, or a copy of
 * the migrated template when `template` is given (see db/template.ts).
 */
export async function freshDatabase(
  adminUrl: string,
  template?: TemplateOptions,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bistro_test_${randomBytes(6).toString('hex')}`;
  const from = template ? await postgresTemplate(adminUrl, template) : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // A pool's end() resolves before its connections have closed on the server: wait for
        // them (up to about 3 s) rather than kill them, since a connection killed while ending
        // raises 57P01 in the test process; only then force it.
        for (let attempt = 0; attempt < 30; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (e) {
            if ((e as { code?: string }).code !== '55006') throw e; // in use by other sessions
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const envUrl = process.env['DATABASE_URL'];
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = opts.databaseUrl;
  const template: TemplateOptions | undefined = opts.fromScratch
    ? undefined
    : { seed: opts.seed ?? true, ...(opts.supabaseDir ? { supabaseDir: opts.supabaseDir } : {}) };
  if (!databaseUrl && envUrl && !opts.pglite) {
    const fresh = await freshDatabase(envUrl, template);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  const { pglite: _pglite, fromScratch: _fromScratch, ...rest } = opts;
  void _pglite;
  void _fromScratch;
  const pgliteFrom =
    !databaseUrl && !opts.dataDir && template ? await pgliteTemplate(template) : undefined;
  // a data folder given on PGlite starts as a copy of the template too, unless it holds a
  // database already (a test reopening its own folder)
  if (!databaseUrl && opts.dataDir && template) await dataDirFromTemplate(opts.dataDir, template);
  let backend: Backend;
  try {
    backend = await startBackend({
      ...rest,
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(pgliteFrom ? { pgliteTemplate: pgliteFrom } : {}),
      port: 0,
      inboxPort: 0,
      host: '127.0.0.1',
      config: { rateLimit: { max: 1000, windowMs: 5 * 60_000 }, ...opts.config },
    });
  } catch (e) {
    await drop?.().catch(() => undefined);
    throw e;
  }
  return {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    inboxUrl: backend.inboxUrl,
    db: backend.db,
    backend,
    async inbox(to?: string) {
      const res = await fetch(
        `${backend.inboxUrl}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`,
      );
      return (await res.json()) as MailMessage[];
    },
    reloadSchema: () => backend.ctx.reloadSchema(),
    async sql(script: string) {
      await backend.db.exec(script);
      await backend.ctx.reloadSchema();
    },
    async close() {
      await backend.close();
      await drop?.();
    },
  };
}

/**
 * Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly; tests
 * never use realtime, so give it a transport that refuses to connect.
 */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in tests');
  }
}

export interface TestClientOptions {
  /** API key to send (default: the anon key). */
  key?: string;
  /** supabase-js auth flow (default implicit, as the app uses). */
  flowType?: 'implicit' | 'pkce';
}

/** A supabase-js client for the test server: no session persistence, no auto refresh. */
export function createTestClient(
  srv: Pick<TestServer, 'url' | 'anonKey'>,
  opts: TestClientOptions = {},
): SupabaseClient {
  return createClient(srv.url, opts.key ?? srv.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: opts.flowType ?? 'implicit',
    },
    // realtime-js accepts a WebSocket constructor here; ours is never called
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
}
