// Before the PostgreSQL pass: one throwaway cluster (DATABASE_URL, unless given) with this
// run's migrated, seeded template database, which each test file copies; the PGlite template
// for the files that also run on PGlite.
import { prepareTestRun } from './src/db/test-run.js';

export default () =>
  prepareTestRun({
    pglite: [{ seed: true }],
    postgres: { env: 'DATABASE_URL', templates: [{ seed: true }] },
  });
