/**
 * Query-grammar fuzzing as a visitor (the anon key): generated and mutated PostgREST requests
 * at every table and RPC. Every answer is a 2xx or a PostgREST-shaped 4xx within the
 * deadline, no rejection goes unhandled, and no row of any table changed.
 */
import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { fuzzRuns, fuzzTimeoutMs, runFuzz } from './fuzz-run.js';

const runs = fuzzRuns('anon');

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ pglite: true });
});
afterAll(async () => {
  await srv?.close();
});

it(
  'visitor: fuzzed requests answer 2xx or a PostgREST 4xx and change nothing',
  async () => {
    await runFuzz(srv, { name: 'visitor', token: srv.anonKey, memberId: null }, runs);
  },
  fuzzTimeoutMs(runs),
);
