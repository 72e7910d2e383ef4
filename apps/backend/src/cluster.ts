/**
 * WORKERS=N: the backend as N processes of this machine (node:cluster) sharing the API port.
 * Nothing a request needs lives in one process: sessions, refresh tokens, rate limits, the
 * booking-mail outbox and Realtime messages are in PostgreSQL, and the signing key is read from
 * it (see the backend README's table), so any worker may answer any request and a load balancer
 * in front of several machines needs no sticky sessions.
 *
 * The primary serves no API. It prepares the database once (bootstrap, migrations, seed,
 * signing key) before any worker starts, writes keys.json, serves the dev inbox (workers hand
 * it their mail), starts the workers and restarts one that dies, forwards SIGTERM/SIGINT and
 * exits when all have stopped.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAIL_FROM, REPO_ROOT, type EnvSettings } from './config.js';
import { openPostgres } from './db/postgres.js';
import {
  createMailer,
  extractLinks,
  type Mailer,
  type MailMessage,
  type OutgoingMessage,
} from './mail/mailer.js';
import { prepareDatabase, serveInbox, startBackend, type BackendOptions } from './server.js';

/** What main.ts and the workers hand to startBackend, from the environment. */
export function backendOptions(env: EnvSettings, log: (m: string) => void): BackendOptions {
  return {
    port: env.port,
    inboxPort: env.inboxPort,
    host: env.host,
    inboxHost: env.inboxHost,
    dataDir: env.dataDir,
    ...(env.databaseUrl ? { databaseUrl: env.databaseUrl } : {}),
    ...(env.supabaseDir ? { supabaseDir: env.supabaseDir } : {}),
    ...(env.smtpUrl ? { smtpUrl: env.smtpUrl } : {}),
    ...(env.mailFrom ? { mailFrom: env.mailFrom } : {}),
    ...(env.publicUrl ? { publicUrl: env.publicUrl } : {}),
    config: env.config,
    log,
  };
}

/** Messages between a worker and the primary. */
type FromWorker =
  { type: 'bistro:ready'; url: string } | { type: 'bistro:mail'; message: MailMessage };

const isFromWorker = (m: unknown): m is FromWorker =>
  typeof m === 'object' &&
  m !== null &&
  ((m as { type?: unknown }).type === 'bistro:ready' ||
    (m as { type?: unknown }).type === 'bistro:mail');

/** Restarts allowed within RESTART_WINDOW_MS before the primary gives up (a crash loop). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
/** How long workers get to finish their requests after SIGTERM before they are killed. */
const STOP_TIMEOUT_MS = 30_000;

