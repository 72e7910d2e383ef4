import { defineConfig } from 'vitest/config';
import { join } from 'node:path';

/** Base vitest config for the browser projects (apps and libs): jsdom + Testing Library. */
export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: [join(import.meta.dirname, 'tools', 'vitest.setup.ts')],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
