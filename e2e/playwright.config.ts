import { defineConfig } from '@playwright/test';
import {
  API_PORT,
  chromiumArgs,
  chromiumPath,
  DATA_DIR,
  INBOX_PORT,
  PORT_BASE,
  ports,
  shellUrl,
  SPARE_PORTS,
} from './support/suite';

// The API answers the suite's apps and the spare shell copy the remote-failure test
// serves (its footer reads the venue record from the API like any shell), and the shell the
// releases test serves from a release store (it reports each released area's load to the API).
const corsOrigins = [...Object.values(ports), SPARE_PORTS.shell, SPARE_PORTS.releasesShell]
  .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
  .join(',');

/**
 * End-to-end tests against the built suite served from its dist folders, with
 * the real backend, in Debian's Chromium (test tools can't download browsers here).
 * Run through `npm run test:e2e`, which builds first and installs Chromium if needed.
 */
// One area's tests (tools/e2e.mjs --area): a filter on the titles, tags and file names that both
// projects apply, also when the main project runs as the venue-edits project's dependency.
const areaFilter = {
  ...(process.env['E2E_GREP'] ? { grep: new RegExp(process.env['E2E_GREP']) } : {}),
  ...(process.env['E2E_GREP_INVERT']
    ? { grepInvert: new RegExp(process.env['E2E_GREP_INVERT']) }
    : {}),
};

export default defineConfig({
  testDir: './tests',
  // One folder per port base: Playwright empties it at start, and runs may overlap.
  outputDir: `../test-results/e2e-${PORT_BASE}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: shellUrl,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // A trace is recorded when a failed test is retried (CI retries once), not on every test: on
    // this machine recording one costs about a fifth of the suite's CPU. A failure still leaves
    // its screenshot and the page's accessibility snapshot; `--trace on` records every test.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The suite's service worker would answer the pages' requests for code before a test's
    // page.route could: the tests of offline use (lounge-offline.spec.ts) allow it in their
    // own contexts.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: /venue-edits(-[a-z]+)?\.spec\.ts/,
      ...areaFilter,
    },
    // Changes the venue's shared record (hours, menu, the admin sign-in requirement): runs
    // after the other tests, one file at a time, so none of them reads the record (or acts as
    // an admin) while it is changed.
    {
      name: 'venue-edits',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: /venue-edits(-[a-z]+)?\.spec\.ts/,
      dependencies: ['chromium'],
      workers: 1,
      ...areaFilter,
    },
  ],
  webServer: {
    command: 'node tools/start.mjs --skip-build --fresh --snapshot',
    cwd: '..',
    url: `${shellUrl}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT_BASE: String(PORT_BASE),
      API_PORT: String(API_PORT),
      INBOX_PORT: String(INBOX_PORT),
      DATA_DIR,
      // the fresh data folder starts as a copy of the test run's migrated, seeded database
      DB_FROM_TEMPLATE: '1',
      // The booking-mail job every 2 s instead of every minute, so a test sees the
      // mails the database queued without calling anything itself.
      BOOKING_MAILS_INTERVAL_MS: '2000',
      CORS_ORIGINS: corsOrigins,
      // bcrypt at its lowest cost: every test signs up or signs in (a hash made with it keeps
      // working at any cost)
      PASSWORD_HASH_COST: '4',
    },
  },
});
