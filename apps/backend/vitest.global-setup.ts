// Before the PGlite pass: this run's migrated, seeded template, which each test file copies.
import { prepareTestRun } from './src/db/test-run.js';

export default () => prepareTestRun({ pglite: [{ seed: true }] });
