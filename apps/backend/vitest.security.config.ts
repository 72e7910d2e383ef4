import { defineConfig } from 'vitest/config';

// `npm run test:security` (inside `npm test`): the quick security suites, files
// named *.security.test.ts. The long load and crash runs are in `npm run soak`.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.security.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    fileParallelism: true,
  },
});
