import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import { bootstrap, migrate } from './db/migrate.js';
import type { Db } from './db/types.js';
import { apiKeys, loadKeys, loadSharedKeys, type ProjectKeys } from './keys.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { inboxApp } from './mail/inbox.js';
import { createApp } from './app.js';
import { createObservability } from './observability.js';
import { createBackupService } from './backup/service.js';
import { startStorageSweep } from './storage/routes.js';
import { openBlobStore } from './storage/driver.js';
import { restoreSeedObjects } from './storage/seed-objects.js';
import { createRealtime, type RealtimeServer } from './realtime/server.js';
import { makeSchemaLoader, type AppContext } from './context.js';
import { startBookingMailsJob } from './jobs/booking-mails.js';
import { startAuditRetention } from './jobs/audit-retention.js';
import { startNoShows } from './jobs/no-shows.js';
import {
  DEFAULTS,
  DEFAULT_INBOX_HOST,
  DEFAULT_MAIL_FROM,
  REPO_ROOT,
  appConfig,
  isLoopback,
  type Config,
} from './config.js';

export { DEFAULT_CORS_ORIGINS, REPO_ROOT } from './config.js';
// For tools (the backup bench), which import the backend through this module only.
export { createBackup, restoreBackup } from './backup/backup.js';
export { blobStoreFor } from './storage/driver.js';
/** The statement timeouts a backend applies unless its config overrides them. */
export { DEFAULT_STATEMENT_TIMEOUTS } from './db/options.js';

export interface BackendOptions {
  /** API port; 0 picks a free one. Default: config/defaults.json's ports.api. */
  port?: number;
  /** Dev inbox port; 0 picks a free one. Default: config/defaults.json's ports.inbox. */
  inboxPort?: number;
  /** Default: config/defaults.json's host. */
  host?: string;
  /**
   * Where the dev inbox listens. It has no authentication, so it stays on 127.0.0.1 whatever
   * `host` is, unless set here.
   */
  inboxHost?: string;
  /** Persistent data folder (PGlite files, JWT key, storage bytes); undefined = in memory. */
  dataDir?: string;
  /** Use PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * In memory only: start from a copy of this migrated PGlite folder (db/template.ts) instead
   * of an empty database; migrations newer than the template still apply.
   */
  pgliteTemplate?: string;
  /** Folder with migrations/, seed.sql and functions/. Default <repo>/supabase. */
  supabaseDir?: string;
  seed?: boolean;
  smtpUrl?: string;
  mailFrom?: string;
  /** Public URL of the API as browsers reach it (default http://127.0.0.1:<port>). */
  publicUrl?: string;
  config?: Partial<Config>;
  log?: (msg: string) => void;
  /** Warnings about the setup (default: console.warn). */
  warn?: (msg: string) => void;
  /**
   * Several processes (cluster.ts): where mail goes instead of a mailer of this process's own,
   * and the dev inbox that shows it, served elsewhere (this process then serves none).
   */
  sharedInbox?: { mailer: Mailer; url: string };
}

