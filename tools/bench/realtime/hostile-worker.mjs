/**
 * Hostile Realtime clients for realtime.bench.ts, in a worker thread (so their frames never
 * share an event loop with the REST latency being measured): `sockets` sockets from one client
 * address (X-Forwarded-For, the bench backend trusts it), each sending private joins at
 * `joinsPerSecond` (under the per-socket frame limit, so the server keeps them open) until told
 * to stop. `token` is the join's access_token (none: the anon key of the URL); `topics`
 * 'same' joins one topic, 'random' a new topic each time.
 *
 * workerData: { url, anonKey, ip, sockets, joinsPerSecond, token, topics }
 * <- { type: 'opened', opened, refused }   -> { type: 'stop' }   <- { type: 'result', ... }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

const { url, anonKey, ip, sockets, joinsPerSecond, token, topics } = workerData;
const wsUrl = `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey)}&vsn=2.0.0`;
const counts = { sent: 0, ok: 0, rateLimited: 0, unauthorized: 0, otherErrors: 0, closed: 0 };
const open = [];
let refused = 0;
let n = 0;

function openOne() {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': ip } });
    ws.once('open', () => {
      open.push(ws);
      resolve();
    });
    ws.once('unexpected-response', () => {
      refused++;
      resolve();
    });
    ws.on('error', () => resolve());
    ws.on('close', () => counts.closed++);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const f = JSON.parse(data.toString('utf8'));
      if (f[3] !== 'phx_reply' || f[2] === 'phoenix') return;
      const p = f[4];
      if (p.status === 'ok') counts.ok++;
      else if (String(p.response?.reason).startsWith('ClientJoinRateLimitReached'))
        counts.rateLimited++;
      else if (String(p.response?.reason).startsWith('Unauthorized')) counts.unauthorized++;
      else counts.otherErrors++;
    });
  });
}

for (let i = 0; i < sockets; i += 20)
  await Promise.all(Array.from({ length: Math.min(20, sockets - i) }, openOne));
parentPort.postMessage({ type: 'opened', opened: open.length, refused });

const TICK_MS = 100;
const perTick = Math.max(1, Math.round((joinsPerSecond * TICK_MS) / 1000));
const timer = setInterval(() => {
  for (const ws of open) {
    if (ws.readyState !== WebSocket.OPEN) continue;
    for (let k = 0; k < perTick; k++) {
      const ref = String(++n);
      const topic = topics === 'random' ? `bench:hostile:${n}` : 'bench:lounge';
      ws.send(
        JSON.stringify([
          ref,
          ref,
          `realtime:${topic}`,
          'phx_join',
          {
            config: { broadcast: { self: false }, presence: { enabled: false }, private: true },
            ...(token ? { access_token: token } : {}),
          },
        ]),
      );
      counts.sent++;
    }
  }
}, TICK_MS);
const heartbeat = setInterval(() => {
  for (const ws of open)
    if (ws.readyState === WebSocket.OPEN)
      ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
}, 20_000);

parentPort.on('message', (m) => {
  if (m.type !== 'stop') return;
  clearInterval(timer);
  clearInterval(heartbeat);
  setTimeout(() => {
    for (const ws of open) ws.terminate();
    parentPort.postMessage({ type: 'result', opened: open.length, refused, ...counts });
  }, 500);
});
