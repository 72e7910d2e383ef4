import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import { bootstrap, migrate } from './db/migrate.js';
import type { Db } from './db/types.js';
import { apiKeys, loadKeys } from './keys.js';
import { createMailer } from './mail/mailer.js';
import { inboxApp } from './mail/inbox.js';
import { createApp } from './app.js';
import { makeSchemaLoader, type AppContext, type Config } from './context.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEFAULT_CORS_ORIGINS = [4200, 4201, 4202, 4203, 4204].flatMap((p) => [
  `http://localhost:${p}`,
  `http://127.0.0.1:${p}`,
]);

export interface BackendOptions {
  /** API port; 0 picks a free one. Default 54321. */
  port?: number;
  /** Dev inbox port; 0 picks a free one. Default 54324. */
  inboxPort?: number;
  host?: string;
  /** Persistent data folder (PGlite files, JWT key, storage bytes); undefined = in memory. */
  dataDir?: string;
  /** Use PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Folder with migrations/, seed.sql and functions/. Default <repo>/supabase. */
  supabaseDir?: string;
  seed?: boolean;
  smtpUrl?: string;
  mailFrom?: string;
  /** Public URL of the API as browsers reach it (default http://127.0.0.1:<port>). */
  publicUrl?: string;
  config?: Partial<Config>;
  log?: (msg: string) => void;
}

export interface Backend {
  url: string;
  inboxUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Db;
  ctx: AppContext;
  app: Hono;
  close(): Promise<void>;
}

function listen(app: Hono, port: number, host: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(server));
    server.once('error', reject);
    // Node closes idle keep-alive sockets after 5 s, racing clients that reuse them right then
    // ("other side closed"); keep them longer than clients do (undici follows the header).
    const http = server as ServerType & { keepAliveTimeout?: number; headersTimeout?: number };
    http.keepAliveTimeout = 30_000;
    http.headersTimeout = 35_000;
  });
}

function portOf(server: ServerType): number {
  return (server.address() as AddressInfo).port;
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const s = server as ServerType & { closeAllConnections?: () => void };
    server.close(() => resolve());
    s.closeAllConnections?.();
  });
}

export async function startBackend(opts: BackendOptions = {}): Promise<Backend> {
  const log = opts.log ?? (() => undefined);
  const host = opts.host ?? '127.0.0.1';
  const supabaseDir = opts.supabaseDir ?? path.join(REPO_ROOT, 'supabase');
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });

  const db: Db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.config?.db)
    : await openPglite(
        opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined,
        opts.config?.db,
      );
  const servers: ServerType[] = [];
  try {
    await bootstrap(db);
    const m = await migrate(db, supabaseDir, { seed: opts.seed ?? true, log });
    if (m.applied.length) log(`applied ${m.applied.length} migration(s)`);
    const keys = await loadKeys(opts.dataDir);
    const { anonKey, serviceRoleKey } = await apiKeys(keys);
    const mailer = createMailer({
      smtpUrl: opts.smtpUrl,
      from: opts.mailFrom ?? 'Bistro <no-reply@bistro.local>',
    });
    const schema = await makeSchemaLoader(db);

    const config: Config = {
      apiUrl: opts.publicUrl ?? '',
      siteUrl: 'http://localhost:4200',
      redirectUrls: [],
      dataDir: opts.dataDir,
      supabaseDir,
      jwtExpiry: 3600,
      corsOrigins: DEFAULT_CORS_ORIGINS,
      mailerAutoconfirm: false,
      rateLimit: { max: 30, windowMs: 5 * 60_000 },
      refreshReuseIntervalMs: 10_000,
      maxBodyBytes: 1024 * 1024,
      maxUploadBytes: 50 * 1024 * 1024,
      trustProxy: false,
      ...opts.config,
    };
    const ctx: AppContext = {
      db,
      keys,
      anonKey,
      serviceRoleKey,
      mailer,
      config,
      get schema() {
        return schema.get();
      },
      reloadSchema: () => schema.reload(),
    };
    const app = createApp(ctx);
    const api = await listen(app, opts.port ?? 54321, host);
    servers.push(api);
    const displayHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    const url = `http://${displayHost}:${portOf(api)}`;
    if (!config.apiUrl) config.apiUrl = opts.publicUrl ?? url;
    const inbox = await listen(inboxApp(mailer), opts.inboxPort ?? 54324, host);
    servers.push(inbox);
    const inboxUrl = `http://${displayHost}:${portOf(inbox)}`;

    let closed = false;
    return {
      url: config.apiUrl,
      inboxUrl,
      anonKey,
      serviceRoleKey,
      db,
      ctx,
      app,
      async close() {
        if (closed) return;
        closed = true;
        await Promise.all(servers.map(closeServer));
        await db.close();
      },
    };
  } catch (e) {
    await Promise.all(servers.map(closeServer));
    await db.close().catch(() => undefined);
    throw e;
  }
}
