import { defaults, envPort, suitePorts } from '../../apps/web-server/src/index.mjs';

/**
 * The e2e suite runs on its own ports, a fixed distance above `npm start`'s
 * (config/defaults.json), so the two never collide; E2E_PORT_BASE /
 * E2E_API_PORT / E2E_INBOX_PORT let two runs share a machine. The API and the
 * inbox sit in the same block of 20 as the remotes, far below Linux's ephemeral
 * port range (32768-60999), where an outgoing connection of any process could
 * already hold the port.
 */
export const PORT_BASE = envPort(process.env, 'E2E_PORT_BASE', defaults.ports.shell + 100);
export const ports = suitePorts(PORT_BASE);
export const API_PORT = envPort(process.env, 'E2E_API_PORT', PORT_BASE + 15);
export const INBOX_PORT = envPort(process.env, 'E2E_INBOX_PORT', PORT_BASE + 16);
export const DATA_DIR = `.data/e2e-${PORT_BASE}`;
/** Ports the remote-failure test may use for its own servers. */
export const SPARE_PORTS = {
  shell: PORT_BASE + 10,
  releasesShell: PORT_BASE + 11,
  releasesStore: PORT_BASE + 12,
  /** server rendering: a shell and a copy of the guest area deployed on their own */
  ssrShell: PORT_BASE + 13,
  ssrGuest: PORT_BASE + 14,
  downRemote: PORT_BASE + 19,
};

export const shellUrl = `http://127.0.0.1:${ports.shell}`;
export const apiUrl = `http://127.0.0.1:${API_PORT}`;
export const inboxUrl = `http://127.0.0.1:${INBOX_PORT}`;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8 as
 * Debian's Chromium, without the desktop browser around them, the build Playwright itself runs
 * headless tests in. It costs about a quarter less CPU per page than the full browser in headless
 * mode. CHROMIUM_PATH runs the tests in another Chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Area = 'guest' | 'lounge' | 'games' | 'admin';

/** The port a URL is served from, or NaN. */
export function portOf(url: string): number {
  try {
    return Number(new URL(url).port);
  } catch {
    return Number.NaN;
  }
}
