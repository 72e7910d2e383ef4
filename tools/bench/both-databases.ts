/**
 * The benches that measure PGlite and PostgreSQL (api, realtime): `--db pglite` or
 * `--db postgres` runs the bench once in this process; `--db both` (the default) runs it on
 * PGlite here, then runs this same script with `--db postgres` on a throwaway PostgreSQL
 * cluster (apps/backend/scripts/with-postgres.sh exports DATABASE_URL), which hands its result
 * back in a file, and reports both.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type DbKind = 'pglite' | 'postgres';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/backend');
/** Where a `--db postgres` child writes its result instead of reporting. */
const RESULT_FILE = 'BENCH_DB_RESULT';

export async function onBothDatabases<R>(
  /** the bench's own file, run again for PostgreSQL */
  script: string,
  bench: (db: DbKind) => Promise<R>,
  report: (results: R[], seconds: number) => void | Promise<void>,
): Promise<void> {
  const t0 = Date.now();
  const argv = process.argv;
  const db = argv.includes('--db') ? argv[argv.indexOf('--db') + 1] : 'both';
  if (db === 'pglite' || db === 'postgres') {
    const r = await bench(db);
    const out = process.env[RESULT_FILE];
    if (out) await writeFile(out, JSON.stringify(r));
    else await report([r], (Date.now() - t0) / 1000);
    return;
  }
  if (db !== 'both') throw new Error('--db must be pglite, postgres or both');
  const results: R[] = [await bench('pglite')];
  const tmp = await mkdtemp(path.join(tmpdir(), 'bistro-bench-result-'));
  const file = path.join(tmp, 'postgres.json');
  const r = spawnSync(
    path.join(backendDir, 'scripts/with-postgres.sh'),
    ['npx', 'tsx', script, '--db', 'postgres'],
    { cwd: backendDir, stdio: 'inherit', env: { ...process.env, [RESULT_FILE]: file } },
  );
  if (r.status === 0) results.push(JSON.parse(await readFile(file, 'utf8')) as R);
  await rm(tmp, { recursive: true, force: true });
  await report(results, (Date.now() - t0) / 1000);
  if (r.status !== 0) throw new Error(`the PostgreSQL run failed (${r.status ?? r.signal})`);
}
