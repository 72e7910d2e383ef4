/**
 * One client socket: its channels, the frames it sends, its limits.
 *
 * Frames are handled one after another in arrival order (a join waits for its authorization
 * before the next frame of that socket is looked at); other sockets are not held up. A frame
 * that is not a protocol message closes this socket (1007); a well-formed message the server
 * cannot act on gets a phx_reply with status "error" and a reason.
 */
import type { Duplex } from 'node:stream';
import { WebSocket, type RawData } from 'ws';
import { decodeJwt } from 'jose';
import { JwtError, resolveCaller, type Caller } from '../authz.js';
import type { KeySet } from '../keys.js';
import { isPgError, type Db } from '../db/types.js';
import {
  FrameError,
  decodeBinary,
  decodeText,
  encodeText,
  reply,
  type Frame,
  type Vsn,
} from './protocol.js';
import { topicRights, type TopicRights } from './authorize.js';
import type { Hub, Member } from './hub.js';
import type { RealtimeSettings } from './settings.js';
import type { TopicRightsCache } from './limits.js';

export interface ConnectionDeps {
  db: Db;
  keys: KeySet;
  hub: Hub;
  settings: RealtimeSettings;
  /** Counts a join of this socket's client address; false over its joins per second. */
  takeJoin(): boolean;
  /** Counts a join the database must authorize; false over the address's budget. */
  takeAuthorization(): boolean;
  /** Topic rights recently answered by the database, per user. */
  rightsCache: TopicRightsCache;
  /** A first channel was joined on the server. */
  onFirstChannel(): void;
  log(msg: string): void;
}

const PREFIX = 'realtime:';
/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER = 2 ** 31 - 1;

class Channel implements Member {
  expiry: NodeJS.Timeout | undefined;
  constructor(
    readonly conn: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly isPrivate: boolean,
    readonly self: boolean,
    public caller: Caller,
    public rights: TopicRights,
  ) {}
  get vsn(): Vsn {
    return this.conn.vsn;
  }
  get sub(): string {
    return this.topic.slice(PREFIX.length);
  }
  sendFramed(frame: Buffer): void {
    this.conn.sendFramed(frame);
  }
}

/** Why a token is refused, in Supabase Realtime's words. */
function tokenReason(e: unknown, token: string): string {
  if (e instanceof JwtError && e.expired) {
    let ago = 0;
    try {
      const exp = decodeJwt(token).exp;
      if (typeof exp === 'number') ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
    } catch {
      // the reason stays without the number
    }
    return `InvalidJWTToken: Token has expired ${ago} seconds ago`;
  }
  if (e instanceof JwtError) return `InvalidJWTToken: ${e.message}`;
  throw e;
}

const JOIN_RATE_LIMITED = 'ClientJoinRateLimitReached: Too many joins per second';

/** The client address has used up this second's database authorizations. */
class JoinRateLimited extends Error {
  constructor() {
    super(JOIN_RATE_LIMITED);
  }
}

/** Why the policies could not be evaluated (a deleted user's token is an invalid token). */
const policyReason = (e: unknown) =>
  e instanceof JoinRateLimited
    ? JOIN_RATE_LIMITED
    : isPgError(e) && e.code === 'PT401'
      ? `InvalidJWTToken: ${e.message}`
      : `RlsPolicyError: ${e instanceof Error ? e.message : String(e)}`;

const unauthorized = (verb: 'read from' | 'write to', sub: string) =>
  `Unauthorized: You do not have permissions to ${verb} this Channel topic: ${sub}`;

export class Connection {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private windowStart = Date.now();
  private windowCount = 0;
  private joinWindowStart = 0;
  private joinCount = 0;
  private closed = false;
  /** The server has sent its close frame: what the client still sends is ignored. */
  private closing = false;
  lastSeen = Date.now();

