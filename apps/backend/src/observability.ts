/**
 * What a host watches: a JSON log line per request (pino) carrying a request id that also goes
 * back in the `x-request-id` header, Prometheus metrics at /metrics (only with METRICS_TOKEN,
 * as a bearer token), and /health, which says which parts are ready (database, storage, mail,
 * job runner) and answers 503 while one is not, for a load balancer's readiness check.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono, Next } from 'hono';
import { pino, type Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from './context.js';
import type { RealtimeServer } from './realtime/server.js';

/** A part /health reports on: ready or not, and what it knows about itself. */
export interface PartState {
  ready: boolean;
  [detail: string]: unknown;
}

export interface Observability {
  log: Logger;
  registry: Registry;
  /** Registers (or replaces) a part /health checks, e.g. the job runner once it runs. */
  setPart(name: string, check: () => PartState | Promise<PartState>): void;
  health(): Promise<{ ready: boolean; parts: Record<string, PartState> }>;
  /** The middleware: request id, timing, metrics, the log line. */
  middleware(c: Context, next: Next): Promise<void>;
  /** Mounts GET /health and GET /metrics on app. */
  mount(app: Hono): void;
}

/** An id a proxy sent is kept when it is short and plain; otherwise a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The route groups requests are counted by (a bounded set, not one series per path). */
export function routeGroup(pathname: string): string {
  if (pathname.startsWith('/rest/v1/rpc/')) return 'rpc';
  const m = /^\/(rest|auth|storage|functions|realtime|mail|releases)\/v1(\/|$)/.exec(pathname);
  if (m) return m[1]!;
  if (pathname === '/health' || pathname === '/metrics') return pathname.slice(1);
  return 'other';
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createObservability(
  ctx: AppContext,
  opts: {
    realtime?: RealtimeServer;
    destination?: NodeJS.WritableStream;
    /** Seconds since the newest backup; null when there is none. */
    backupAge?: () => Promise<number | null>;
  } = {},
): Observability {
  const { config } = ctx;
  const log = pino(
    { level: config.logLevel, base: { service: 'bistro-backend' } },
    ...(opts.destination ? [opts.destination as pino.DestinationStream] : []),
  );
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'bistro_http_requests_total',
    help: 'HTTP requests answered, by route group, method and status',
    labelNames: ['group', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'bistro_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route group',
    labelNames: ['group'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'bistro_realtime_sockets',
    help: 'Open Realtime websockets',
    registers: [registry],
    collect() {
      if (opts.realtime) this.set(opts.realtime.stats().sockets);
    },
  });
  new Gauge({
    name: 'bistro_realtime_channels',
    help: 'Joined Realtime channels',
    registers: [registry],
    collect() {
      if (opts.realtime) this.set(opts.realtime.stats().channels);
    },
  });
  new Gauge({
    name: 'bistro_backup_age_seconds',
    help: 'Seconds since the newest backup in BACKUP_DIR was taken (absent: no backup yet)',
    registers: [registry],
    async collect() {
      const age = await opts.backupAge?.();
      if (age === null || age === undefined) this.reset();
      else this.set(age);
    },
  });
  const realtimeDelay = new Histogram({
    name: 'bistro_realtime_delivery_delay_seconds',
    help: 'Time from a Realtime message being written in the database to its delivery to the sockets',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  opts.realtime?.onDelivered((seconds) => realtimeDelay.observe(seconds));
  new Gauge({
    name: 'bistro_database_connections',
    help: 'Database connections by state: open, idle, and callers waiting for one (PGlite: one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = ctx.db.poolState?.();
      if (!pool) return;
      this.set({ state: 'open' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  const dbUp = new Gauge({
    name: 'bistro_database_up',
    help: '1 when the database answered a query within 2 s at the last scrape',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const dbProbe = new Gauge({
    name: 'bistro_database_probe_seconds',
    help: 'Time the database took to answer `select 1` at the last scrape',
    registers: [registry],
  });
  const mailQueue = new Gauge({
    name: 'bistro_mail_queue_depth',
    help: 'Booking and reservation mails queued and not sent yet',
    registers: [registry],
  });
  const mailFailing = new Gauge({
    name: 'bistro_mail_failing',
    help: 'Queued booking mails whose last attempt failed',
    registers: [registry],
  });

  const parts = new Map<string, () => PartState | Promise<PartState>>();

  const probeDb = async (): Promise<PartState> => {
    const started = performance.now();
    try {
      await withTimeout(ctx.db.query('select 1'), 2000);
      const seconds = (performance.now() - started) / 1000;
      dbUp.set({ kind: ctx.db.kind }, 1);
      dbProbe.set(seconds);
      return { ready: true, kind: ctx.db.kind, ms: Math.round(seconds * 1000) };
    } catch (e) {
      dbUp.set({ kind: ctx.db.kind }, 0);
      return { ready: false, kind: ctx.db.kind, error: errorText(e) };
    }
  };
  parts.set('database', probeDb);
  parts.set('storage', async () => {
    const driver = config.storage?.driver ?? 'local';
    if (driver === 's3') return { ready: true, driver, bucket: config.storage?.s3?.bucket };
    if (!config.dataDir) return { ready: true, driver, where: 'memory' };
    const dir = path.join(config.dataDir, 'storage');
    try {
      await access(config.dataDir, constants.W_OK);
      return { ready: true, driver };
    } catch (e) {
      return { ready: false, driver, error: `${dir}: ${errorText(e)}` };
    }
  });
  parts.set('mail', async () => {
    try {
      const [row] = (
        await withTimeout(
          ctx.db.query<{ queued: number; failing: number }>(
            `select count(*)::int as queued, count(*) filter (where last_error is not null)::int as failing
             from (select last_error from private.booking_mails where sent_at is null
                   union all
                   select last_error from public.reservation_mail_outbox where sent_at is null
                   union all
                   select last_error from public.table_mail_outbox where sent_at is null) m`,
          ),
          2000,
        )
      ).rows;
      mailQueue.set(row?.queued ?? 0);
      mailFailing.set(row?.failing ?? 0);
      return { ready: true, queued: row?.queued ?? 0, failing: row?.failing ?? 0 };
    } catch (e) {
      return { ready: false, error: errorText(e) };
    }
  });
  parts.set('jobs', () => ({ ready: true, running: false }));

  const health = async () => {
    const entries = await Promise.all(
      [...parts].map(async ([name, check]) => {
        try {
          return [name, await check()] as const;
        } catch (e) {
          return [name, { ready: false, error: errorText(e) }] as const;
        }
      }),
    );
    const all = Object.fromEntries(entries) as Record<string, PartState>;
    return { ready: entries.every(([, s]) => s.ready), parts: all };
  };

  const tokenMatches = (header: string | undefined): boolean => {
    const token = config.metricsToken;
    if (!token || !header?.startsWith('Bearer ')) return false;
    const given = Buffer.from(header.slice(7));
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  return {
    log,
    registry,
    setPart: (name, check) => {
      parts.set(name, check);
    },
    health,
    async middleware(c, next) {
      const incoming = c.req.header('x-request-id');
      const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      const started = performance.now();
      const pathname = new URL(c.req.url).pathname;
      const group = routeGroup(pathname);
      try {
        await next();
      } finally {
        c.header('x-request-id', id);
        const seconds = (performance.now() - started) / 1000;
        const status = c.res.status;
        requests.inc({ group, method: c.req.method, status: String(status) });
        latency.observe({ group }, seconds);
        log.info(
          {
            reqId: id,
            method: c.req.method,
            path: pathname,
            group,
            status,
            ms: Math.round(seconds * 10_000) / 10,
          },
          'request',
        );
      }
    },
    mount(app) {
      app.get('/health', async (c) => {
        const state = await health();
        c.header('cache-control', 'no-store');
        return c.json(
          { status: state.ready ? 'ready' : 'not ready', ...state },
          state.ready ? 200 : 503,
        );
      });
      app.get('/metrics', async (c) => {
        if (!config.metricsToken)
          return c.json({ message: 'Metrics are off: set METRICS_TOKEN to serve them' }, 404);
        if (!tokenMatches(c.req.header('authorization'))) {
          c.header('www-authenticate', 'Bearer');
          return c.json({ message: 'A valid metrics token is required' }, 401);
        }
        await Promise.all([probeDb(), parts.get('mail')?.()]);
        c.header('cache-control', 'no-store');
        return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType });
      });
    },
  };
}
