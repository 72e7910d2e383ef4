import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/**
 * Dev-server settings from config/defaults.json, where the suite's ports are
 * declared once. PORT_BASE moves the shell and the remotes together (each app
 * keeps its distance from the shell); DATA_DIR is where `npm run dev` writes
 * the shell's config.json.
 */
export type AppName = 'shell' | 'guest' | 'lounge' | 'games' | 'admin';

interface Defaults {
  host: string;
  dataDir: string;
  ports: Record<AppName | 'api' | 'inbox', number>;
}

const root = join(import.meta.dirname, '..', '..');
const defaults = JSON.parse(
  readFileSync(join(root, 'config', 'defaults.json'), 'utf8'),
) as Defaults;

function portBase(): number {
  const text = process.env['PORT_BASE'];
  if (text === undefined || text === '') return defaults.ports.shell;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`PORT_BASE=${text} is not a port number (1-65535)`);
  }
  return value;
}

/** The dev-server port of an app: its default, moved by PORT_BASE. */
export function devPort(app: AppName): number {
  return portBase() + defaults.ports[app] - defaults.ports.shell;
}

/** The folder the dev shell serves config.json from: <DATA_DIR>/runtime. */
export function runtimeDir(): string {
  const dataDir = process.env['DATA_DIR'] || defaults.dataDir;
  return join(isAbsolute(dataDir) ? dataDir : resolve(root, dataDir), 'runtime');
}
