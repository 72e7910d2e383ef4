#!/usr/bin/env node
// `npm test`: the format check (on one core, beside the next step); every project's lint,
// typecheck, unit and integration tests, security suites, the backend suite on PostgreSQL and
// the builds (one Nx run: cached, scheduled on the cores); the dev-suite check
// (tools/dev-check.mjs: `npm run dev` starts, serves every remote, hot-updates an edit with
// state kept, stops cleanly) and the production start (tools/prod-check.mjs: the built suite
// started as the README's "Deploying the venue" says, on fresh ports); then the end-to-end
// suite on the builds of this run. The dev check, the production start and the end-to-end
// suite are Nx targets too, so a step whose inputs did not change since its last pass is
// replayed from the cache. Stops at the first failing step and exits non-zero, and prints how
// long each step took and how busy the machine's CPU was meanwhile.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

const root = join(import.meta.dirname, '..');
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  // one name for the whole run: its database templates are built once and copied by every
  // test file (apps/backend/src/db/template.ts)
  BISTRO_TEST_RUN:
    process.env.BISTRO_TEST_RUN ?? `test-${Date.now()}-${randomBytes(3).toString('hex')}`,
};

/**
 * A scratch folder in memory for the run's temporary files, when the machine has a tmpfs with
 * room to spare: every database test file starts from a copy of a migrated template (about 60 MB
 * in 1,400 files) and removes it afterwards, and PostgreSQL copies its template database per
 * file; on a disk each copy and removal costs seconds, in memory a tenth of that. Removed when
 * the run ends; without such a tmpfs the system's temporary folder is used as before.
 */
function memoryScratch() {
  const TMPFS = 0x01021994;
  const ROOM = 4 * 1024 ** 3;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type !== TMPFS || fs.bavail * fs.bsize < ROOM) return null;
    const dir = mkdtempSync('/dev/shm/bistro-test-');
    // as /tmp is: the PostgreSQL cluster's folder inside belongs to the postgres user
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return null;
  }
}
const scratch = process.env.BISTRO_TEST_TMPDIR === 'system' ? null : memoryScratch();
if (scratch) {
  env.TMPDIR = scratch;
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
}

// The database suites also run on Debian's PostgreSQL (migrations, the RLS
// matrix, concurrent votes, the backend suite); install it when it is missing.
if (!process.env.SKIP_POSTGRES) {
  try {
    ensureDebianPackage(
      'postgresql',
      '/usr/lib/postgresql/15/bin/initdb',
      ', or set SKIP_POSTGRES=1 to skip those suites.',
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

const nx = (...args) => ['npx', 'nx', ...args, '--output-style=static'];
// no more tasks at once than the machine has cores
const parallel = `--parallel=${Math.max(1, Math.min(cpus().length, 4))}`;

// [name, command, options]; `beside: true` runs the step at the same time as the next one (the
// format check uses one core while the next step starts), and a failure of either stops both.
const steps = [
  [
    'format',
    ['npx', 'prettier', '--check', '.', '--cache', '--log-level', 'warn'],
    { beside: true },
  ],
  [
    'lint, typecheck, unit, security, PostgreSQL, build',
    nx(
      'run-many',
      '-t',
      'lint',
      'typecheck',
      'test',
      'test:security',
      'test:postgres',
      'build',
      parallel,
    ),
  ],
  [
    'dev suite, production start',
    nx('run-many', '-t', 'dev-check', 'prod-check', '-p', '@bistro/e2e', parallel),
  ],
  ['e2e', nx('run', '@bistro/e2e:e2e', parallel)],
];

// Each step has a time budget, and the run as a whole one under CI's 90 minutes: a step that
// hangs is stopped with the list of the processes it left running, instead of the whole run
// being cut off with no word on where it stood.
const STEP_BUDGET_MIN = { format: 5, 'dev suite, production start': 15, e2e: 35 };
const DEFAULT_BUDGET_MIN = 50;
const RUN_BUDGET_MIN = Number(process.env.BISTRO_TEST_BUDGET_MIN ?? 85);

const log = join(tmpdir(), `bistro-${env.BISTRO_TEST_RUN}.log`);
writeFileSync(log, '');

// Ctrl-C or CI's stop ends every running step's whole process group, not only its Nx process
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    for (const pid of running) killGroup(pid, signal);
    process.exit(130);
  });

const started = Date.now();
const times = [];
let beside = null;
for (const [name, [cmd, ...args], options = {}] of steps) {
  const step = startStep(name, cmd, args);
  if (options.beside) {
    beside = step;
    continue;
  }
  if (beside) {
    const other = beside;
    beside = null;
    // whichever ends first: a failure stops the other at once
    const first = await Promise.race([other.done.then(() => other), step.done.then(() => step)]);
    const second = first === other ? step : other;
    for (const s of [first, second]) {
      const result = await s.done;
      if (result.code !== 0) {
        if (s === first) killGroup(second.pid, 'SIGTERM');
        fail(s, result);
      }
      passed(s, result);
    }
    continue;
  }
  const result = await step.done;
  if (result.code !== 0) fail(step, result);
  passed(step, result);
}
console.log('\nstep times (wall; CPU: share of both cores busy, every process of the machine):');
for (const [name, seconds, busy] of times)
  console.log(`  ${seconds.padStart(7)} s  ${busy.padStart(4)} % CPU  ${name}`);
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

function passed(step, result) {
  times.push([step.name, result.seconds, result.busy]);
  console.log(`=== ${step.name} passed in ${result.seconds} s ===`);
}

function fail(step, { code, timedOut, seconds, budgetMs }) {
  if (timedOut)
    console.error(
      `\n=== ${step.name} stopped: over its ${Math.round(budgetMs / 60_000)}-minute budget ===`,
    );
  printDigest();
  console.error(`\n=== ${step.name} failed after ${seconds} s (whole output: ${log}) ===`);
  process.exit(code || 1);
}

/** The machine's busy and total CPU time so far (jiffies, every core), from /proc/stat. */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3] + (n[4] ?? 0);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Starts one step in its own process group, copying its output to the terminal and the log;
 * `done` resolves with its exit code, wall seconds and the share of CPU the machine was busy.
 */
