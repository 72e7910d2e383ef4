import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.js';
import { copyPgliteTemplate, pgliteTemplate } from './template.js';
import { isConnectionError, isPgError, type Db } from './types.js';

// opening a database takes seconds, much more on a loaded machine
const SLOW = { timeout: 240_000 };

/**
 * Each database starts as a copy of the run's migrated template (a couple of seconds) rather than
 * an empty cluster PGlite initialises itself (four to eight): what is tested is the worker around
 * the database, whatever it holds.
 */
const template = () => pgliteTemplate({ seed: false });

const caught = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

const count = async (db: Db) =>
  (await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n;

describe('PGlite in a worker with a statement watchdog (in memory)', () => {
  let db: Db;
  const log: string[] = [];
  beforeAll(async () => {
    db = await openPglite(undefined, { log: (m) => log.push(m), template: await template() });
    await db.exec('create table t (x int primary key)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it(
    'ends a statement that overruns with 57014 while this thread keeps running',
    SLOW,
    async () => {
      await db.transaction((tx) => tx.query('insert into t values (1)'));
      let ticks = 0;
      const timer = setInterval(() => ticks++, 20);
      const started = performance.now();
      let secondTry: unknown = 'not reached';
      const runaway = caught(
        db.transaction(
          async (tx) => {
            await tx.query('insert into t values (2)');
            const e = await caught(tx.query('select pg_sleep(30)'));
            // the transaction died with the worker: nothing more runs in it
            secondTry = await caught(tx.query('insert into t values (3)'));
            throw e;
          },
          undefined,
          undefined,
          800,
        ),
      );
      // queued behind the runaway transaction: runs on the reopened database
      const queued = count(db);
      const e = await runaway;
      const ms = performance.now() - started;
      clearInterval(timer);

      expect(isPgError(e) && e.code).toBe('57014');
      expect((e as Error).message).toBe('canceling statement due to statement timeout');
      expect(ms).toBeLessThan(5_000);
      expect(ticks).toBeGreaterThan((ms / 20) * 0.5); // the event loop was never blocked
      expect(isPgError(secondTry) && secondTry.code).toBe('25P02');
      // the uncommitted insert of 2 is gone, the committed 1 is there
      await expect(queued).resolves.toBe(1);
      expect(log.some((m) => /800 ms timeout: ending the database worker/.test(m))).toBe(true);
      expect(log.some((m) => /database reopened in \d+ ms/.test(m))).toBe(true);
    },
  );

  it('keeps working afterwards: writes commit, failed statements roll back', SLOW, async () => {
    // a second overrun is served by the standby worker booted after the first reopen
    const again = await caught(
      db.transaction((tx) => tx.query('select pg_sleep(30)'), undefined, undefined, 800),
    );
    expect(isPgError(again) && again.code).toBe('57014');
    expect(await count(db)).toBe(1);
    expect(log.filter((m) => /database reopened in \d+ ms/.test(m))).toHaveLength(2);
    await db.transaction((tx) => tx.query('insert into t values (4)'));
    const dup = await caught(db.transaction((tx) => tx.query('insert into t values (4)')));
    expect(isPgError(dup) && dup.code).toBe('23505');
    expect(await count(db)).toBe(2);
  });

  it('bounds statements outside transactions with the internal timeout', SLOW, async () => {
    const short = await openPglite(undefined, {
      template: await template(),
      statementTimeoutMs: { internal: 500 },
      log: () => undefined,
    });
    try {
      const e = await caught(short.query('select pg_sleep(30)'));
      expect(isPgError(e) && e.code).toBe('57014');
      expect((await short.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(isConnectionError(e)).toBe(false);
    } finally {
      await short.close();
    }
  });
});

describe('PGlite in a worker (data folder)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-watchdog-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'reopens the folder after an overrun, keeps the lock throughout, and loses no commit',
    SLOW,
    async () => {
      const folder = path.join(dir, 'pglite');
      copyPgliteTemplate(await template(), folder);
      const db = await openPglite(folder, { log: () => undefined });
      try {
        await db.exec('create table t (x int primary key)');
        await db.transaction((tx) => tx.query('insert into t values (1)'));
        const e = await caught(
          db.transaction(
            async (tx) => {
              await tx.query('insert into t values (2)');
              await tx.query('select pg_sleep(30)');
            },
            undefined,
            undefined,
            800,
          ),
        );
        expect(isPgError(e) && e.code).toBe('57014');
        expect(existsSync(`${folder}.lock`)).toBe(true);
        await expect(openPglite(folder)).rejects.toThrow(/already open in this process/);
        expect(await count(db)).toBe(1);
        await db.transaction((tx) => tx.query('insert into t values (3)'));
      } finally {
        await db.close();
      }
      expect(existsSync(`${folder}.lock`)).toBe(false);
      const again = await openPglite(folder, { pgliteInProcess: true });
      try {
        expect((await again.query<{ x: number }>('select x from t order by x')).rows).toEqual([
          { x: 1 },
          { x: 3 },
        ]);
      } finally {
        await again.close();
      }
    },
  );
});
