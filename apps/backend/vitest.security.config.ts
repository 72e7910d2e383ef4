import { defineConfig } from 'vitest/config';

// `npm run test:security` (inside `npm test`): the quick security suites, files
// named *.security.test.ts. The long load and crash runs are in `npm run soak`.
export default defineConfig({
  test: {
    environment: 'node',
    // bcrypt at its lowest cost: the suites sign up and sign in thousands of times
    env: { PASSWORD_HASH_COST: '4' },
    include: ['src/**/*.security.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // Files share their worker's modules (no fresh module graph per file): each file starts its
    // own backend and database, no test mocks a module, and a worker then compiles PGlite's
    // WebAssembly and imports the backend once instead of once per file.
    isolate: false,
    fileParallelism: true,
  },
});
