// Starts the PGlite worker thread (pglite-worker.ts, given as workerData.entry). The backend
// runs from its TypeScript sources; a worker thread inherits node's own loaders (tsx started
// with --import) but not vitest's transform, so TypeScript support is registered here when
// the thread has none.
import { workerData } from 'node:worker_threads';

try {
  await import(workerData.entry);
} catch (e) {
  if (e?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e;
  const { register } = await import('tsx/esm/api');
  register();
  // a new URL: the module map remembers the failed load of the first one
  await import(`${workerData.entry}?ts`);
}
