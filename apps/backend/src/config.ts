/**
 * The backend's settings, parsed once. Host, data folder and ports default to the repository's
 * config/defaults.json (the scripts in tools/ read the same file); everything else has its
 * default here. `loadEnv` reads the environment for main.ts; `appConfig` completes the Config
 * the services use from partial overrides (startBackend's options, tests).
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import type { AuthRateLimitsOverride } from './auth/rate-limit-settings.js';
import type { DbOptions } from './db/options.js';
import type { RealtimeSettings } from './realtime/settings.js';
import {
  s3SettingsFromEnv,
  storageSettingsFromEnv,
  type S3Settings,
  type StorageSettings,
} from './storage/settings.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface SuiteDefaults {
  host: string;
  dataDir: string;
  ports: {
    shell: number;
    guest: number;
    lounge: number;
    games: number;
    admin: number;
    api: number;
    inbox: number;
  };
}

const PORT_NAMES = ['shell', 'guest', 'lounge', 'games', 'admin', 'api', 'inbox'] as const;

const isPort = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 65536;

/** Checks the shape of config/defaults.json; a missing or mistyped field stops the start. */
export function parseDefaults(raw: unknown, source = 'config/defaults.json'): SuiteDefaults {
  const fail = (what: string): never => {
    throw new Error(`${source}: ${what}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail('not a JSON object');
  const o = raw as Record<string, unknown>;
  if (typeof o['host'] !== 'string' || !o['host']) fail('"host" must be a non-empty string');
  if (typeof o['dataDir'] !== 'string' || !o['dataDir'])
    fail('"dataDir" must be a non-empty string');
  const ports = o['ports'];
  if (typeof ports !== 'object' || ports === null) fail('"ports" must be an object');
  const p = ports as Record<string, unknown>;
  for (const name of PORT_NAMES)
    if (!isPort(p[name])) fail(`"ports.${name}" must be a port number`);
  return {
    host: o['host'] as string,
    dataDir: o['dataDir'] as string,
    ports: Object.fromEntries(PORT_NAMES.map((n) => [n, p[n] as number])) as SuiteDefaults['ports'],
  };
}

export const DEFAULTS: SuiteDefaults = parseDefaults(
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'config', 'defaults.json'), 'utf8')) as unknown,
);

const { shell, guest, lounge, games, admin } = DEFAULTS.ports;

/** The suite's own apps on their default ports, by localhost and 127.0.0.1. */
export const DEFAULT_CORS_ORIGINS = [shell, guest, lounge, games, admin].flatMap((p) => [
  `http://localhost:${p}`,
  `http://127.0.0.1:${p}`,
]);

/** The dev inbox has no authentication: it listens on loopback unless INBOX_HOST says otherwise. */
export const DEFAULT_INBOX_HOST = '127.0.0.1';

/** Whether a listen address is reachable only from this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export const DEFAULT_SITE_URL = `http://localhost:${shell}`;
export const DEFAULT_MAIL_FROM = 'Bistro <no-reply@bistro.local>';

export interface Config {
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string;
  /** Where links in e-mails send the user by default (the app). */
  siteUrl: string;
  /** Allowed redirect URL prefixes besides siteUrl. */
  redirectUrls: string[];
  dataDir: string | undefined;
  supabaseDir: string;
  jwtExpiry: number;
  corsOrigins: string[];
  mailerAutoconfirm: boolean;
  /**
   * No new accounts by sign-up, e-mail OTP or anonymous sign-in (GoTrue's DISABLE_SIGNUP); the
   * service role still creates and invites users. Default off.
   */
  disableSignup: boolean;
  /** Anonymous sign-ins (POST /auth/v1/signup without e-mail or phone); GoTrue's default is off. */
  anonymousSignIns: boolean;
  /**
   * A request to /rest/v1, /auth/v1 or /storage/v1 without any API key answers 401, as hosted
   * Supabase's gateway (default). Off: served as anonymous, as the Supabase CLI's local stack
   * does (what supabase-js's own test suites run against).
   */
  requireApiKey: boolean;
  /**
   * A password change from a session signed in more than 24 hours ago needs the nonce that
   * GET /auth/v1/reauthenticate mails (GoTrue's "secure password change"); default off.
   */
  securePasswordChange: boolean;
  rateLimit: { max: number; windowMs: number };
  /** Per-IP and per-recipient auth limits that replace the defaults in auth/rate-limit.ts. */
  authRateLimits?: AuthRateLimitsOverride;
  refreshReuseIntervalMs: number;
  maxBodyBytes: number;
  maxUploadBytes: number;
  /** Trust X-Forwarded-For for the client IP (behind a reverse proxy). */
  trustProxy: boolean;
  /** Statement timeouts per role (ms) and how PGlite runs; defaults in db/options.ts. */
  db?: DbOptions;
  /** The Realtime socket server's limits and retention; defaults in realtime/settings.ts. */
  realtime?: Partial<RealtimeSettings>;
  /** The /rest/v1 settings PostgREST calls db-schemas and db-aggregates-enabled. */
  rest?: Partial<RestSettings>;
  /** How often the booking-mail outbox is drained (ms); 0 = not at all (the default in tests). */
  bookingMailsIntervalMs: number;
  /**
   * How often queued Web Push notifications are sent (ms); unset or 0 = not at all: the
   * default, and always so without VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).
   */
  pushIntervalMs?: number;
  /** Where /storage/v1 keeps object bytes; unset: the local folder (storage/settings.ts). */
  storage?: StorageSettings;
  /** The bearer token GET /metrics asks for; unset: /metrics answers 404. */
  metricsToken?: string;
  /** pino's level for the JSON log on stdout (one line per request); 'silent' in tests. */
  logLevel: LogLevel;
  /** Where backups are written (BACKUP_DIR); unset: <dataDir>/backups. */
  backupDir?: string;
  /** A second folder each backup is copied to (BACKUP_COPY_DIR, another disk or a mount). */
  backupCopyDir?: string;
  /** An S3-compatible bucket each backup is copied to (BACKUP_S3_*; storage/settings.ts). */
  backupS3?: S3Settings;
  /** Encrypts backups (AES-256-GCM, key from this passphrase by scrypt); restore needs it too. */
  backupKey?: string;
  /** How many backups are kept in each folder (BACKUP_KEEP). */
  backupKeep: number;
  /** How often the backend backs itself up (ms); 0 = never (the default in tests). */
  backupIntervalMs: number;
  /** Audit rows older than this many days are removed daily (AUDIT_RETENTION_DAYS); 0 = kept. */
  auditRetentionDays: number;
  /**
   * How often the no-shows of nights that are over are marked (NO_SHOWS_INTERVAL_MS); 0 = not
   * at all (the default in tests, whose fixtures would otherwise change under them).
   */
  noShowsIntervalMs: number;
}