export interface Backend {
  url: string;
  inboxUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Db;
  ctx: AppContext;
  app: Hono;
  /** The Realtime socket server (its stats, its per-user rights cache). */
  realtime: RealtimeServer;
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

/** The address a local client uses for a server bound to `host` (any-address: 127.0.0.1). */
const displayAddress = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

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

/** The dev inbox web page and API for `mailer`'s messages. */
export async function serveInbox(
  mailer: Mailer,
  port: number,
  host: string,
): Promise<{ server: ServerType; url: string; close(): Promise<void> }> {
  const server = await listen(inboxApp(mailer), port, host);
  return {
    server,
    url: `http://${displayAddress(host)}:${portOf(server)}`,
    close: () => closeServer(server),
  };
}

/**
 * Bootstrap, migrations and the signing key, once per database however many processes start
 * against it at the same time: on PostgreSQL they take turns under an advisory lock, and the
 * first one does the work. Tells the running processes of the database to reload their REST
 * schema cache when migrations were applied (PostgREST's NOTIFY pgrst).
 */
export async function prepareDatabase(
  db: Db,
  opts: {
    supabaseDir: string;
    seed: boolean;
    dataDir: string | undefined;
    log: (msg: string) => void;
    warn: (msg: string) => void;
  },
): Promise<ProjectKeys> {
  const run = async (): Promise<ProjectKeys> => {
    await bootstrap(db);
    const m = await migrate(db, opts.supabaseDir, { seed: opts.seed, log: opts.log });
    if (m.applied.length) {
      opts.log(`applied ${m.applied.length} migration(s)`);
      if (db.kind === 'postgres') await db.query(`notify pgrst, 'reload schema'`);
    }
    if (db.kind === 'postgres') return loadSharedKeys(db, opts.dataDir, opts.warn);
    const keys = await loadKeys(opts.dataDir);
    return { keys, ...(await apiKeys(keys)) };
  };
  return db.exclusive ? db.exclusive('bistro-backend:prepare', run) : run();
}

export async function startBackend(opts: BackendOptions = {}): Promise<Backend> {
  const log = opts.log ?? (() => undefined);
  const host = opts.host ?? DEFAULTS.host;
  const inboxHost = opts.inboxHost ?? DEFAULT_INBOX_HOST;
  const warn = opts.warn ?? ((m: string) => console.warn(`[backend] warning: ${m}`));
  const supabaseDir = opts.supabaseDir ?? path.join(REPO_ROOT, 'supabase');
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });

  const db: Db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.config?.db)
    : await openPglite(opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined, {
        ...opts.config?.db,
        ...(opts.pgliteTemplate && !opts.dataDir ? { template: opts.pgliteTemplate } : {}),
      });
  const servers: ServerType[] = [];
  let realtime: RealtimeServer | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  try {
    const { keys, anonKey, serviceRoleKey } = await prepareDatabase(db, {
      supabaseDir,
      seed: opts.seed ?? true,
      dataDir: opts.dataDir,
      log,
      warn,
    });
    const mailer =
      opts.sharedInbox?.mailer ??
      createMailer({
        smtpUrl: opts.smtpUrl,
        from: opts.mailFrom ?? DEFAULT_MAIL_FROM,
      });
    const schema = await makeSchemaLoader(db);
    // PostgREST's schema reload: `NOTIFY pgrst, 'reload schema'` (or an empty NOTIFY pgrst),
    // sent by whoever changed the schema (prepareDatabase after migrations), reaches every
    // process serving this database; after a dropped connection the cache is reloaded, as a
    // notification may have been missed meanwhile.
    let listening = false;
    stopListening = db.listen
      ? await db.listen(
          'pgrst',
          (payload) => {
            if (payload === '' || payload === 'reload schema')
              void schema
                .refresh()
                .catch((e: unknown) => warn(`schema reload failed: ${String(e)}`));
            else
              warn(
                `NOTIFY pgrst, '${payload.slice(0, 40)}' is not supported (only 'reload schema')`,
              );
          },
          () => {
            if (listening)
              void schema
                .refresh()
                .catch((e: unknown) => warn(`schema reload failed: ${String(e)}`));
            listening = true;
          },
        )
      : undefined;

    const config: Config = appConfig(
      { apiUrl: opts.publicUrl ?? '', dataDir: opts.dataDir, supabaseDir },
      opts.config,
    );
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
    const restore = () =>
      restoreSeedObjects(db, openBlobStore(config), path.join(supabaseDir, 'seed-storage'));
    // the seed's pictures are a convenience: a byte store that fails here is reported and
    // the API starts anyway (its own requests will report the store's state)
    try {
      const restored = await (db.exclusive
        ? db.exclusive('bistro-backend:seed-objects', restore)
        : restore());
      if (restored) log(`stored ${restored} seed file(s)`);
    } catch (e) {
      warn(`the seed's files were not stored: ${e instanceof Error ? e.message : String(e)}`);
    }
    realtime = createRealtime(ctx, (m) => warn(`realtime: ${m}`));
    const backups = createBackupService(ctx, warn);
    const obs = createObservability(ctx, { realtime, backupAge: backups.ageSeconds });
    const app = createApp(ctx, realtime, obs);
    app.route('/backup/v1', backups.routes);
    const api = await listen(app, opts.port ?? DEFAULTS.ports.api, host);
    servers.push(api);
    api.on('upgrade', realtime.handleUpgrade);
    await realtime.start();
    const url = `http://${displayAddress(host)}:${portOf(api)}`;
    if (!config.apiUrl) config.apiUrl = opts.publicUrl ?? url;
    let inboxUrl: string;
    if (opts.sharedInbox) inboxUrl = opts.sharedInbox.url;
    else {
      const inbox = await serveInbox(mailer, opts.inboxPort ?? DEFAULTS.ports.inbox, inboxHost);
      servers.push(inbox.server);
      inboxUrl = inbox.url;
    }
    if (!opts.smtpUrl && !isLoopback(host))
      warn(
        `the API listens on ${host}, beyond this machine, while mail (sign-up links, password ` +
          `resets) goes to the dev inbox${isLoopback(inboxHost) ? '' : `, which listens on ${inboxHost} without authentication`}; set SMTP_URL to send real mail`,
      );

    const bookingMails =
      config.bookingMailsIntervalMs > 0
        ? startBookingMailsJob({
            apiUrl: url,
            serviceRoleKey,
            intervalMs: config.bookingMailsIntervalMs,
            warn,
          })
        : null;

    // "your song is playing" by Web Push: only with the venue's VAPID keys (config.ts)
    const pushNotifications =
      (config.pushIntervalMs ?? 0) > 0
        ? startBookingMailsJob({
            apiUrl: url,
            serviceRoleKey,
            intervalMs: config.pushIntervalMs ?? 0,
            functionName: 'push-notifications',
            warn: (m) => warn(`push-notifications: ${m}`),
          })
        : null;

    obs.setPart('jobs', () =>
      bookingMails
        ? { ready: true, running: true, intervalMs: config.bookingMailsIntervalMs }
        : opts.sharedInbox
          ? { ready: true, running: false, note: 'another process of the cluster runs the jobs' }
          : { ready: true, running: false, note: 'BOOKING_MAILS_INTERVAL_MS=0: off' },
    );
    obs.setPart('mail-transport', () => ({
      ready: true,
      transport: opts.smtpUrl ? 'smtp' : 'dev inbox',
    }));

    const stopStorageSweep = startStorageSweep(ctx);
    // Pruning is idempotent: each process of a cluster may run it.
    const auditRetention =
      config.auditRetentionDays > 0
        ? startAuditRetention(db, config.auditRetentionDays, warn)
        : null;
    // Marking no-shows is idempotent too: each process may run it.
    const noShows =
      config.noShowsIntervalMs > 0 ? startNoShows(db, warn, config.noShowsIntervalMs) : null;

    let closed = false;
    return {
      url: config.apiUrl,
      inboxUrl,
      anonKey,
      serviceRoleKey,
      db,
      ctx,
      app,
      realtime,
      async close() {
        if (closed) return;
        closed = true;
        await bookingMails?.stop();
        await pushNotifications?.stop();
        await backups.stop();
        stopStorageSweep?.();
        auditRetention?.stop();
        noShows?.stop();
        await realtime?.close();
        await stopListening?.();
        await Promise.all(servers.map(closeServer));
        await db.close();
      },
    };
  } catch (e) {
    await realtime?.close().catch(() => undefined);
    await stopListening?.().catch(() => undefined);
    await Promise.all(servers.map(closeServer));
    await db.close().catch(() => undefined);
    throw e;
  }
}
