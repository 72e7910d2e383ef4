import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderError, lockDataFolder, openPgliteFolder } from './pglite-folder.js';

let dir: string;
let folder: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pglite-folder-'));
  folder = path.join(dir, 'pglite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the data folder lock', () => {
  it('is held by one opener at a time, also within one process, and released', () => {
    const release = lockDataFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(`${process.pid} ${hostname()}\n`);
    expect(() => lockDataFolder(folder)).toThrow(/already open in this process/);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    lockDataFolder(folder)();
  });

  it('refuses while another live process holds it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(`${folder}.lock`, `${other.pid} ${hostname()}\n`);
      expect(() => lockDataFolder(folder)).toThrow(DataFolderError);
      expect(() => lockDataFolder(folder)).toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    // the owner was killed: its lock is stale and taken over
    const release = lockDataFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(`${process.pid} ${hostname()}\n`);
    release();
  });
});

describe('opening a data folder', () => {
  it('refuses a folder that is not a whole cluster instead of starting empty over it', async () => {
    mkdirSync(path.join(folder, 'base'), { recursive: true });
    writeFileSync(path.join(folder, 'base', 'precious'), 'data');
    await expect(openPgliteFolder(folder, {})).rejects.toThrow(
      /not a complete PGlite database \(PG_VERSION, global\/pg_control, pg_wal missing\)/,
    );
    // nothing was touched, and the lock was let go
    expect(readFileSync(path.join(folder, 'base', 'precious'), 'utf8')).toBe('data');
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses an empty PG_VERSION', async () => {
    for (const d of ['base', 'global', 'pg_wal'])
      mkdirSync(path.join(folder, d), { recursive: true });
    writeFileSync(path.join(folder, 'global', 'pg_control'), '');
    writeFileSync(path.join(folder, 'PG_VERSION'), '');
    await expect(openPgliteFolder(folder, {})).rejects.toThrow(/PG_VERSION is empty/);
  });
});
