/**
 * The Realtime socket server: `GET /realtime/v1/websocket?apikey=...&vsn=...`, the endpoint
 * supabase-js's Realtime client connects to. Broadcast from the database: rows of
 * realtime.messages (written by realtime.send / realtime.broadcast_changes) go to the sockets
 * joined to their topic; private channels are joined only by users whom the RLS policies on
 * realtime.messages let read that topic (see authorize.ts).
 *
 * The HTTP server hands upgrade requests to `handleUpgrade` (server.ts attaches it); a plain
 * GET of the endpoint gets 426 from `routes`.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { Hub } from './hub.js';
import { Connection } from './connection.js';
import { startDelivery, type Delivery } from './delivery.js';
import { startRelay, type Relay } from './relay.js';
import { VSNS, type Vsn } from './protocol.js';
import { realtimeSettings, type RealtimeSettings } from './settings.js';
import { IpLimits, TopicRightsCache, upgradeIp } from './limits.js';

export const WEBSOCKET_PATH = '/realtime/v1/websocket';
/** Internal topic: a user whose joined channels must be authorized again (bootstrap.sql). */
const REAUTHORIZE_TOPIC = 'backend:reauthorize';

export interface RealtimeServer {
  readonly settings: RealtimeSettings;
  /** The Hono routes under /realtime/v1 (plain HTTP requests to the endpoint). */
  routes: Hono;
  /** Starts delivering messages from the database. */
  start(): Promise<void>;
  /** For the HTTP server's 'upgrade' event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): { sockets: number; channels: number };
  /**
   * Calls fn after each batch handed to the sockets with each message's delay in seconds, from
   * the time it was written in the database to its delivery (for /metrics).
   */
  onDelivered(fn: (delaySeconds: number) => void): void;
  /** Forgets the topic rights kept for a user and authorizes their joined channels again. */
  forgetUser(userId: string): void;
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, text: string, body: Record<string, unknown>) {
  if (socket.destroyed) return;
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nConnection: close\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
}

export function createRealtime(
  ctx: AppContext,
  log: (msg: string) => void = (m) => console.warn(`[realtime] ${m}`),
): RealtimeServer {
  const settings = realtimeSettings(ctx.config.realtime);
  const hub = new Hub();
  const connections = new Set<Connection>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: settings.maxFrameBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const ipLimits = new IpLimits(settings);
  const rightsCache = new TopicRightsCache(settings.authCacheMs);
  /** A user's rights changed outside their channels: forget them, and ask again. */
  const reauthorize = (row: { payload: string | null }) => {
    let userId: unknown;
    try {
      userId = (JSON.parse(row.payload ?? '{}') as { user_id?: unknown }).user_id;
    } catch {
      return;
    }
    if (typeof userId !== 'string') return;
    rightsCache.forgetUser(userId);
    for (const c of connections) c.reauthorizeUser(userId);
  };
  const deliveredListeners: ((delaySeconds: number) => void)[] = [];
  let delivery: Delivery | null = null;
  let relay: Relay | null = null;
  let closed = false;

  const idle = setInterval(
    () => {
      const limit = Date.now() - settings.idleTimeoutMs;
      for (const c of connections) if (c.lastSeen < limit) c.terminate();
    },
    Math.max(1000, Math.floor(settings.idleTimeoutMs / 4)),
  );
  idle.unref();

  const routes = new Hono();
  routes.get('/websocket', (c) =>
    c.json({ message: 'this endpoint speaks WebSocket: send an Upgrade request' }, 426, {
      Upgrade: 'websocket',
    }),
  );

  return {
    settings,
    routes,
    async start() {
      delivery = await startDelivery(
        ctx.db,
        settings,
        async (rows) => {
          const deliver = [];
          for (const row of rows) {
            if (row.topic !== REAUTHORIZE_TOPIC) deliver.push(row);
            else reauthorize(row);
          }
          await hub.deliver(deliver);
          if (deliveredListeners.length === 0) return;
          const now = Date.now();
          for (const row of deliver) {
            // the database's clock against this process's: never below zero
            const delay = Math.max(0, now - row.inserted_ms) / 1000;
            for (const fn of deliveredListeners) fn(delay);
          }
        },
        () => hub.channelCount > 0,
        log,
      );
      relay = await startRelay(ctx.db, hub, settings, log);
    },
    handleUpgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/\/+$/, '');
      if (path !== WEBSOCKET_PATH)
        return refuse(socket, 404, 'Not Found', { message: 'no Route matched with those values' });
      if (closed) return refuse(socket, 503, 'Service Unavailable', { message: 'shutting down' });
      const header = req.headers['apikey'];
      const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : '');
      if (apikey !== ctx.anonKey && apikey !== ctx.serviceRoleKey)
        return refuse(socket, 401, 'Unauthorized', {
          message: apikey ? 'Invalid API key' : 'No API key found in request',
        });
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      if (!VSNS.includes(vsn))
        return refuse(socket, 400, 'Bad Request', {
          message: `unsupported vsn ${vsn} (one of ${VSNS.join(', ')})`,
        });
      if (connections.size >= settings.maxSockets)
        return refuse(socket, 503, 'Service Unavailable', { message: 'too many connections' });
      const ip = upgradeIp(req, ctx.config.trustProxy);
      if (!ipLimits.openSocket(ip))
        return refuse(socket, 429, 'Too Many Requests', {
          message: 'too many connections from this address',
        });
      let released = false;
      const release = () => {
        if (!released) ipLimits.closeSocket(ip);
        released = true;
      };
      socket.once('close', release);
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn: Connection = new Connection(
          ws,
          socket,
          vsn,
          apikey,
          {
            db: ctx.db,
            keys: ctx.keys,
            hub,
            settings,
            takeJoin: () => ipLimits.takeJoin(ip),
            takeAuthorization: () => ipLimits.takeAuthorization(ip),
            rightsCache,
            onFirstChannel: () => delivery?.wake(),
            log,
          },
          () => {
            connections.delete(conn);
            release();
          },
        );
        connections.add(conn);
      });
    },
    stats: () => ({ sockets: connections.size, channels: hub.channelCount }),
    onDelivered: (fn) => void deliveredListeners.push(fn),
    forgetUser: (userId) => {
      rightsCache.forgetUser(userId);
      for (const c of connections) c.reauthorizeUser(userId);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(idle);
      for (const c of connections) {
        c.close(1001, 'server shutting down');
        c.terminate();
      }
      connections.clear();
      await delivery?.close();
      await relay?.close();
    },
  };
}
