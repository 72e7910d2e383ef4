import { defineConfig } from 'vitest/config';

// The edge functions' own tests (run: npx vitest run -c supabase/functions/vitest.config.ts).
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
