// Before the database suites: this run's migrated templates (with and without the seed), which
// each test file copies, and one PostgreSQL cluster for the cases that also run on it
// (BISTRO_PG_URL; skipped without PostgreSQL or with SKIP_POSTGRES).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { prepareTestRun } from '@bistro/backend/src/db/test-run';

export default () =>
  prepareTestRun({
    pglite: [{ seed: false }, { seed: true }],
    postgres: { env: 'BISTRO_PG_URL', templates: [{ seed: false }], optional: true },
  });
