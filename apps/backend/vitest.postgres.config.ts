import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `test:postgres`: the backend suite again, each file on a database of one throwaway
// PostgreSQL cluster (or the server in DATABASE_URL). SKIP_POSTGRES=1 skips the pass.
const skip = !!process.env['SKIP_POSTGRES'];
if (skip) console.warn('test:postgres: SKIP_POSTGRES is set; the PostgreSQL pass does not run');

export default defineConfig({
  test: {
    ...base.test,
    globalSetup: skip ? [] : ['./vitest.postgres-setup.ts'],
    ...(skip ? { include: [], passWithNoTests: true } : {}),
  },
});
