/**
 * What one client address may hold and ask of the Realtime server, and the brief memory of
 * who may read which topic:
 *
 * - sockets per IP: one address cannot take every socket slot of the server;
 * - joins per second per IP, over all its sockets, and a smaller budget of the private joins
 *   the database must answer (each is a transaction): many sockets of one address cannot turn
 *   their joins into a database load;
 * - a topic's rights per user, kept for `authCacheMs`: a member who joins the same topic
 *   again (a reconnecting tab, a flood) is answered from memory, not by the database.
 *
 * Counters are per process, like the server's own socket limit: each process guards its own
 * sockets and its own share of the database. A client behind the same proxy as everyone else
 * is one address only with TRUST_PROXY=true (then X-Forwarded-For names it).
 */
import type { IncomingMessage } from 'node:http';
import type { Caller } from '../authz.js';
import type { TopicRights } from './authorize.js';
import type { RealtimeSettings } from './settings.js';

/** The client's address: the first X-Forwarded-For entry behind a trusted proxy, else the peer. */
export function upgradeIp(req: IncomingMessage, trustProxy: boolean): string {
  const fwd = req.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  if (trustProxy && first) return first;
  return req.socket.remoteAddress ?? 'unknown';
}

interface Window {
  start: number;
  count: number;
}

/** One hit in a fixed one-second window of `key`; false past `max`. */
function take(windows: Map<string, Window>, key: string, max: number, now: number): boolean {
  let w = windows.get(key);
  if (!w || now - w.start >= 1000) windows.set(key, (w = { start: now, count: 0 }));
  return ++w.count <= max;
}

export class IpLimits {
  private readonly sockets = new Map<string, number>();
  private readonly joins = new Map<string, Window>();
  private readonly authorizations = new Map<string, Window>();

  constructor(private readonly settings: RealtimeSettings) {}

  /** Takes a socket slot for `ip`; false when the address holds its maximum already. */
  openSocket(ip: string): boolean {
    const n = this.sockets.get(ip) ?? 0;
    if (n >= this.settings.maxSocketsPerIp) return false;
    this.sockets.set(ip, n + 1);
    return true;
  }

  closeSocket(ip: string): void {
    const n = (this.sockets.get(ip) ?? 1) - 1;
    if (n > 0) this.sockets.set(ip, n);
    else {
      this.sockets.delete(ip);
      this.joins.delete(ip);
      this.authorizations.delete(ip);
    }
  }

  /** Counts a join of `ip`; false when the address has used up this second's joins. */
  takeJoin(ip: string, now = Date.now()): boolean {
    return take(this.joins, ip, this.settings.maxJoinsPerSecondPerIp, now);
  }

  /** Counts a join of `ip` the database must authorize; false over this second's budget. */
  takeAuthorization(ip: string, now = Date.now()): boolean {
    return take(this.authorizations, ip, this.settings.maxAuthorizationsPerSecondPerIp, now);
  }

  socketsOf(ip: string): number {
    return this.sockets.get(ip) ?? 0;
  }
}

/** Most entries the rights cache keeps; the oldest go first. */
const CACHE_MAX = 50_000;

/**
 * A topic's rights per user (and role, and whether the session is anonymous), for
 * `authCacheMs`. Nothing is kept when the setting is 0.
 */
export class TopicRightsCache {
  private readonly entries = new Map<string, { rights: TopicRights; until: number }>();

  constructor(private readonly ttlMs: number) {}

  private key(caller: Caller, topic: string): string | null {
    if (!caller.userId) return null;
    const anon = caller.claims['is_anonymous'] === true ? 'a' : 'p';
    return `${caller.role}|${caller.userId}|${anon}|${topic}`;
  }

  get(caller: Caller, topic: string, now = Date.now()): TopicRights | null {
    const k = this.key(caller, topic);
    if (!k) return null;
    const e = this.entries.get(k);
    if (!e) return null;
    if (e.until <= now) {
      this.entries.delete(k);
      return null;
    }
    return e.rights;
  }

  set(caller: Caller, topic: string, rights: TopicRights, now = Date.now()): void {
    const k = this.key(caller, topic);
    if (!k || this.ttlMs <= 0) return;
    this.entries.delete(k);
    this.entries.set(k, { rights, until: now + this.ttlMs });
    if (this.entries.size > CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Forgets what was kept for a user (their account or roles changed). */
  forgetUser(userId: string): void {
    for (const k of this.entries.keys()) if (k.split('|')[1] === userId) this.entries.delete(k);
  }

  clear(): void {
    this.entries.clear();
  }
}