function startStep(name, cmd, args) {
  const t0 = Date.now();
  const cpu0 = cpuTimes();
  console.log(`\n=== ${name} ===`);
  const budgetMs = Math.min(
    (STEP_BUDGET_MIN[name] ?? DEFAULT_BUDGET_MIN) * 60_000,
    RUN_BUDGET_MIN * 60_000 - (t0 - started),
  );
  const child = spawn(cmd, args, {
    cwd: root,
    env,
    stdio: ['inherit', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child.pid);
  const copy = (out) => (chunk) => {
    out.write(chunk);
    appendFileSync(log, chunk);
  };
  child.stdout.on('data', copy(process.stdout));
  child.stderr.on('data', copy(process.stderr));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.error('\n=== still running when the budget ran out (seconds, command) ===');
    console.error(runningProcesses(child.pid));
    killGroup(child.pid, 'SIGTERM');
    setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000).unref();
  }, budgetMs);
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid);
      const cpu1 = cpuTimes();
      const busy =
        cpu0 && cpu1 && cpu1.total > cpu0.total
          ? ((100 * (cpu1.busy - cpu0.busy)) / (cpu1.total - cpu0.total)).toFixed(0)
          : '?';
      resolve({
        code: code ?? (signal ? 1 : 0),
        timedOut,
        budgetMs,
        busy,
        seconds: ((Date.now() - t0) / 1000).toFixed(1),
      });
    });
  });
  return { name, pid: child.pid, done };
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** The processes of the step's group (and their elapsed seconds): what hangs. */
function runningProcesses(pgid) {
  const ps = spawnSync('ps', ['-eo', 'pgid=,etimes=,args='], { encoding: 'utf8' });
  return (ps.stdout ?? '')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([g]) => Number(g) === pgid)
    .map(([, secs, ...rest]) => `${secs.padStart(6)}  ${rest.join(' ').slice(0, 200)}`)
    .join('\n');
}

/**
 * The lines that say what failed (failed tests, errors, failed Nx tasks), printed last so a
 * reader of only the end of a long log still sees them.
 */
function printDigest() {
  // the terminal's colour codes, which start with the ESC control character
  // eslint-disable-next-line no-control-regex
  const plain = readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  const lines = plain.split('\n');
  const hits = [];
  const wanted =
    /(FAIL\b|\bfailed\b|✗|×|\bError:|Error\b.*:|AssertionError|Timeout|timed out|expected .* to |Unhandled|ELIFECYCLE|Failed tasks|^\s+- @bistro|^\[warn\])/;
  for (let i = 0; i < lines.length; i++) {
    if (wanted.test(lines[i]) && !/✓/.test(lines[i]))
      hits.push(`${i + 1}: ${lines[i].slice(0, 240)}`);
  }
  console.error('\n=== what failed (lines of the log) ===');
  console.error(hits.slice(-80).join('\n') || '(no failure line recognised)');
}
