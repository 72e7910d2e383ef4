import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files each boot their own in-memory database; keep parallelism modest
    // (2 cores shared with other engineers).
    maxWorkers: 2,
    fileParallelism: true,
  },
});
