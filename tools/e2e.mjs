#!/usr/bin/env node
// `npm run test:e2e`: builds the suite (Nx cache), makes sure Chromium is
// installed, then runs Playwright against the built suite and the real backend.
// Extra arguments go to Playwright (e.g. `npm run test:e2e -- tests/routes.spec.ts`).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = join(import.meta.dirname, '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

try {
  ensureChromium();
  execFileSync(
    'npx',
    [
      'nx',
      'run-many',
      '-t',
      'build',
      '--projects=shell,guest,lounge,games,admin',
      '--output-style=static',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
  execFileSync(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
} catch (error) {
  if (error.status === undefined) console.error(error.message);
  process.exit(error.status ?? 1);
}
