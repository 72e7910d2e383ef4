/** Helpers of the Realtime tests: supabase-js clients with a socket, raw protocol sockets. */
import { WebSocket } from 'ws';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../testing.js';
import { PASSWORD, USERS } from '../integration/support.js';

/**
 * Policies of these tests (topics under rt-test: only, so the app's own policies don't meet
 * them): members read rt-test:members; each user reads rt-test:user:<own id>; members read and
 * write rt-test:chat; anyone reads rt-test:open; nobody writes rt-test:members.
 */
export const TEST_POLICIES = `
create policy rt_test_members_read on realtime.messages for select to authenticated
  using (realtime.topic() in ('rt-test:members', 'rt-test:chat', 'rt-test:open'));
create policy rt_test_own_read on realtime.messages for select to authenticated
  using (realtime.topic() = 'rt-test:user:' || auth.uid()::text);
create policy rt_test_chat_write on realtime.messages for insert to authenticated
  with check (realtime.topic() = 'rt-test:chat');
create policy rt_test_open_read on realtime.messages for select to anon
  using (realtime.topic() = 'rt-test:open');
`;

/** A supabase-js client whose Realtime uses the `ws` package (Node 20 has no WebSocket). */
export function realtimeClient(
  srv: Pick<TestServer, 'url' | 'anonKey'>,
  vsn: '1.0.0' | '2.0.0' = '2.0.0',
): SupabaseClient {
  return createClient(srv.url, srv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, vsn },
  });
}

export async function signedInRealtime(
  srv: TestServer,
  who: keyof typeof USERS,
  vsn: '1.0.0' | '2.0.0' = '2.0.0',
): Promise<SupabaseClient> {
  const client = realtimeClient(srv, vsn);
  const { data, error } = await client.auth.signInWithPassword({
    email: USERS[who].email,
    password: PASSWORD,
  });
  if (error) throw error;
  await client.realtime.setAuth(data.session.access_token);
  return client;
}

/** Subscribes; resolves with the first final status (SUBSCRIBED, CHANNEL_ERROR, ...). */
export function subscribed(ch: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    ch.subscribe((status, error) => resolve(error ? { status, error } : { status }));
  });
}

export interface Received {
  event: string;
  payload: unknown;
  at: number;
}

/** Collects the broadcasts a channel receives (any event). */
export function collect(ch: RealtimeChannel): Received[] {
  const out: Received[] = [];
  ch.on('broadcast', { event: '*' }, (m: { event: string; payload: unknown }) =>
    out.push({ event: m.event, payload: m.payload, at: Date.now() }),
  );
  return out;
}

export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** realtime.send as the database's own role; resolves when committed. */
export async function send(
  srv: TestServer,
  topic: string,
  event: string,
  payload: unknown,
  isPrivate = true,
): Promise<number> {
  await srv.db.query(`select realtime.send($1::jsonb, $2, $3, $4)`, [
    JSON.stringify(payload),
    event,
    topic,
    isPrivate,
  ]);
  return Date.now();
}

/** A raw protocol socket (vsn 2.0.0 text frames unless told) for the security tests. */
export class RawSocket {
  readonly frames: unknown[] = [];
  readonly binary: Buffer[] = [];
  closed: { code: number; reason: string } | null = null;
  private ref = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) this.binary.push(buf);
      else this.frames.push(JSON.parse(buf.toString('utf8')));
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    ws.on('error', () => undefined);
  }

  /** Opens a socket; `headers` go with the upgrade (e.g. X-Forwarded-For behind a trusted proxy). */
  static open(url: string, query: string, headers?: Record<string, string>): Promise<RawSocket> {
    const ws = new WebSocket(
      `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`,
      headers ? { headers } : undefined,
    );
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
  }

  /** Sends a message; joinRef 'own' makes it a join (join_ref = its ref). */
  push(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    const ref = String(++this.ref);
    const jr = joinRef === 'own' ? ref : joinRef;
    this.ws.send(JSON.stringify([jr, ref, topic, event, payload]));
    return ref;
  }

  /** The phx_reply to `ref`, waited for. */
  async reply(
    ref: string,
    ms = 3000,
  ): Promise<{ status: string; response: Record<string, unknown> }> {
    let found: unknown;
    await until(() => {
      found = this.frames.find((f) => Array.isArray(f) && f[1] === ref && f[3] === 'phx_reply');
      return found !== undefined;
    }, ms);
    return (found as unknown[])[4] as { status: string; response: Record<string, unknown> };
  }

  async join(
    topic: string,
    opts: { private?: boolean; token?: string } = {},
  ): Promise<{ status: string; response: Record<string, unknown> }> {
    const ref = this.push(
      `realtime:${topic}`,
      'phx_join',
      {
        config: {
          broadcast: { ack: false, self: false },
          presence: { key: '', enabled: false },
          postgres_changes: [],
          private: opts.private ?? true,
        },
        ...(opts.token ? { access_token: opts.token } : {}),
      },
      'own',
    );
    return this.reply(ref);
  }

  close(): void {
    this.ws.terminate();
  }
}