  constructor(
    private readonly ws: WebSocket,
    /** The socket under `ws` (ours: the upgrade handed it over), for pre-framed writes. */
    private readonly raw: Duplex,
    readonly vsn: Vsn,
    /** The apikey of the URL: the token of a join that brings none. */
    private readonly apikey: string,
    private readonly deps: ConnectionDeps,
    onClose: () => void,
  ) {
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      this.closed = true;
      for (const ch of this.channels.values()) this.drop(ch);
      this.channels.clear();
      onClose();
    });
  }

  get channelCount(): number {
    return this.channels.size;
  }

  send(frame: Buffer, binary: boolean): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    // a client that does not read its frames would make the server hold them all
    if (this.ws.bufferedAmount > this.deps.settings.maxBufferedBytes) {
      this.deps.log('realtime: closing a socket that does not read its frames');
      this.ws.terminate();
      return;
    }
    this.ws.send(frame, { binary });
  }

  /**
   * A frame built once for many sockets (see wsFrame), written as is. Whole frames are queued
   * in order on the socket, so they never interleave with the frames ws writes itself.
   */
  sendFramed(frame: Buffer): void {
    if (this.closing || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.raw.writableLength > this.deps.settings.maxBufferedBytes) {
      this.deps.log('realtime: closing a socket that does not read its frames');
      this.ws.terminate();
      return;
    }
    this.raw.write(frame);
  }

  close(code: number, reason: string): void {
    this.closing = true;
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.closed || this.closing) return;
    this.lastSeen = Date.now();
    const now = this.lastSeen;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (++this.windowCount > this.deps.settings.maxMessagesPerSecond) {
      this.close(1008, 'too many messages per second');
      return;
    }
    const buf = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    this.queue = this.queue
      .then(() => this.handle(buf, isBinary))
      .catch((e: unknown) => {
        if (e instanceof FrameError) return this.close(1007, e.message.slice(0, 120));
        this.deps.log(`realtime: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        this.close(1011, 'internal error');
      });
  }

  private async handle(buf: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed || this.closing) return;
    if (isBinary) {
      if (this.vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
      const b = decodeBinary(buf);
      const ch = this.channels.get(b.topic);
      const frame = { join_ref: b.join_ref, ref: b.ref, topic: b.topic };
      if (!ch) return this.replyError(frame, 'unmatched topic');
      // the client's metadata is not relayed: what meta a broadcast carries is the server's to say
      if (b.encoding === 1) {
        try {
          JSON.parse(b.payload.toString('utf8'));
        } catch {
          throw new FrameError('broadcast payload is not JSON');
        }
      }
      return this.broadcast(ch, frame, b.event, b.payload, b.encoding);
    }
    const f = decodeText(buf.toString('utf8'), this.vsn);
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') return this.sendReply(f, 'ok', {});
      return this.replyError(f, 'unmatched topic');
    }
    if (f.event === 'phx_join') return this.join(f);
    const ch = this.channels.get(f.topic);
    if (!ch) return this.replyError(f, 'unmatched topic');
    switch (f.event) {
      case 'phx_leave':
        this.leave(ch);
        return this.sendReply(f, 'ok', {});
      case 'access_token':
        return this.refresh(ch, f);
      case 'broadcast': {
        const p = f.payload;
        if (typeof p['event'] !== 'string' || p['event'].length === 0 || p['event'].length > 255)
          return this.replyError(f, 'broadcast needs an event name');
        const body = Buffer.from(JSON.stringify(p['payload'] ?? {}), 'utf8');
        return this.broadcast(ch, f, p['event'], body, 1);
      }
      case 'presence':
        return this.replyError(f, 'Presence is not supported by this server');
      default:
        return this.replyError(f, `unknown event: ${f.event}`);
    }
  }

  private sendReply(
    f: { join_ref: string | null; ref: string | null; topic: string },
    status: 'ok' | 'error',
    response: Record<string, unknown>,
  ): void {
    this.send(reply(this.vsn, f, status, response), false);
  }

  private replyError(
    f: { join_ref: string | null; ref: string | null; topic: string },
    reason: string,
  ) {
    this.sendReply(f, 'error', { reason });
  }

  private async callerOf(token: string): Promise<Caller | string> {
    try {
      return await resolveCaller(this.deps.keys, { authorization: `Bearer ${token}` });
    } catch (e) {
      return tokenReason(e, token);
    }
  }

  private async rightsOf(caller: Caller, isPrivate: boolean, sub: string): Promise<TopicRights> {
    if (!isPrivate) return { read: true, write: this.deps.settings.publicClientBroadcast };
    // private topics are for members (and the service role): an anon key or an anonymous
    // session is refused without asking the database
    const member =
      caller.role === 'service_role' ||
      (caller.role === 'authenticated' && caller.isUser && caller.claims['is_anonymous'] !== true);
    if (!member) return { read: false, write: false };
    const cached = this.deps.rightsCache.get(caller, sub);
    if (cached) return cached;
    if (!this.deps.takeAuthorization()) throw new JoinRateLimited();
    const rights = await topicRights(this.deps.db, caller, sub);
    this.deps.rightsCache.set(caller, sub, rights);
    return rights;
  }

  private async join(f: Frame): Promise<void> {
    if (!f.topic.startsWith(PREFIX) || f.topic.length === PREFIX.length)
      return this.replyError(f, 'unmatched topic');
    const t = Date.now();
    if (t - this.joinWindowStart >= 1000) {
      this.joinWindowStart = t;
      this.joinCount = 0;
    }
    if (++this.joinCount > this.deps.settings.maxJoinsPerSecond || !this.deps.takeJoin())
      return this.replyError(f, JOIN_RATE_LIMITED);
    const sub = f.topic.slice(PREFIX.length);
    const config = (f.payload['config'] ?? {}) as Record<string, unknown>;
    if (typeof config !== 'object' || config === null || Array.isArray(config))
      return this.replyError(f, 'config must be an object');
    const pgChanges = config['postgres_changes'];
    if (Array.isArray(pgChanges) && pgChanges.length > 0)
      return this.replyError(
        f,
        'postgres_changes is not supported by this server: use broadcast from the database (realtime.send, realtime.broadcast_changes) on a private channel',
      );
    const presence = config['presence'] as { enabled?: unknown } | undefined;
    if (presence && typeof presence === 'object' && presence.enabled === true)
      return this.replyError(f, 'Presence is not supported by this server');
    const isPrivate = config['private'] === true;
    const broadcast = (config['broadcast'] ?? {}) as { self?: unknown };
    const self = typeof broadcast === 'object' && broadcast !== null && broadcast.self === true;

    const existing = this.channels.get(f.topic);
    if (!existing && this.channels.size >= this.deps.settings.maxChannelsPerSocket)
      return this.replyError(f, 'ChannelRateLimitReached: Too many channels');

    const given = f.payload['access_token'];
    if (given !== undefined && given !== null && typeof given !== 'string')
      return this.replyError(f, 'access_token must be a string');
    const token = given || this.apikey;
    const caller = await this.callerOf(token);
    if (typeof caller === 'string') return this.replyError(f, caller);
    let rights: TopicRights;
    try {
      rights = await this.rightsOf(caller, isPrivate, sub);
    } catch (e) {
      return this.replyError(f, policyReason(e));
    }
    if (!rights.read) return this.replyError(f, unauthorized('read from', sub));
    if (this.closed) return;

    // joining a topic again replaces the earlier join (as Phoenix does)
    const old = this.channels.get(f.topic);
    if (old) {
      this.leave(old);
      this.send(encodeText(this.vsn, old.joinRef, null, old.topic, 'phx_close', '{}'), false);
    }
    const ch = new Channel(this, f.topic, f.join_ref, isPrivate, self, caller, rights);
    this.channels.set(f.topic, ch);
    const first = this.deps.hub.channelCount === 0;
    this.deps.hub.add(ch);
    this.armExpiry(ch);
    this.sendReply(f, 'ok', { postgres_changes: [] });
    if (first) this.deps.onFirstChannel();
  }

  /** The channel's token expires: the client is told, and the channel is closed. */
  private armExpiry(ch: Channel): void {
    clearTimeout(ch.expiry);
    const exp = ch.caller.claims.exp;
    if (typeof exp !== 'number') return;
    const ms = exp * 1000 - Date.now();
    ch.expiry = setTimeout(
      () =>
        ms > MAX_TIMER ? this.armExpiry(ch) : this.shut(ch, 'Token has expired 0 seconds ago'),
      Math.min(Math.max(ms, 0), MAX_TIMER),
    );
    ch.expiry.unref();
  }

  /** Ends a channel from the server side: a system message with the reason, then phx_close. */
  private shut(ch: Channel, message: string): void {
    if (this.channels.get(ch.topic) !== ch) return;
    this.leave(ch);
    const system = JSON.stringify({
      message,
      status: 'error',
      extension: 'system',
      channel: ch.sub,
    });
    this.send(encodeText(this.vsn, ch.joinRef, null, ch.topic, 'system', system), false);
    this.send(encodeText(this.vsn, ch.joinRef, ch.joinRef, ch.topic, 'phx_close', '{}'), false);
  }

  private drop(ch: Channel): void {
    clearTimeout(ch.expiry);
    this.deps.hub.remove(ch);
  }

  private leave(ch: Channel): void {
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
    this.drop(ch);
  }

  /**
   * What the user may read changed outside their channels (sessions ended, banned, deleted, a
   * role lost): each of their private channels is authorized again, after the frames already
   * queued; a channel the policies no longer allow is closed with the reason.
   */
  reauthorizeUser(userId: string): void {
    const mine = [...this.channels.values()].filter(
      (ch) => ch.isPrivate && ch.caller.userId === userId,
    );
    if (mine.length === 0) return;
    this.queue = this.queue
      .then(async () => {
        for (const ch of mine) {
          if (this.closed || this.channels.get(ch.topic) !== ch) continue;
          let rights: TopicRights;
          try {
            rights = await topicRights(this.deps.db, ch.caller, ch.sub);
          } catch (e) {
            this.shut(ch, policyReason(e));
            continue;
          }
          if (!rights.read) this.shut(ch, unauthorized('read from', ch.sub));
          else ch.rights = rights;
        }
      })
      .catch((e: unknown) => {
        this.deps.log(`realtime: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      });
  }

  /** A new access token for a joined channel: checked, and the topic authorized again. */
  private async refresh(ch: Channel, f: Frame): Promise<void> {
    const token = f.payload['access_token'];
    if (typeof token !== 'string' || !token) return this.replyError(f, 'access_token is required');
    const caller = await this.callerOf(token);
    if (typeof caller === 'string') return this.shut(ch, caller);
    let rights: TopicRights;
    try {
      rights = await this.rightsOf(caller, ch.isPrivate, ch.sub);
    } catch (e) {
      // over the address's budget: the channel stays on its current token, which ends it
      // when it expires unless a later refresh gets through
      if (e instanceof JoinRateLimited) return this.replyError(f, JOIN_RATE_LIMITED);
      return this.shut(ch, policyReason(e));
    }
    if (!rights.read) return this.shut(ch, unauthorized('read from', ch.sub));
    ch.caller = caller;
    ch.rights = rights;
    this.armExpiry(ch);
    this.sendReply(f, 'ok', {});
  }

  private async broadcast(
    ch: Channel,
    f: { join_ref: string | null; ref: string | null; topic: string },
    event: string,
    payload: Buffer,
    encoding: 0 | 1,
  ): Promise<void> {
    if (!ch.rights.write) return this.replyError(f, unauthorized('write to', ch.sub));
    await this.deps.hub.relay(ch, ch.self, event, payload, encoding);
    if (f.ref) this.sendReply(f, 'ok', {});
  }
}
