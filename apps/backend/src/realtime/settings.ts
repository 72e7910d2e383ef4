/** The settings of the Realtime socket server (Config.realtime overrides any of them). */
export interface RealtimeSettings {
  /** Messages older than this are deleted from realtime.messages (delivery is long done). */
  retentionSeconds: number;
  /** How often the retention sweep runs. */
  sweepIntervalMs: number;
  /**
   * PGlite only: how often new messages are looked for while a channel is joined (and, at
   * `idlePollMs`, while none is). PostgreSQL is woken by LISTEN instead.
   */
  pollMs: number;
  idlePollMs: number;
  /** Largest frame a client may send, in bytes (larger: the socket is closed with 1009). */
  maxFrameBytes: number;
  /** Channels one socket may have joined at once. */
  maxChannelsPerSocket: number;
  /** Frames one socket may send per second; beyond that it is closed (1008). */
  maxMessagesPerSecond: number;
  /**
   * Joins one socket may ask for per second (each private join is a database transaction);
   * beyond that the join is refused with ClientJoinRateLimitReached.
   */
  maxJoinsPerSecond: number;
  /** Open sockets of the whole server; the next upgrade is refused with 503. */
  maxSockets: number;
  /** Open sockets from one client address; the next upgrade from it is refused with 429. */
  maxSocketsPerIp: number;
  /**
   * Joins per second from one client address over all its sockets; beyond that a join is
   * refused with ClientJoinRateLimitReached before anything else is looked at.
   */
  maxJoinsPerSecondPerIp: number;
  /**
   * Of those, private joins per second from one client address whose rights the database must
   * answer (not kept in the rights cache): each is a transaction, so their budget is smaller.
   */
  maxAuthorizationsPerSecondPerIp: number;
  /**
   * How long a user's rights on a private topic are kept after the database said so; a join
   * of the same topic by the same user meanwhile is answered from memory (0: never kept).
   */
  authCacheMs: number;
  /** Bytes queued for one socket before it counts as too slow and is closed (1008). */
  maxBufferedBytes: number;
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. */
  idleTimeoutMs: number;
  /** Clients may broadcast on public (private: false) channels. */
  publicClientBroadcast: boolean;
}

export const DEFAULT_REALTIME: RealtimeSettings = {
  retentionSeconds: 600,
  sweepIntervalMs: 60_000,
  pollMs: 50,
  idlePollMs: 250,
  maxFrameBytes: 256 * 1024,
  maxChannelsPerSocket: 100,
  maxMessagesPerSecond: 100,
  maxJoinsPerSecond: 20,
  maxSockets: 20_000,
  maxSocketsPerIp: 200,
  maxJoinsPerSecondPerIp: 50,
  maxAuthorizationsPerSecondPerIp: 10,
  authCacheMs: 5_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  idleTimeoutMs: 60_000,
  publicClientBroadcast: true,
};

export function realtimeSettings(given: Partial<RealtimeSettings> = {}): RealtimeSettings {
  const out = { ...DEFAULT_REALTIME, ...given };
  for (const [k, v] of Object.entries(out))
    if (typeof v === 'number' && (!Number.isFinite(v) || v < 0))
      throw new Error(`realtime.${k} must be a number >= 0, got ${v}`);
  return out;
}
