/**
 * The fixed-window counters in backend.rate_limits, on PGlite (and on PostgreSQL under
 * `npm run test:postgres`): counting, a new window after the old one ends, taking a hit back,
 * the sweep of expired windows, and limiters with different names apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { bootstrap } from '../db/migrate.js';
import { pgliteTemplate } from '../db/template.js';
import type { Db } from '../db/types.js';
import { freshDatabase } from '../testing.js';
import { RateLimiter, Sweeper } from './rate-limit.js';

const url = process.env['DATABASE_URL'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`rate limit counters (${url ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (url) {
      const fresh = await freshDatabase(url);
      drop = fresh.drop;
      db = await openPostgres(fresh.url);
    } else {
      // a copy of the run's template opens faster than PGlite initialises an empty cluster
      db = await openPglite(undefined, { template: await pgliteTemplate({ seed: false }) });
    }
    await bootstrap(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const rows = async (prefix: string) =>
    (
      await db.query<{ key: string; count: number }>(
        `select key, count from backend.rate_limits where key like $1 order by key`,
        [`${prefix}%`],
      )
    ).rows;

  it('allows max hits per window, then refuses until the window ends', async () => {
    const never = new Sweeper(db, 3_600_000);
    const limiter = new RateLimiter(db, 'w', 2, 2000, never);
    expect(await limiter.take('k')).toBe(true);
    expect(await limiter.take('k')).toBe(true);
    expect(await limiter.take('k')).toBe(false);
    expect(await limiter.take('k')).toBe(false);
    // another key has a window of its own
    expect(await limiter.take('other')).toBe(true);
    await sleep(2100);
    expect(await limiter.take('k')).toBe(true);
    expect(await rows('w:k')).toEqual([{ key: 'w:k', count: 1 }]);
  });

  it('takes a hit back within the window', async () => {
    const limiter = new RateLimiter(db, 'u', 1, 60_000, new Sweeper(db, 3_600_000));
    expect(await limiter.take('k')).toBe(true);
    await limiter.untake('k');
    expect(await limiter.take('k')).toBe(true);
    expect(await limiter.take('k')).toBe(false);
  });

  it('keeps limiters of different names apart', async () => {
    const never = new Sweeper(db, 3_600_000);
    const a = new RateLimiter(db, 'ip:signIn', 1, 60_000, never);
    const b = new RateLimiter(db, 'ip:signUp', 1, 60_000, never);
    expect(await a.take('198.51.100.1')).toBe(true);
    expect(await b.take('198.51.100.1')).toBe(true);
    expect(await a.take('198.51.100.1')).toBe(false);
  });

  it('counts hits sent at the same moment one by one', async () => {
    const limiter = new RateLimiter(db, 'burst', 5, 60_000, new Sweeper(db, 3_600_000));
    const out = await Promise.all(Array.from({ length: 20 }, () => limiter.take('k')));
    expect(out.filter(Boolean)).toHaveLength(5);
    expect(await rows('burst:k')).toEqual([{ key: 'burst:k', count: 20 }]);
  });

  it('sweeps expired windows', async () => {
    const always = new Sweeper(db, 0);
    const short = new RateLimiter(db, 's', 5, 100, always);
    const long = new RateLimiter(db, 's', 5, 60_000, always);
    await short.take('old');
    await sleep(200);
    // this take sweeps (off the request's path) besides counting its own window
    await long.take('new');
    for (let i = 0; i < 50 && (await rows('s:old')).length > 0; i++) await sleep(20);
    expect(await rows('s:old')).toEqual([]);
    expect(await rows('s:new')).toEqual([{ key: 's:new', count: 1 }]);
  });
});
