/**
 * Which sockets are joined to which topic, and the fan-out of a message to them. A message is
 * encoded and framed once per protocol version, then the same bytes are written to every
 * socket of its topic (one write each, no copy, no per-socket framing); a
 * long fan-out yields to the event loop between slices so heartbeats and requests keep flowing.
 */
import { encodeBroadcast, wsFrame, type Vsn } from './protocol.js';
import type { MessageRow } from './delivery.js';

/** What the hub needs from a joined channel (see connection.ts). */
export interface Member {
  readonly topic: string;
  readonly isPrivate: boolean;
  readonly vsn: Vsn;
  /** Writes a whole WebSocket frame (see wsFrame) to the socket. */
  sendFramed(frame: Buffer): void;
}

const SLICE = 1000;

export const topicKey = (topic: string, isPrivate: boolean) => `${isPrivate ? 'p' : 'o'}:${topic}`;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Hands a client's broadcast to the other processes serving the database (see relay.ts). */
export type Publish = (
  topic: string,
  isPrivate: boolean,
  event: string,
  payload: Buffer,
  encoding: 0 | 1,
) => Promise<void>;

export class Hub {
  private readonly byKey = new Map<string, Set<Member>>();
  private members = 0;
  /** Set on PostgreSQL, where other processes may have sockets joined to the same topics. */
  publish: Publish | null = null;

  get channelCount(): number {
    return this.members;
  }

  add(m: Member): void {
    const key = topicKey(m.topic, m.isPrivate);
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    if (!set.has(m)) this.members++;
    set.add(m);
  }

  remove(m: Member): void {
    const key = topicKey(m.topic, m.isPrivate);
    const set = this.byKey.get(key);
    if (!set?.delete(m)) return;
    this.members--;
    if (set.size === 0) this.byKey.delete(key);
  }

  /** Database messages: private ones to private channels of the topic, public to public. */
  async deliver(rows: MessageRow[]): Promise<void> {
    for (const row of rows) {
      const topic = `realtime:${row.topic}`;
      const set = this.byKey.get(topicKey(topic, row.private));
      if (!set) continue;
      const payload = Buffer.from(row.payload ?? '{}', 'utf8');
      await this.fanOut(set, null, topic, row.event ?? '', payload, 1);
    }
  }

  /** A client's broadcast to the others on its channel (and itself when `self`). */
  async relay(
    from: Member,
    self: boolean,
    event: string,
    payload: Buffer,
    encoding: 0 | 1,
  ): Promise<void> {
    const set = this.byKey.get(topicKey(from.topic, from.isPrivate));
    if (set) await this.fanOut(set, self ? null : from, from.topic, event, payload, encoding);
    await this.publish?.(from.topic, from.isPrivate, event, payload, encoding);
  }

  /** A client's broadcast that arrived through another process: to every socket of its topic. */
  async relayed(
    topic: string,
    isPrivate: boolean,
    event: string,
    payload: Buffer,
    encoding: 0 | 1,
  ): Promise<void> {
    const set = this.byKey.get(topicKey(topic, isPrivate));
    if (set) await this.fanOut(set, null, topic, event, payload, encoding);
  }

  private async fanOut(
    set: Set<Member>,
    skip: Member | null,
    topic: string,
    event: string,
    payload: Buffer,
    encoding: 0 | 1,
  ): Promise<void> {
    const frames = new Map<Vsn, Buffer | null>();
    const frameFor = (vsn: Vsn) => {
      let f = frames.get(vsn);
      if (f === undefined) {
        const body = encodeBroadcast(vsn, topic, event, payload, encoding);
        // binary (kind 4) for vsn 2.0.0 when it fits; text frames start with '[' or '{'
        f = body ? wsFrame(body, body[0] === 4) : null;
        frames.set(vsn, f);
      }
      return f;
    };
    const members = set.size > SLICE ? [...set] : set;
    let n = 0;
    for (const m of members) {
      if (m === skip) continue;
      const f = frameFor(m.vsn);
      // a binary (raw bytes) payload has no form for vsn 1.0.0 clients
      if (f) m.sendFramed(f);
      if (++n % SLICE === 0) await nextTick();
    }
  }
}
