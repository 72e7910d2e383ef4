import { suitePorts } from '../../tools/serve-suite.mjs';

/** The e2e suite runs on its own ports so it never collides with `npm start`. */
export const PORT_BASE = 4300;
export const ports = suitePorts(PORT_BASE);
export const API_PORT = 54331;
export const INBOX_PORT = 54334;
export const DATA_DIR = '.data/e2e';

export const shellUrl = `http://127.0.0.1:${ports.shell}`;
export const apiUrl = `http://127.0.0.1:${API_PORT}`;
export const inboxUrl = `http://127.0.0.1:${INBOX_PORT}`;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