export async function runPrimary(env: EnvSettings, workers: number): Promise<void> {
  const log = (m: string) => console.log(`[backend] ${m}`);
  const warn = (m: string) => console.warn(`[backend] warning: ${m}`);
  if (!env.databaseUrl) throw new Error('WORKERS > 1 needs DATABASE_URL');
  await mkdir(env.dataDir, { recursive: true });

  // once, before any worker listens: workers find the database ready (they check again
  // under the same advisory lock, which then costs a few queries)
  const db = await openPostgres(env.databaseUrl, { ...env.config.db, max: 2 });
  const { anonKey, serviceRoleKey } = await prepareDatabase(db, {
    supabaseDir: env.supabaseDir ?? path.join(REPO_ROOT, 'supabase'),
    seed: true,
    dataDir: env.dataDir,
    log,
    warn,
  }).finally(() => db.close());

  // the dev inbox is this process's: mail from every worker lands in one list
  const mailer = createMailer({ from: env.mailFrom ?? DEFAULT_MAIL_FROM });
  const inbox = await serveInbox(mailer, env.inboxPort, env.inboxHost);

  const indexOf = new Map<Worker, number>();
  let stopping = false;
  let failed = false;
  const restarts: number[] = [];
  let started: (url: string) => void = () => undefined;
  let startFailed: (e: Error) => void = () => undefined;
  const allReady = new Promise<string>((resolve, reject) => {
    let ready = 0;
    started = (url) => {
      if (++ready === workers) resolve(url);
    };
    startFailed = reject;
  });
  let up = false;

  const fork = (index: number): Worker => {
    const w = cluster.fork({
      BACKEND_WORKER_INDEX: String(index),
      BACKEND_INBOX_URL: inbox.url,
    });
    indexOf.set(w, index);
    w.on('message', (m: unknown) => {
      if (!isFromWorker(m)) return;
      if (m.type === 'bistro:mail') {
        mailer.inbox.push(m.message);
        if (mailer.inbox.length > 500) mailer.inbox.shift();
      } else {
        if (up) log(`worker ${index} (pid ${w.process.pid}) is serving again`);
        else started(m.url);
      }
    });
    return w;
  };

  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const w of indexOf.keys()) w.process.kill(signal);
    setTimeout(() => {
      for (const w of indexOf.keys()) {
        warn(
          `worker ${indexOf.get(w)} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`,
        );
        w.process.kill('SIGKILL');
      }
    }, STOP_TIMEOUT_MS).unref();
  };

  cluster.on('exit', (w, code, signal) => {
    const index = indexOf.get(w) ?? 0;
    indexOf.delete(w);
    if (stopping) {
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') failed = true;
      if (indexOf.size === 0)
        void inbox.close().finally(() => {
          log(failed ? 'all workers stopped (some with errors)' : 'all workers stopped');
          process.exit(failed ? 1 : 0);
        });
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!up) {
      startFailed(new Error(`worker ${index} exited while starting (${how})`));
      return;
    }
    const now = Date.now();
    while (restarts.length && now - (restarts[0] as number) > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      console.error(
        `[backend] worker ${index} exited (${how}), the ${MAX_RESTARTS + 1}th exit within ` +
          `${RESTART_WINDOW_MS / 1000} s: stopping`,
      );
      failed = true;
      if (indexOf.size === 0) process.exit(1);
      stopAll('SIGTERM');
      return;
    }
    restarts.push(now);
    warn(`worker ${index} (pid ${w.process.pid}) exited (${how}); starting another`);
    setTimeout(() => {
      if (!stopping) fork(index);
    }, RESTART_DELAY_MS);
  });

  process.on('SIGINT', () => {
    if (stopping) return;
    log(`SIGINT: stopping ${indexOf.size} worker(s)`);
    stopAll('SIGTERM');
  });
  process.on('SIGTERM', () => {
    if (stopping) return;
    log(`SIGTERM: stopping ${indexOf.size} worker(s)`);
    stopAll('SIGTERM');
  });

  for (let i = 1; i <= workers; i++) fork(i);
  let url: string;
  try {
    url = await allReady;
  } catch (e) {
    stopping = true;
    failed = true;
    for (const w of indexOf.keys()) w.process.kill('SIGTERM');
    await inbox.close();
    throw e;
  }
  up = true;

  const keysFile = path.join(env.dataDir, 'keys.json');
  await writeFile(
    keysFile,
    JSON.stringify({ url, anonKey, serviceRoleKey, inboxUrl: inbox.url }, null, 2) + '\n',
    { mode: 0o600 },
  );
  console.log(`[backend] database: postgres, ${workers} worker processes`);
  console.log(
    `[backend] workers:       ${[...indexOf].map(([w, i]) => `${i} (pid ${w.process.pid})`).join(', ')}`,
  );
  console.log(`[backend] API URL:       ${url}`);
  console.log(
    `[backend] dev inbox:     ${inbox.url}${env.smtpUrl ? ' (unused: SMTP_URL is set)' : ''}`,
  );
  console.log(`[backend] anon key:      ${anonKey}`);
  console.log(`[backend] service_role:  ${serviceRoleKey}`);
  console.log(`[backend] keys written to ${keysFile}`);
  console.log('[backend] ready');
}

/** A worker's mail without SMTP: handed to the primary's dev inbox. */
function forwardingMailer(from: string): Mailer {
  return {
    inbox: [],
    async send(msg: OutgoingMessage) {
      const message: MailMessage = {
        id: randomUUID(),
        from,
        ...msg,
        links: extractLinks(msg.html),
        createdAt: new Date().toISOString(),
      };
      await new Promise<void>((resolve, reject) =>
        process.send?.({ type: 'bistro:mail', message } satisfies FromWorker, undefined, {}, (e) =>
          e ? reject(e) : resolve(),
        ),
      );
    },
  };
}

export async function runWorker(env: EnvSettings): Promise<void> {
  const index = Number(process.env['BACKEND_WORKER_INDEX'] ?? '0');
  const inboxUrl = process.env['BACKEND_INBOX_URL'] ?? '';
  const from = env.mailFrom ?? DEFAULT_MAIL_FROM;
  const opts = backendOptions(env, (m) => console.log(`[backend ${index}] ${m}`));
  const backend = await startBackend({
    ...opts,
    // one worker drains the booking-mail outbox: more would only compete for the same rows
    // (the claim skips rows another drain holds, so none is sent twice either way)
    config:
      index === 1 ? env.config : { ...env.config, bookingMailsIntervalMs: 0, pushIntervalMs: 0 },
    sharedInbox: {
      mailer: env.smtpUrl ? createMailer({ smtpUrl: env.smtpUrl, from }) : forwardingMailer(from),
      url: inboxUrl,
    },
    warn: (m) => console.warn(`[backend ${index}] warning: ${m}`),
  });
  process.send?.({ type: 'bistro:ready', url: backend.url } satisfies FromWorker);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await backend.close();
      process.exit(0);
    } catch (e) {
      console.error(`[backend ${index}] error while closing:`, e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // the primary is gone (killed without forwarding a signal): stop rather than serve on alone
  process.on('disconnect', () => void stop());
}
