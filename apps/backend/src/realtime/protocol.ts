/**
 * The Phoenix channel protocol as @supabase/realtime-js speaks it.
 *
 * vsn 1.0.0: every frame is a JSON object {join_ref, ref, topic, event, payload}.
 * vsn 2.0.0: text frames are JSON arrays [join_ref, ref, topic, event, payload]; broadcasts may
 * also travel as binary frames:
 *   client -> server, kind 3 (user broadcast push):
 *     kind, joinRefLen, refLen, topicLen, eventLen, metaLen, encoding, joinRef, ref, topic,
 *     event, meta, payload
 *   server -> client, kind 4 (user broadcast):
 *     kind, topicLen, eventLen, metaLen, encoding, topic, event, meta, payload
 * with encoding 0 = binary payload, 1 = JSON payload, every length one byte.
 */

export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A client broadcast from a binary frame (kind 3): its payload stays bytes or JSON text. */
export interface BinaryBroadcast {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  meta: string;
  /** 0: raw bytes, 1: JSON text */
  encoding: 0 | 1;
  payload: Buffer;
}

export class FrameError extends Error {}

const MAX_FIELD = 255;

const refOf = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && v.length <= MAX_FIELD) return v;
  throw new FrameError('ref and join_ref must be strings of at most 255 characters or null');
};

function checked(
  join_ref: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Frame {
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > MAX_FIELD)
    throw new FrameError('topic must be a string of 1 to 255 characters');
  if (typeof event !== 'string' || event.length === 0 || event.length > MAX_FIELD)
    throw new FrameError('event must be a string of 1 to 255 characters');
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    throw new FrameError('payload must be a JSON object');
  return {
    join_ref: refOf(join_ref),
    ref: refOf(ref),
    topic,
    event,
    payload: payload as Record<string, unknown>,
  };
}

/** Parses a text frame; throws FrameError for anything that is not a protocol message. */
export function decodeText(text: string, vsn: Vsn): Frame {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(v) || v.length !== 5)
      throw new FrameError('frame must be [join_ref, ref, topic, event, payload]');
    return checked(v[0], v[1], v[2], v[3], v[4]);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new FrameError('frame must be {topic, event, payload, ref, join_ref}');
  const o = v as Record<string, unknown>;
  return checked(o['join_ref'], o['ref'], o['topic'], o['event'], o['payload']);
}

/** Parses a binary frame (vsn 2.0.0, kind 3 only). */
export function decodeBinary(buf: Buffer): BinaryBroadcast {
  if (buf.length < 7 || buf[0] !== 3)
    throw new FrameError('binary frames must be user broadcast pushes (kind 3)');
  const lens = [buf[1], buf[2], buf[3], buf[4], buf[5]] as number[];
  const encoding = buf[6];
  if (encoding !== 0 && encoding !== 1) throw new FrameError('unknown payload encoding');
  let at = 7;
  const take = (n: number) => {
    if (at + n > buf.length) throw new FrameError('binary frame shorter than its header says');
    const s = buf.toString('utf8', at, at + n);
    at += n;
    return s;
  };
  const [joinRef, ref, topic, event, meta] = lens.map(take) as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (!topic || !event) throw new FrameError('topic and event must not be empty');
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event,
    meta,
    encoding,
    payload: buf.subarray(at),
  };
}

/** A text frame, encoded once and sent as is to every socket of that vsn. */
export function encodeText(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
): Buffer {
  const s =
    vsn === '2.0.0'
      ? `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`
      : `{"join_ref":${JSON.stringify(joinRef)},"ref":${JSON.stringify(ref)},"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson}}`;
  return Buffer.from(s, 'utf8');
}

export function reply(
  vsn: Vsn,
  frame: { join_ref: string | null; ref: string | null; topic: string },
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): Buffer {
  return encodeText(
    vsn,
    frame.join_ref,
    frame.ref,
    frame.topic,
    'phx_reply',
    JSON.stringify({ status, response }),
  );
}

/**
 * A broadcast as the client receives it: binary kind 4 for vsn 2.0.0 (when topic, event and
 * meta fit their one-byte lengths), else a text frame with payload {type, event, payload}.
 * `payload` is JSON text (encoding 1) or raw bytes (encoding 0, vsn 2.0.0 only).
 */
export function encodeBroadcast(
  vsn: Vsn,
  topic: string,
  event: string,
  payload: Buffer,
  encoding: 0 | 1,
  meta = '',
): Buffer | null {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(event, 'utf8');
  const m = Buffer.from(meta, 'utf8');
  const fits = t.length <= MAX_FIELD && e.length <= MAX_FIELD && m.length <= MAX_FIELD;
  if (vsn === '2.0.0' && fits) {
    const head = Buffer.from([4, t.length, e.length, m.length, encoding]);
    return Buffer.concat([head, t, e, m, payload]);
  }
  if (encoding === 0) return null; // raw bytes have no JSON form
  const body =
    `{"type":"broadcast","event":${JSON.stringify(event)},"payload":${payload.toString('utf8')}` +
    (meta ? `,"meta":${meta}}` : '}');
  return encodeText(vsn, null, null, topic, 'broadcast', body);
}

/**
 * A whole WebSocket frame (RFC 6455, server to client: unmasked, final) around `payload`, so a
 * message fanned out to thousands of sockets is framed once and written as is.
 */
export function wsFrame(payload: Buffer, binary: boolean): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x80 | (binary ? 0x2 : 0x1);
  if (n < 126) out[1] = n;
  else if (n < 65536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(out, head);
  return out;
}
