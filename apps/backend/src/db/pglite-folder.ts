/**
 * The PGlite data folder on disk, guarded:
 *  - a lock file (`<folder>.lock`, the owner's pid) so two processes never open the same
 *    folder: PGlite runs Postgres in single-user mode and does not refuse a second opener,
 *    and two writers on one folder corrupt it;
 *  - a fresh database is created in `<folder>.init` and renamed into place only once
 *    initdb has finished, so a crash during the first start never leaves a half-made
 *    folder behind;
 *  - an existing folder must look like a Postgres cluster (PG_VERSION, global/pg_control):
 *    PGlite would otherwise run initdb over a damaged folder and start silently empty;
 *  - writes are made durable: PGlite starts Postgres with fsync off (`-F`) and its Node
 *    filesystem ignores fsync, so a commit reached the OS but not the disk. We turn fsync
 *    back on and let the Node filesystem call fsync(2), so an answer that follows a commit
 *    survives a power cut too, not only a killed process.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Thrown when the data folder cannot be used; the message says what to do. */
export class DataFolderError extends Error {}

type NodeFsInit = Awaited<ReturnType<NodeFS['init']>>;
interface NodeStream {
  nfd?: number;
}

/** NodeFS whose fsync(2) reaches the disk (Emscripten's NODEFS has no fsync of its own). */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): Promise<NodeFsInit> {
    const out = await super.init(...args);
    const preRun = out.emscriptenOpts.preRun ?? [];
    out.emscriptenOpts = {
      ...out.emscriptenOpts,
      preRun: [
        ...preRun,
        (mod) => {
          const ops = (mod.NODEFS as unknown as { stream_ops: Record<string, unknown> }).stream_ops;
          ops['fsync'] = (stream: NodeStream) => {
            if (stream.nfd !== undefined) fsyncSync(stream.nfd);
            return 0;
          };
        },
      ],
    };
    return out;
  }
}

const durableStartParams = (): string[] => [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  // Emscripten's fdatasync() does nothing; fsync() reaches DurableNodeFS
  '-c',
  'wal_sync_method=fsync',
];

function fsyncPath(p: string): void {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<folder>.lock` for this process. A lock left by a process that no longer runs
 * (killed, crashed) is taken over; a live owner is refused. Returns the release function.
 */
const heldHere = new Set<string>();

export function lockDataFolder(folder: string): () => void {
  const lockFile = `${path.resolve(folder)}.lock`;
  if (heldHere.has(lockFile))
    throw new DataFolderError(
      `The database folder ${folder} is already open in this process (lock file ${lockFile}).`,
    );
  const me = `${process.pid} ${hostname()}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockFile, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner = '';
      try {
        owner = readFileSync(lockFile, 'utf8');
      } catch {
        continue; // released meanwhile
      }
      const [pidText, host] = owner.trim().split(/\s+/);
      const pid = Number(pidText);
      const sameHost = !host || host === hostname();
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && sameHost && alive(pid))
        throw new DataFolderError(
          `The database folder ${folder} is in use by process ${pid} (lock file ${lockFile}). ` +
            'Two processes must never open it at once: stop the other backend first.',
        );
      if (!sameHost)
        throw new DataFolderError(
          `The database folder ${folder} is locked by host ${host} (lock file ${lockFile}); ` +
            'delete the lock file only if no backend on that host uses the folder.',
        );
      // the owner is gone (killed or crashed): take the lock over
      rmSync(lockFile, { force: true });
      continue;
    }
    try {
      writeSync(fd, me);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    heldHere.add(lockFile);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      heldHere.delete(lockFile);
      try {
        if (readFileSync(lockFile, 'utf8') === me) unlinkSync(lockFile);
      } catch {
        // already gone
      }
    };
  }
  throw new DataFolderError(`Could not take the lock ${lockFile}; try again.`);
}

function isEmptyDir(dir: string): boolean {
  return readdirSync(dir).length === 0;
}

/** Refuses a folder that is not a whole Postgres cluster, with a message saying why. */
function checkCluster(folder: string): void {
  const missing = ['PG_VERSION', path.join('global', 'pg_control'), 'base', 'pg_wal'].filter(
    (f) => !existsSync(path.join(folder, f)),
  );
  const version = existsSync(path.join(folder, 'PG_VERSION'))
    ? readFileSync(path.join(folder, 'PG_VERSION'), 'utf8').trim()
    : '';
  if (missing.length || !/^[0-9]+$/.test(version)) {
    const what = missing.length ? `${missing.join(', ')} missing` : 'PG_VERSION is empty';
    throw new DataFolderError(
      `The database folder ${folder} is not a complete PGlite database (${what}): it is ` +
        'damaged or half-written. The backend does not start on it, so that it never starts ' +
        'empty over your data. Restore the folder from a backup, or move it away to start ' +
        'with a new, empty database.',
    );
  }
}

export interface FolderOpenOptions {
  /** Take `<folder>.lock` (default); false when the caller holds it already. */
  lock?: boolean;
  /**
   * fsync commits to the disk (default). False for a throwaway folder: a killed worker loses
   * nothing the OS has (writes reach the page cache), only a power cut would.
   */
  durable?: boolean;
}

const fsFor = (folder: string, durable: boolean): Pick<PGliteOptions, 'fs' | 'startParams'> =>
  durable
    ? { fs: new DurableNodeFS(folder), startParams: durableStartParams() }
    : { fs: new NodeFS(folder) };

/** Creates a new database in `<folder>.init` and moves it into place once complete. */
async function createFresh(
  folder: string,
  options: PGliteOptions,
  durable: boolean,
): Promise<void> {
  const staging = `${folder}.init`;
  rmSync(staging, { recursive: true, force: true });
  if (existsSync(folder)) rmSync(folder, { recursive: true, force: true }); // empty, see caller
  const pg = await PGlite.create({ ...options, ...fsFor(staging, durable) });
  await pg.close();
  if (durable) fsyncPath(staging);
  renameSync(staging, folder);
  if (durable) fsyncPath(path.dirname(folder));
}

/**
 * Opens the PGlite database in `folder` (created when missing or empty), holding the lock
 * until `release` is called (after `pg.close()`).
 */
export async function openPgliteFolder(
  folder: string,
  options: PGliteOptions,
  { lock = true, durable = true }: FolderOpenOptions = {},
): Promise<{ pg: PGlite; release: () => void }> {
  const release = lock ? lockDataFolder(folder) : () => undefined;
  try {
    const fresh = !existsSync(folder) || (statSync(folder).isDirectory() && isEmptyDir(folder));
    if (fresh) await createFresh(folder, options, durable);
    else checkCluster(folder);
    let pg: PGlite;
    try {
      pg = await PGlite.create({ ...options, ...fsFor(folder, durable) });
    } catch (e) {
      throw new DataFolderError(
        `The database folder ${folder} could not be opened (PGlite: ${
          e instanceof Error ? e.message : String(e)
        }): it is probably damaged. The backend does not start on it. Restore the folder ` +
          'from a backup, or move it away to start with a new, empty database.',
        { cause: e },
      );
    }
    return { pg, release };
  } catch (e) {
    release();
    throw e;
  }
}
