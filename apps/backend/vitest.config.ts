import { defineConfig } from 'vitest/config';

// `test`: the backend suite on PGlite. `test:postgres` runs the same files on PostgreSQL
// (vitest.postgres.config.ts); the security suites have their own target.
export default defineConfig({
  test: {
    environment: 'node',
    // bcrypt at its lowest cost: the suites sign up and sign in thousands of times
    env: { PASSWORD_HASH_COST: '4' },
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.security.test.ts', '**/node_modules/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // no more test files at once than the machine has cores (each runs a backend and its
    // database worker)
    maxWorkers: 2,
    // Files share their worker's modules (no fresh module graph per file): each file starts its
    // own backend and database, no test mocks a module, and a worker then compiles PGlite's
    // WebAssembly and imports the backend once instead of once per file.
    isolate: false,
    fileParallelism: true,
  },
});
