/** The fuzz run shared by the anon and member suites: boots a backend, fires the cases, counts. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { TestServer } from '../testing.js';
import { arbitraries, loadFuzzSchema } from './fuzz.js';
import { describeCase, judge, send } from './fuzz-check.js';
import { allChanges, forbiddenChanges, snapshot } from './rows.js';

/**
 * Cases per actor. `npm test` (test:security) runs 8,000 as a visitor and 12,000 as a member;
 * `npm run fuzz` runs 40,000 + 60,000 = 100,000 (too slow for `npm test` on the shared 2-core
 * machine). FUZZ_RUNS_ANON / FUZZ_RUNS_MEMBER override, FUZZ_SEED replays a run.
 */
export const fuzzRuns = (actor: 'anon' | 'member'): number =>
  Number(
    process.env[actor === 'anon' ? 'FUZZ_RUNS_ANON' : 'FUZZ_RUNS_MEMBER'] ??
      (actor === 'anon' ? 8_000 : 12_000),
  );

/**
 * Generous: on the shared 2-core machine a busy neighbour (another suite, a build) can slow
 * the run fourfold; a hang is caught per request (20 s), not here.
 */
export const fuzzTimeoutMs = (runs: number): number => Math.max(1_200_000, runs * 100);

export interface FuzzReport {
  cases: number;
  statuses: Record<string, number>;
  seconds: number;
}

/**
 * What `FUZZ_OUT=<dir>` receives, one `rest-fuzz-<actor>.json` per actor: the figures of the
 * run, which `npm run soak` turns into parts of its bench report.
 */
export interface FuzzFigures extends FuzzReport {
  actor: string;
  seed: number;
}

function writeFigures(figures: FuzzFigures): void {
  const dir = process.env['FUZZ_OUT'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `rest-fuzz-${figures.actor}.json`),
    JSON.stringify(figures, null, 2) + '\n',
  );
}

export async function runFuzz(
  srv: TestServer,
  actor: { name: string; token: string; memberId: string | null },
  numRuns: number,
): Promise<FuzzReport> {
  const schema = await loadFuzzSchema(srv.db);
  const { fuzzCase } = arbitraries(schema, actor.memberId ?? schema.ids[0] ?? '');
  const statuses: Record<string, number> = {};
  const codes: Record<string, number> = {};
  const rejections: unknown[] = [];
  const onRejection = (e: unknown) => rejections.push(e);
  process.on('unhandledRejection', onRejection);
  const fcSeed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);
  const before = await snapshot(srv.db);
  const t0 = Date.now();
  let cases = 0;
  try {
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (c) => {
        const out = await send(
          srv.backend.app,
          srv.url,
          c,
          { apikey: srv.anonKey, token: actor.token },
          20_000,
        );
        cases++;
        statuses[out.status] = (statuses[out.status] ?? 0) + 1;
        // partial figures for long runs (npm run fuzz on a loaded machine)
        if (cases % 10_000 === 0)
          console.log(
            `[fuzz] ${actor.name}: ${cases} cases after ${((Date.now() - t0) / 1000).toFixed(0)} s; statuses ${JSON.stringify(statuses)}`,
          );
        if (process.env['FUZZ_CODES'] && out.status >= 400) {
          const code = /"code":"?([^",]*)/.exec(out.text)?.[1] ?? '-';
          const k = `${out.status} ${code}`;
          codes[k] = (codes[k] ?? 0) + 1;
        }
        const why = judge(c, out);
        if (why) throw new Error(`${why}: ${describeCase(c)} -> ${out.text.slice(0, 300)}`);
      }),
      { numRuns, seed: fcSeed },
    );
  } finally {
    process.off('unhandledRejection', onRejection);
  }
  const seconds = (Date.now() - t0) / 1000;
  // let anything still pending settle, then check nothing rejected unhandled
  await new Promise((r) => setTimeout(r, 50));
  expect(rejections.map(String)).toEqual([]);
  const after = await snapshot(srv.db);
  const bad = actor.memberId
    ? forbiddenChanges(before, after, actor.memberId)
    : allChanges(before, after);
  expect(bad).toEqual([]);
  const seed = fcSeed;
  const dist = Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.log(
    `[fuzz] ${actor.name}: ${cases} cases in ${seconds.toFixed(1)} s (${(cases / seconds).toFixed(0)}/s, seed ${seed}); statuses ${dist}; 5xx 0, hangs 0, unhandled rejections 0, forbidden row changes 0`,
  );
  writeFigures({ actor: actor.name, seed, cases, statuses, seconds });
  if (process.env['FUZZ_CODES']) console.log(codes);
  return { cases, statuses, seconds };
}
