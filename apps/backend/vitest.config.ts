import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The security suites run under their own target (vitest.security.config.ts).
    exclude: ['src/**/*.security.test.ts', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files each boot their own in-memory database; keep parallelism modest
    // (2 cores shared with other engineers).
    maxWorkers: 2,
    fileParallelism: true,
  },
});
