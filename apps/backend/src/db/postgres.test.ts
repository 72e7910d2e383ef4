import { describe, expect, it } from 'vitest';
import { openPostgres } from './postgres.js';
import { isConnectionError } from './types.js';

const url = process.env['DATABASE_URL'];

// Runs under `npm run test:postgres` (scripts/with-postgres.sh sets DATABASE_URL).
describe.skipIf(!url)('PostgreSQL connection loss', () => {
  it('a connection the server ends mid-transaction fails that request only, and the pool recovers', async () => {
    const db = await openPostgres(url as string, { max: 2 });
    try {
      const failed = await db
        .transaction((tx) => tx.query('select pg_terminate_backend(pg_backend_pid())'))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isConnectionError(failed)).toBe(true);
      // the broken client left the pool; new work gets a fresh connection
      for (let i = 0; i < 4; i++) {
        const r = await db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'));
        expect(r.rows).toEqual([{ one: 1 }]);
      }
    } finally {
      await db.close();
    }
  });
});
