import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './pglite.js';
import { pgliteTemplate } from './template.js';
import { RequestAbandoned, type Db } from './types.js';

describe('a read whose client left while it waited for the database', () => {
  let db: Db;
  beforeAll(async () => {
    // a copy of the run's migrated template opens faster than an empty cluster is initialised
    db = await openPglite(undefined, { template: await pgliteTemplate({ seed: false }) });
  });
  afterAll(async () => {
    await db.close();
  });

  it('is skipped when its turn comes, and the requests around it still run', async () => {
    let release!: () => void;
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const busy = db.transaction(async (tx) => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      await tx.query('select 1');
      return 1;
    }, 'select 1');
    await inside; // the connection is taken: the next two wait for it
    const client = new AbortController();
    const work = vi.fn(async () => 'ran');
    const waiting = db.transaction(work, 'select 1', client.signal);
    const after = db.transaction(
      async (tx) => (await tx.query<{ n: number }>('select 2 as n')).rows[0]?.n,
      'select 1',
    );
    client.abort();
    release();
    await expect(busy).resolves.toBe(1);
    await expect(waiting).rejects.toBeInstanceOf(RequestAbandoned);
    expect(work).not.toHaveBeenCalled();
    await expect(after).resolves.toBe(2);
  });

  it('runs as usual while the client is still there', async () => {
    const client = new AbortController();
    await expect(
      db.transaction(
        async (tx) => (await tx.query<{ n: number }>('select 3 as n')).rows[0]?.n,
        'select 1',
        client.signal,
      ),
    ).resolves.toBe(3);
  });
});