/** BACKUP_INTERVAL_MS for a started backend: once a day. */
export const DEFAULT_BACKUP_INTERVAL_MS = 86_400_000;

/** NO_SHOWS_INTERVAL_MS for a started backend: every 15 minutes. */
export const DEFAULT_NO_SHOWS_INTERVAL_MS = 900_000;

/** Where a backend's backups go: BACKUP_DIR, else <dataDir>/backups; none in memory. */
export function backupDirOf(config: Pick<Config, 'backupDir' | 'dataDir'>): string | undefined {
  return config.backupDir ?? (config.dataDir ? path.join(config.dataDir, 'backups') : undefined);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL: one of LOG_LEVELS, default info; anything else stops the start. */
export function parseLogLevel(raw: string | undefined): LogLevel {
  const v = raw?.trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(v))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return v as LogLevel;
}

export interface RestSettings {
  /** Schemas /rest/v1 exposes; the first is the default profile (PostgREST's db-schemas). */
  schemas: string[];
  /** `count()`, `sum()`... in select (PostgREST's db-aggregates-enabled); off answers PGRST123. */
  aggregates: boolean;
}

/** The REST settings with their defaults: only public, no aggregates (as PostgREST). */
export function restSettings(config: Pick<Config, 'rest'>): RestSettings {
  const schemas = config.rest?.schemas?.length ? config.rest.schemas : ['public'];
  return { schemas, aggregates: config.rest?.aggregates ?? false };
}

/** PUSH_INTERVAL_MS for a started backend with VAPID keys: "your song is playing" within seconds. */
export const DEFAULT_PUSH_INTERVAL_MS = 5_000;

