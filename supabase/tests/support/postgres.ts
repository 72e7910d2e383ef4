/**
 * A throwaway PostgreSQL 15 cluster (Debian's binaries) for the tests that
 * need a real multi-connection server: migrations on PG 15 and concurrency.
 * Listens on 127.0.0.1 only, lives in a temp dir, is stopped and removed after.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';

const candidates = [process.env['PG15_BIN'], '/usr/lib/postgresql/15/bin'].filter(
  (p): p is string => !!p,
);
export const pg15Bin = candidates.find((dir) => existsSync(path.join(dir, 'initdb')));

export interface Cluster {
  url: (database?: string) => string;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function userIds(name: string): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

export async function startCluster(): Promise<Cluster> {
  if (!pg15Bin) throw new Error('PostgreSQL 15 binaries not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'bistro-pg15-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // initdb and postgres refuse to run as root: run them as the postgres user.
  const asRoot = process.getuid?.() === 0;
  const pgUser = asRoot ? userIds('postgres') : undefined;
  if (asRoot && !pgUser) throw new Error('running as root and no postgres user to run the server');
  if (pgUser) chownSync(dir, pgUser.uid, pgUser.gid);
  const run = (bin: string, args: string[]) => {
    const cmd = path.join(pg15Bin, bin);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  };
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
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=120`,
    'start',
  ]);
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
