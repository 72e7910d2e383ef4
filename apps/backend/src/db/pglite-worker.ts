/**
 * The PGlite worker thread: opens the database and runs what the main thread sends, one
 * message at a time (the main thread sends the next only after the answer). The main thread
 * ends this thread when a statement overruns its timeout (see pglite-watchdog.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSession, type PgliteSession } from './pglite-session.js';
import { toWire, type Reply, type Request, type WorkerInput } from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread only');
const input = workerData as WorkerInput;
const send = (r: Reply) => port.postMessage(r);

if (input.standby) await new Promise((resolve) => port.once('message', resolve)); // { op: 'open' }

const session: PgliteSession | null = await openSession(input).catch((e: unknown) => {
  // nothing else keeps this thread alive: it ends once the message is out
  send({ type: 'failed', error: toWire(e) });
  return null;
});

if (session) {
  port.on('message', (req: Request) => {
    const run = async () => {
      switch (req.op) {
        case 'query':
          return session.query<Record<string, unknown>>(req.sql, req.params);
        case 'exec':
          await session.exec(req.sql);
          return null;
        case 'close':
          await session.close();
          return null;
      }
    };
    run().then(
      (result) => send({ type: 'done', id: req.id, result }),
      (e: unknown) =>
        send({
          type: 'error',
          id: req.id,
          error: toWire(e),
          // Postgres inside PGlite aborted (out of memory, a trap): the instance is unusable
          fatal: e instanceof WebAssembly.RuntimeError,
        }),
    );
  });
  send({ type: 'ready' });
}