/** BOOKING_MAILS_INTERVAL_MS for a started backend: once a minute, as pg_cron does when hosted. */
export const DEFAULT_BOOKING_MAILS_INTERVAL_MS = 60_000;

/** The app's Config: the defaults, then the given overrides. */
export function appConfig(
  base: { apiUrl: string; dataDir: string | undefined; supabaseDir: string },
  overrides: Partial<Config> = {},
): Config {
  return {
    ...base,
    siteUrl: DEFAULT_SITE_URL,
    redirectUrls: [],
    jwtExpiry: 3600,
    corsOrigins: DEFAULT_CORS_ORIGINS,
    mailerAutoconfirm: false,
    disableSignup: false,
    anonymousSignIns: false,
    requireApiKey: true,
    securePasswordChange: false,
    rateLimit: { max: 30, windowMs: 5 * 60_000 },
    refreshReuseIntervalMs: 10_000,
    maxBodyBytes: 1024 * 1024,
    maxUploadBytes: 50 * 1024 * 1024,
    trustProxy: false,
    bookingMailsIntervalMs: 0,
    logLevel: 'silent',
    backupKeep: 7,
    backupIntervalMs: 0,
    auditRetentionDays: 0,
    noShowsIntervalMs: 0,
    ...overrides,
  };
}

/** What main.ts hands to startBackend, read from the environment. */
export interface EnvSettings {
  port: number;
  inboxPort: number;
  host: string;
  inboxHost: string;
  dataDir: string;
  databaseUrl: string | undefined;
  supabaseDir: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  publicUrl: string | undefined;
  config: Pick<
    Config,
    | 'siteUrl'
    | 'redirectUrls'
    | 'corsOrigins'
    | 'jwtExpiry'
    | 'mailerAutoconfirm'
    | 'disableSignup'
    | 'anonymousSignIns'
    | 'requireApiKey'
    | 'securePasswordChange'
    | 'trustProxy'
    | 'bookingMailsIntervalMs'
    | 'pushIntervalMs'
    | 'logLevel'
    | 'backupKeep'
    | 'backupIntervalMs'
    | 'auditRetentionDays'
    | 'noShowsIntervalMs'
  > &
    Partial<
      Pick<
        Config,
        | 'authRateLimits'
        | 'db'
        | 'realtime'
        | 'rest'
        | 'metricsToken'
        | 'backupDir'
        | 'backupCopyDir'
        | 'backupS3'
        | 'backupKey'
      >
    > &
    Partial<Pick<Config, 'storage'>>;
}

const list = (v: string | undefined): string[] =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** A whole number from the environment; anything else (unset, empty, "12abc") is the default. */
const int = (v: string | undefined, d: number): number => (v && /^[0-9]+$/.test(v) ? Number(v) : d);

/** Empty strings count as unset (a script may pass VAR= to clear an inherited value). */
const opt = (v: string | undefined): string | undefined => (v ? v : undefined);

const isRule = (v: unknown): boolean => {
  const r = v as { max?: unknown; windowMs?: unknown } | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    Number.isInteger(r.max) &&
    (r.max as number) >= 0 &&
    Number.isInteger(r.windowMs) &&
    (r.windowMs as number) > 0
  );
};

/**
 * AUTH_RATE_LIMITS: JSON that replaces single auth limits, e.g.
 * `{"perIp":{"recover":{"max":300,"windowMs":300000}},"mailsPerRecipient":{"max":10,"windowMs":3600000}}`.
 * Anything else stops the start: a typo must not silently leave the limits at their defaults.
 */
