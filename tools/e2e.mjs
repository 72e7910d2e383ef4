#!/usr/bin/env node
// `npm run test:e2e`: builds the suite (Nx cache), makes sure Chromium's headless shell is
// installed, then runs Playwright against the built suite and the real backend.
//
// Options (before Playwright's own):
//   --skip-build    use the builds already made (the Nx e2e targets depend on them)
//   --area <name>   only the tests of one area (shell, guest, lounge, games, admin),
//                   or `suite` for the tests that cross areas; each area runs on
//                   ports of its own, so two areas can run at once
// Extra arguments go to Playwright (e.g. `npm run test:e2e -- tests/routes.spec.ts`).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

const root = join(import.meta.dirname, '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
// Playwright's command line run by this Node itself (npx would first look the package up).
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');

/**
 * Which tests belong to an area: files named after it, and tests tagged with it in the files
 * that cover several areas (e2e/support/areas.ts). Playwright matches these against the
 * file's name, the titles and the tags. The `suite` is every test no area claims.
 */
const areas = {
  shell: '@shell',
  guest: 'guest-member\\.spec|guest-layout\\.spec|guest-tables\\.spec|bookings-guest\\.spec|@guest',
  lounge: 'lounge-[a-z-]+\\.spec|@lounge',
  games: 'games-[a-z-]+\\.spec|@games',
  admin: 'admin-[a-z-]+\\.spec|bookings-door\\.spec|@admin',
  // tests that load or read the lounge's or the games' code beside the shell's and the
  // guest's (what the shell preloads, a remote that fails, the XSS walk through every area)
  cross:
    'first-load\\.spec|remote-preload\\.spec|remote-failure\\.spec|lazy-loading\\.spec|shared-state\\.spec|xss\\.spec|@cross',
};
const suiteNames = ['suite', ...Object.keys(areas)];

const args = process.argv.slice(2);
let skipBuild = false;
let area;
const playwrightArgs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--skip-build') skipBuild = true;
  else if (args[i] === '--area') area = args[++i];
  else playwrightArgs.push(args[i]);
}
if (area !== undefined && !suiteNames.includes(area)) {
  console.error(`--area must be one of ${suiteNames.join(', ')}; got ${area}`);
  process.exit(2);
}
/**
 * An area's filter is the projects' own `grep` (e2e/playwright.config.ts reads E2E_GREP and
 * E2E_GREP_INVERT), which Playwright also applies to a project that runs as a dependency. One
 * area runs the main project. The suite runs the venue-edits project (after every other test),
 * which pulls in its dependency, the main project, filtered the same way: one Playwright run,
 * one server. A filter on the command line (files, --grep, ...) doesn't filter a dependency, so
 * with one the suite runs the main project, then the venue-edits project on its own (--no-deps),
 * in that order.
 */
const filtersTests = playwrightArgs.some(
  (a) =>
    !a.startsWith('-') ||
    /^(-g|--grep|--grep-invert|--last-failed|--only-changed|--test-list)/.test(a),
);
const runs = [];
if (area) {
  const union = Object.values(areas).join('|');
  if (area === 'suite') env.E2E_GREP_INVERT = union;
  else env.E2E_GREP = areas[area];
  if (area !== 'suite') runs.push(['--project=chromium', ...playwrightArgs]);
  else if (!filtersTests) runs.push(['--project=venue-edits', ...playwrightArgs]);
  else
    runs.push(
      ['--project=chromium', ...playwrightArgs],
      ['--project=venue-edits', '--no-deps', ...playwrightArgs],
    );
  // ports of its own, unless given: blocks of 20 apart (the remotes, the spare ports, the API
  // and the inbox; e2e/support/suite.ts)
  const i = suiteNames.indexOf(area);
  env.E2E_PORT_BASE ??= String(4300 + 20 * i);
}

try {
  // The tests run in Debian's Chromium headless shell (e2e/support/suite.ts), or in the
  // Chromium CHROMIUM_PATH names.
  if (process.env.CHROMIUM_PATH) ensureChromium();
  else
    ensureDebianPackage(
      'chromium-headless-shell',
      '/usr/bin/chromium-headless-shell',
      ', or set CHROMIUM_PATH to a Chromium.',
    );
  if (!skipBuild)
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
      { cwd: root, stdio: 'inherit', env },
    );
  if (!area) runs.push(playwrightArgs);
  for (const run of runs)
    execFileSync(
      process.execPath,
      [playwrightCli, 'test', '-c', 'e2e/playwright.config.ts', ...run],
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
