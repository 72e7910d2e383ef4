import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `test:postgres`: the backend suite again, each file on a database of one throwaway
// PostgreSQL cluster (or the server in DATABASE_URL). SKIP_POSTGRES=1 skips the pass.
const skip = !!process.env['SKIP_POSTGRES'];
if (skip) console.warn('test:postgres: SKIP_POSTGRES is set; the PostgreSQL pass does not run');

// Files that never reach the database server in DATABASE_URL (PGlite's own worker and folder,
// a PGlite `main.ts`, the REST grammar and SQL builder, settings parsers, the mailer, the JWT
// cache): the `test` pass covers them, and running them again here would only repeat it.
const noServer = [
  'src/db/abandoned.test.ts',
  'src/db/pglite-folder.test.ts',
  'src/db/pglite-watchdog.test.ts',
  'src/config.test.ts',
  'src/jwt-cache.test.ts',
  'src/main.test.ts',
  'src/mail/mailer.test.ts',
  'src/rest/errors.test.ts',
  'src/rest/fuzzy.test.ts',
  'src/realtime/delivery.test.ts',
  'src/rest/limits.test.ts',
  'src/rest/parser/parser.test.ts',
  'src/rest/sql.test.ts',
  'src/storage/settings.test.ts',
  'src/backup/s3-copy.test.ts',
];

export default defineConfig({
  test: {
    ...base.test,
    exclude: [...(base.test?.exclude ?? []), ...noServer],
    globalSetup: skip ? [] : ['./vitest.postgres-setup.ts'],
    ...(skip ? { include: [], passWithNoTests: true } : {}),
  },
});
