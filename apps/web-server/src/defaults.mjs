// The suite's defaults (host, data folder, ports) come from config/defaults.json,
// the one place they are declared; the backend reads the same file. Scripts
// override them with HOST, DATA_DIR, PORT_BASE, API_PORT and INBOX_PORT.
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** The repository's root folder. */
export const repoRoot = join(import.meta.dirname, '..', '..', '..');

/** @typedef {'shell' | 'guest' | 'lounge' | 'games' | 'admin'} AppName */
/** @typedef {'guest' | 'lounge' | 'games' | 'admin'} RemoteName */
/** @typedef {Record<AppName, number>} SuitePorts */
/**
 * @typedef {object} SuiteDefaults
 * @property {string} host
 * @property {string} dataDir relative to the repository's root unless absolute
 * @property {SuitePorts & { api: number, inbox: number }} ports
 */

/** @type {readonly AppName[]} The apps of the suite: the shell, then the four remotes. */
export const appNames = ['shell', 'guest', 'lounge', 'games', 'admin'];

/** @type {readonly RemoteName[]} The remotes, in the order the shell lists them. */
export const remoteNames = ['guest', 'lounge', 'games', 'admin'];

/** @param {unknown} value */
function isPort(value) {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 65536;
}

/**
 * Reads and checks a defaults file: two strings and every port an integer in 1..65535.
 * @param {string} file
 * @returns {SuiteDefaults}
 */
export function readDefaults(file) {
  /** @type {Record<string, unknown> | null} */
  const value = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof value?.['host'] !== 'string' || typeof value['dataDir'] !== 'string') {
    throw new Error(`${file}: "host" and "dataDir" must be strings`);
  }
  const ports = /** @type {Record<string, unknown>} */ (value['ports'] ?? {});
  for (const name of [...appNames, 'api', 'inbox']) {
    if (!isPort(ports[name])) throw new Error(`${file}: ports.${name} must be a port number`);
  }
  return /** @type {SuiteDefaults} */ (/** @type {unknown} */ (value));
}

export const defaults = readDefaults(join(repoRoot, 'config', 'defaults.json'));

/**
 * The suite's ports with the shell on `base`: each remote keeps the distance
 * from the shell declared in the defaults (4200: remotes on 4201-4204).
 * @param {number} [base]
 * @returns {SuitePorts}
 */
export function suitePorts(base = defaults.ports.shell) {
  /** @param {AppName} name */
  const at = (name) => base + defaults.ports[name] - defaults.ports.shell;
  return {
    shell: at('shell'),
    guest: at('guest'),
    lounge: at('lounge'),
    games: at('games'),
    admin: at('admin'),
  };
}

export const defaultPorts = suitePorts();

/**
 * A port from the environment, or `fallback` when the variable is unset or
 * empty; anything but a port number is an error, never a silent default.
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {number} fallback
 */
export function envPort(env, name, fallback) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!isPort(value)) throw new Error(`${name}=${text} is not a port number (1-65535)`);
  return value;
}

/**
 * @typedef {object} SuiteSettings
 * @property {string} host
 * @property {string} dataDir absolute
 * @property {SuitePorts} ports
 * @property {number} apiPort
 * @property {number} inboxPort
 */

/**
 * The settings of a suite started by a script: the defaults, overridden by
 * HOST, DATA_DIR, PORT_BASE (the shell; the remotes follow), API_PORT and INBOX_PORT.
 * @param {Record<string, string | undefined>} [env]
 * @returns {SuiteSettings}
 */
export function suiteSettings(env = process.env) {
  const dataDir = env['DATA_DIR'] || defaults.dataDir;
  return {
    host: env['HOST'] || defaults.host,
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(repoRoot, dataDir),
    ports: suitePorts(envPort(env, 'PORT_BASE', defaults.ports.shell)),
    apiPort: envPort(env, 'API_PORT', defaults.ports.api),
    inboxPort: envPort(env, 'INBOX_PORT', defaults.ports.inbox),
  };
}
