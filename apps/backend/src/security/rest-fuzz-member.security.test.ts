/**
 * Query-grammar fuzzing as a signed-in member (leo): generated and mutated PostgREST
 * requests at every table and RPC. Every answer is a 2xx or a PostgREST-shaped 4xx within
 * the deadline, no rejection goes unhandled, and no row the member may not change changed.
 */
import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS, signedIn } from '../integration/support.js';
import { fuzzRuns, fuzzTimeoutMs, runFuzz } from './fuzz-run.js';

const runs = fuzzRuns('member');

let srv: TestServer;
let token: string;
beforeAll(async () => {
  srv = await startTestServer({ pglite: true });
  const leo = await signedIn(srv, 'leo');
  token = (await leo.auth.getSession()).data.session?.access_token as string;
});
afterAll(async () => {
  await srv?.close();
});

it(
  'member: fuzzed requests answer 2xx or a PostgREST 4xx and change only what RLS allows',
  async () => {
    await runFuzz(srv, { name: 'member', token, memberId: USERS.leo.id }, runs);
  },
  fuzzTimeoutMs(runs),
);
