/**
 * A throwaway PostgreSQL cluster (Debian's server binaries) on a free 127.0.0.1 port, for tests,
 * benches and tools: the one place that starts one. Lives in a temp folder, runs as the
 * `postgres` OS user when we are root (initdb and postgres refuse root), with fsync and
 * synchronous commit off (nothing in it needs to survive a power cut), and is stopped and
 * deleted by stop().
 *
 *   const cluster = await startPostgresCluster();
 *   process.env.DATABASE_URL = cluster.url();
 *   ...
 *   cluster.stop();
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../shared/free-port.js';

export interface PostgresCluster {
  /** URL of a database of the cluster as the superuser `postgres` (default: postgres). */
  url(database?: string): string;
  /** The server's major version, e.g. 15. */
  version: number;
  stop(): void;
}

/** The folder of the newest installed server's binaries (PG_BIN overrides), or undefined. */
export function postgresBinDir(): string | undefined {
  const given = process.env['PG_BIN'] ?? process.env['PG15_BIN'];
  if (given && existsSync(path.join(given, 'initdb'))) return given;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function osUser(name: string): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

export async function startPostgresCluster(
  opts: { maxConnections?: number } = {},
): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      "PostgreSQL server binaries not found: install Debian's postgresql (or set PG_BIN)",
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'bistro-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const pgUser = asRoot ? osUser('postgres') : undefined;
  if (asRoot && !pgUser) throw new Error('running as root and no postgres user to run the server');
  if (pgUser) chownSync(dir, pgUser.uid, pgUser.gid);
  const run = (name: string, args: string[]) => {
    const cmd = path.join(bin, name);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  };
  const stop = () => {
    process.removeListener('exit', stop);
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    // a loaded machine can take a while to start a cluster
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '120',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off ` +
        `-c full_page_writes=off -c max_connections=${opts.maxConnections ?? 200}`,
      'start',
    ]);
  } catch (e) {
    let log = '';
    try {
      log = readFileSync(path.join(dir, 'server.log'), 'utf8');
    } catch {
      // no log yet
    }
    stop();
    throw new Error(`PostgreSQL did not start: ${(e as Error).message}\n${log}`, { cause: e });
  }
  // a process that ends without calling stop() (a failed run, Ctrl-C) leaves no server behind
  process.once('exit', stop);
  const version = Number(readFileSync(path.join(data, 'PG_VERSION'), 'utf8').trim());
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    version,
    stop,
  };
}