export function parseAuthRateLimits(raw: string): NonNullable<Config['authRateLimits']> {
  const fail = (what: string): never => {
    throw new Error(`AUTH_RATE_LIMITS: ${what}`);
  };
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    fail('not valid JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail('must be a JSON object');
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (k !== 'perIp' && k !== 'mailsPerRecipient') fail(`unknown key "${k}"`);
  const actions = [
    'signIn',
    'signUp',
    'verify',
    'otp',
    'recover',
    'resend',
    'magicLink',
    'anonymous',
  ];
  if (o['perIp'] !== undefined) {
    const per = o['perIp'];
    if (typeof per !== 'object' || per === null) fail('"perIp" must be an object');
    for (const [k, rule] of Object.entries(per as Record<string, unknown>)) {
      if (!actions.includes(k)) fail(`unknown perIp action "${k}" (one of ${actions.join(', ')})`);
      if (!isRule(rule)) fail(`perIp.${k} must be { "max": n, "windowMs": ms }`);
    }
  }
  if (o['mailsPerRecipient'] !== undefined && !isRule(o['mailsPerRecipient']))
    fail('mailsPerRecipient must be { "max": n, "windowMs": ms }');
  return o as NonNullable<Config['authRateLimits']>;
}

/** DB_STATEMENT_TIMEOUT_<ROLE>_MS: whole milliseconds, 0 for no limit; anything else stops the start. */
function statementTimeoutsFromEnv(
  env: NodeJS.ProcessEnv,
): NonNullable<DbOptions['statementTimeoutMs']> | undefined {
  const out: NonNullable<DbOptions['statementTimeoutMs']> = {};
  for (const role of ['anon', 'authenticated', 'service_role', 'internal'] as const) {
    const name = `DB_STATEMENT_TIMEOUT_${role.toUpperCase()}_MS`;
    const v = opt(env[name]);
    if (v === undefined) continue;
    if (!/^[0-9]+$/.test(v)) throw new Error(`${name} must be a whole number of milliseconds`);
    out[role] = Number(v);
  }
  return Object.keys(out).length ? out : undefined;
}

/** The Realtime settings given by environment variables (whole numbers), if any. */
function realtimeFromEnv(env: NodeJS.ProcessEnv): Partial<RealtimeSettings> | undefined {
  const names: [string, keyof RealtimeSettings, string][] = [
    ['REALTIME_RETENTION_SECONDS', 'retentionSeconds', 'seconds'],
    ['REALTIME_MAX_SOCKETS_PER_IP', 'maxSocketsPerIp', 'sockets'],
    ['REALTIME_MAX_JOINS_PER_SECOND_PER_IP', 'maxJoinsPerSecondPerIp', 'joins'],
    [
      'REALTIME_MAX_AUTHORIZATIONS_PER_SECOND_PER_IP',
      'maxAuthorizationsPerSecondPerIp',
      'authorizations',
    ],
    ['REALTIME_AUTH_CACHE_MS', 'authCacheMs', 'milliseconds'],
  ];
  const out: Partial<Record<keyof RealtimeSettings, number>> = {};
  for (const [name, key, unit] of names) {
    const v = opt(env[name]);
    if (v === undefined) continue;
    if (!/^[0-9]+$/.test(v)) throw new Error(`${name} must be a whole number of ${unit}`);
    out[key] = Number(v);
  }
  return Object.keys(out).length ? (out as Partial<RealtimeSettings>) : undefined;
}

export function loadEnv(env: NodeJS.ProcessEnv = process.env): EnvSettings {
  const siteUrl = opt(env['SITE_URL']) ?? DEFAULT_SITE_URL;
  const supabaseDir = opt(env['SUPABASE_DIR']);
  const timeouts = statementTimeoutsFromEnv(env);
  const realtime = realtimeFromEnv(env);
  return {
    port: int(env['PORT'] ?? env['API_PORT'], DEFAULTS.ports.api),
    inboxPort: int(env['INBOX_PORT'], DEFAULTS.ports.inbox),
    host: opt(env['HOST']) ?? DEFAULTS.host,
    inboxHost: opt(env['INBOX_HOST']) ?? DEFAULT_INBOX_HOST,
    // DATA_DIR as given is relative to the working folder; the default to the repository
    dataDir: path.resolve(opt(env['DATA_DIR']) ?? path.join(REPO_ROOT, DEFAULTS.dataDir)),
    databaseUrl: opt(env['DATABASE_URL']),
    supabaseDir: supabaseDir ? path.resolve(supabaseDir) : undefined,
    smtpUrl: opt(env['SMTP_URL']),
    mailFrom: opt(env['MAIL_FROM']),
    publicUrl: opt(env['API_EXTERNAL_URL']),
    config: {
      siteUrl,
      redirectUrls: list(env['ADDITIONAL_REDIRECT_URLS']),
      corsOrigins: [...DEFAULT_CORS_ORIGINS, siteUrl, ...list(env['CORS_ORIGINS'])],
      jwtExpiry: int(env['JWT_EXPIRY'], 3600),
      mailerAutoconfirm: env['MAILER_AUTOCONFIRM'] === 'true',
      disableSignup: env['DISABLE_SIGNUP'] === 'true',
      anonymousSignIns: env['ANONYMOUS_SIGN_INS'] === 'true',
      requireApiKey: env['REQUIRE_API_KEY'] !== 'false',
      securePasswordChange: env['SECURE_PASSWORD_CHANGE'] === 'true',
      trustProxy: env['TRUST_PROXY'] === 'true',
      bookingMailsIntervalMs: int(
        env['BOOKING_MAILS_INTERVAL_MS'],
        DEFAULT_BOOKING_MAILS_INTERVAL_MS,
      ),
      pushIntervalMs:
        opt(env['VAPID_PUBLIC_KEY']) && opt(env['VAPID_PRIVATE_KEY'])
          ? int(env['PUSH_INTERVAL_MS'], DEFAULT_PUSH_INTERVAL_MS)
          : 0,
      logLevel: parseLogLevel(env['LOG_LEVEL']),
      backupKeep: Math.max(1, int(env['BACKUP_KEEP'], 7)),
      backupIntervalMs: int(env['BACKUP_INTERVAL_MS'], DEFAULT_BACKUP_INTERVAL_MS),
      auditRetentionDays: int(env['AUDIT_RETENTION_DAYS'], 0),
      noShowsIntervalMs: int(env['NO_SHOWS_INTERVAL_MS'], DEFAULT_NO_SHOWS_INTERVAL_MS),
      ...(opt(env['BACKUP_DIR'])
        ? { backupDir: path.resolve(opt(env['BACKUP_DIR']) as string) }
        : {}),
      ...(opt(env['BACKUP_KEY']) ? { backupKey: opt(env['BACKUP_KEY']) as string } : {}),
      ...(opt(env['BACKUP_COPY_DIR'])
        ? { backupCopyDir: path.resolve(opt(env['BACKUP_COPY_DIR']) as string) }
        : {}),
      ...(opt(env['BACKUP_S3_BUCKET'])
        ? { backupS3: s3SettingsFromEnv(env, 'BACKUP_S3', 'BACKUP_S3_BUCKET') }
        : {}),
      ...(opt(env['METRICS_TOKEN']) ? { metricsToken: opt(env['METRICS_TOKEN']) as string } : {}),
      ...(opt(env['AUTH_RATE_LIMITS'])
        ? { authRateLimits: parseAuthRateLimits(env['AUTH_RATE_LIMITS'] as string) }
        : {}),
      ...(timeouts ? { db: { statementTimeoutMs: timeouts } } : {}),
      ...(realtime ? { realtime } : {}),
      // DB_SCHEMAS=public,other and DB_AGGREGATES_ENABLED=true, as PostgREST's settings
      rest: {
        schemas: list(env['DB_SCHEMAS']),
        aggregates: env['DB_AGGREGATES_ENABLED'] === 'true',
      },
      // STORAGE_DRIVER, STORAGE_S3_* and STORAGE_ORPHAN_*: see storage/settings.ts
      storage: storageSettingsFromEnv(env),
    },
  };
}

// --- Several processes (cluster.ts) -----------------------------------------------------------

export interface ProcessSettings {
  /** WORKERS: how many processes serve the API on this machine (1: this process alone). */
  workers: number;
}

/**
 * WORKERS=<n> or WORKERS=auto (one per CPU core). More than one needs DATABASE_URL: PGlite is a
 * database inside one process, which other processes cannot open, so that stops the start.
 */
export function processSettings(
  env: NodeJS.ProcessEnv = process.env,
  cores = availableParallelism(),
): ProcessSettings {
  const raw = opt(env['WORKERS']);
  let workers = 1;
  if (raw === 'auto') workers = cores;
  else if (raw !== undefined) {
    if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > 256)
      throw new Error(`WORKERS must be a whole number from 1 to 256, or "auto" (got "${raw}")`);
    workers = Number(raw);
  }
  if (workers > 1 && !opt(env['DATABASE_URL']))
    throw new Error(
      `WORKERS=${raw} needs DATABASE_URL (PostgreSQL): without it the database is PGlite, which ` +
        `lives inside one process and cannot be shared by several; set DATABASE_URL or WORKERS=1`,
    );
  return { workers };
}
