import { defineConfig } from 'vitest/config';
import { join } from 'node:path';

/**
 * Base vitest config for the browser projects (apps and libs): jsdom + Testing Library. A test
 * file that needs no DOM starts with `// @vitest-environment node`: a jsdom window costs more
 * than most such files' tests.
 */
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
