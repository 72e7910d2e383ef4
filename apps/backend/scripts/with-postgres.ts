/**
 * Runs a command against a throwaway PostgreSQL cluster on a free 127.0.0.1 port, with
 * DATABASE_URL exported (the cluster comes from src/db/pg-cluster.ts, as in the test runs).
 *
 *   scripts/with-postgres.sh                 # the backend suite on PostgreSQL
 *   scripts/with-postgres.sh npm run bench   # anything else
 *
 * Installs Debian's postgresql with apt-get when no server binaries are found (needs root).
 * SKIP_POSTGRES=1 skips the command. The cluster is stopped and deleted on exit.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresBinDir, startPostgresCluster } from '../src/db/pg-cluster.js';
import { ensureDebianPackage } from '../../../tools/ensure-debian-package.mjs';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv.slice(2);

if (process.env['SKIP_POSTGRES']) {
  console.error(`with-postgres: SKIP_POSTGRES is set; not running: ${command.join(' ')}`);
  process.exit(0);
}
if (!postgresBinDir()) ensureDebianPackage('postgresql', '/usr/lib/postgresql/15/bin/initdb');

const cluster = await startPostgresCluster();
const url = cluster.url();
console.error(`with-postgres: PostgreSQL ${cluster.version} on ${url}`);
const [cmd = 'npx', ...args] = command.length
  ? command
  : ['npx', 'vitest', 'run', '--config', 'vitest.postgres.config.ts'];
const child = spawn(cmd, args, {
  cwd: command.length ? process.cwd() : backendDir,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
