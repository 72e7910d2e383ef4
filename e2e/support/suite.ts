import { suitePorts } from '../../tools/serve-suite.mjs';

const envPort = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/**
 * The e2e suite runs on its own ports so it never collides with `npm start`;
 * E2E_PORT_BASE / E2E_API_PORT / E2E_INBOX_PORT let two runs share a machine.
 */
export const PORT_BASE = envPort('E2E_PORT_BASE', 4300);
export const ports = suitePorts(PORT_BASE);
export const API_PORT = envPort('E2E_API_PORT', 54331);
export const INBOX_PORT = envPort('E2E_INBOX_PORT', 54334);
export const DATA_DIR = `.data/e2e-${PORT_BASE}`;
/** Ports the remote-failure test may use for its own servers. */
export const SPARE_PORTS = { shell: PORT_BASE + 10, downRemote: PORT_BASE + 19 };

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
