import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The database suites and the edge functions' own tests.
    include: ['tests/**/*.test.ts', 'functions/_tests/**/*.test.ts'],
    environment: 'node',
    // bcrypt at its lowest cost: the suites sign up and sign in thousands of times
    env: { PASSWORD_HASH_COST: '4' },
    pool: 'forks',
    globalSetup: ['./vitest.global-setup.ts'],
    // no more test files at once than the machine has cores
    maxWorkers: 2,
    // Files share their worker's modules (no fresh module graph per file): each file starts its
    // own backend and database, no test mocks a module, and a worker then compiles PGlite's
    // WebAssembly and imports the backend once instead of once per file.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
