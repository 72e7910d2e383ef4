/**
 * Frame fuzzing of the Realtime socket (/realtime/v1/websocket): fast-check builds sequences of
 * frames from the protocol's own vocabulary (joins with every config and token variant,
 * leaves, heartbeats, token refreshes, broadcasts as text and binary frames), then breaks some
 * of them (characters changed, wrong shapes, random bytes, binary headers that lie about their
 * lengths). Used by realtime-fuzz.security.test.ts.
 */
import fc from 'fast-check';

export type FuzzFrame = { text: string } | { binary: Buffer };

export interface FuzzTokens {
  member: string;
  other: string;
  expired: string;
  anonKey: string;
}

const mutateText = (s: string) =>
  fc
    .array(fc.tuple(fc.nat(), fc.string({ minLength: 0, maxLength: 3 })), {
      minLength: 1,
      maxLength: 4,
    })
    .map((edits) => {
      let out = s;
      for (const [at, ins] of edits) {
        const i = out.length ? at % out.length : 0;
        out = out.slice(0, i) + ins + out.slice(i + 1);
      }
      return out;
    });

export function frameArbitrary(topics: string[], tokens: FuzzTokens): fc.Arbitrary<FuzzFrame[]> {
  const topic = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...topics.map((t) => `realtime:${t}`), 'phoenix') },
    { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.constantFrom('realtime:', '', 'realtime:realtime:x', 'PHOENIX') },
  );
  // most frames are well formed, so sequences get past the first frame into joined channels
  const event = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        'phx_join',
        'phx_leave',
        'heartbeat',
        'access_token',
        'broadcast',
        'presence',
        'system',
        'phx_reply',
        'phx_close',
        'postgres_changes',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  );
  const ref = fc.oneof(
    { weight: 10, arbitrary: fc.constant(null) },
    { weight: 20, arbitrary: fc.integer({ min: 1, max: 99 }).map(String) },
    { weight: 5, arbitrary: fc.string({ maxLength: 5 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.string({ minLength: 250, maxLength: 300 }) },
  );
  const token = fc.oneof(
    fc.constantFrom(tokens.member, tokens.other, tokens.expired, tokens.anonKey),
    fc.constantFrom('', 'x.y.z', 'Bearer ' + tokens.member, tokens.member.slice(0, -3) + 'abc'),
    fc.anything(),
  );
  const joinPayload = fc.record(
    {
      config: fc.oneof(
        fc.record(
          {
            broadcast: fc.record({ ack: fc.boolean(), self: fc.boolean() }, { requiredKeys: [] }),
            presence: fc.record({ key: fc.string(), enabled: fc.boolean() }, { requiredKeys: [] }),
            postgres_changes: fc.oneof(
              fc.constant([]),
              fc.constant([{ event: '*', schema: 'public', table: 'song_requests' }]),
              fc.anything(),
            ),
            private: fc.oneof(fc.boolean(), fc.anything()),
          },
          { requiredKeys: [] },
        ),
        fc.anything(),
      ),
      access_token: token,
    },
    { requiredKeys: [] },
  );
  const broadcastPayload = fc.record(
    {
      type: fc.constantFrom('broadcast', 'presence', 'x'),
      event: fc.oneof(fc.string({ maxLength: 20 }), fc.anything()),
      payload: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: [] },
  );
  const payload = fc.oneof(
    { weight: 3, arbitrary: joinPayload },
    { weight: 3, arbitrary: broadcastPayload },
    { weight: 1, arbitrary: fc.record({ access_token: token }) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
  const message = fc
    .tuple(ref, ref, topic, event, payload)
    .map(([jr, r, t, e, p]) => JSON.stringify([jr, r, t, e, p]));
  const text = fc.oneof(
    { weight: 30, arbitrary: message },
    { weight: 2, arbitrary: message.chain(mutateText) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  );
  const binaryBroadcast = fc
    .tuple(
      fc.constantFrom(...topics.map((t) => `realtime:${t}`)),
      fc.string({ minLength: 1, maxLength: 10 }),
      fc.oneof(fc.constant(''), fc.json({ maxDepth: 1 }), fc.string({ maxLength: 10 })),
      fc.constantFrom(0, 1, 2),
      fc.oneof(fc.json({ maxDepth: 2 }), fc.string({ maxLength: 20 })),
      fc.option(fc.array(fc.nat(255), { minLength: 6, maxLength: 6 }), { nil: undefined }),
    )
    .map(([t, e, meta, enc, body, lying]) => {
      const parts = ['', '', t, e, meta].map((s) => Buffer.from(s, 'utf8'));
      const lens = lying ?? parts.map((p) => p.length);
      const head = Buffer.from([3, ...lens.slice(0, 5), enc]);
      return Buffer.concat([head, ...parts, Buffer.from(body, 'utf8')]);
    });
  const binary = fc.oneof(
    { weight: 3, arbitrary: binaryBroadcast },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)) },
  );
  const frame: fc.Arbitrary<FuzzFrame> = fc.oneof(
    { weight: 12, arbitrary: text.map((t) => ({ text: t })) },
    { weight: 1, arbitrary: binary.map((b) => ({ binary: b })) },
  );
  // half the sequences start with a valid join, so what follows meets a joined channel
  const join = fc.constantFrom(...topics).map((t): FuzzFrame => ({
    text: JSON.stringify([
      '1',
      '1',
      `realtime:${t}`,
      'phx_join',
      {
        config: { broadcast: { self: true }, private: true },
        access_token: tokens.member,
      },
    ]),
  }));
  return fc
    .tuple(fc.option(join, { nil: undefined }), fc.array(frame, { minLength: 1, maxLength: 6 }))
    .map(([j, rest]) => (j ? [j, ...rest] : rest));
}

/** Close codes a socket may end with after a bad frame: invalid data, policy, too big. */
export const ACCEPTED_CLOSE_CODES = [1007, 1008, 1009];
