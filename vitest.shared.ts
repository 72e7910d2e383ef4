import { defineConfig } from 'vitest/config';
import { join } from 'node:path';

/**
 * Base vitest config for the browser projects (apps and libs): jsdom + Testing Library. A test
 * file that needs no DOM starts with `// @vitest-environment node`: a jsdom window costs more
 * than most such files' tests.
 *
 * The files of a worker share one jsdom window and one load of the packages in node_modules
 * (React, Radix, supabase-js, Testing Library): `isolate: false`. Each file still gets its own
 * copy of the project's own modules, its mocks and its stores, because the setup file empties
 * the module registry before every file (tools/vitest.setup.ts). Per-file isolation cost about
 * three times the tests' own time in window set-up and package imports.
 */
export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: [join(import.meta.dirname, 'tools', 'vitest.setup.ts')],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    isolate: false,
  },
});
