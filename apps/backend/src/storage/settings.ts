/**
 * Where /storage/v1 keeps object bytes, from the environment:
 *   STORAGE_DRIVER                 local (default: DATA_DIR/storage) or s3
 *   STORAGE_S3_ENDPOINT            the service's URL; unset: AWS S3 in STORAGE_S3_REGION
 *   STORAGE_S3_REGION              default us-east-1 (R2: auto)
 *   STORAGE_S3_BUCKET              required with s3
 *   STORAGE_S3_ACCESS_KEY_ID       required with s3
 *   STORAGE_S3_SECRET_ACCESS_KEY   required with s3
 *   STORAGE_S3_SESSION_TOKEN       temporary credentials only
 *   STORAGE_S3_FORCE_PATH_STYLE    true: <endpoint>/<bucket>/<key>; false: <bucket>.<host>/<key>;
 *                                  default true when STORAGE_S3_ENDPOINT is set, else false
 *   STORAGE_S3_PREFIX              put every key under this folder, e.g. bistro/
 *   STORAGE_S3_TIMEOUT_MS          how long the service may take to answer (default 10000)
 *   STORAGE_ORPHAN_SWEEP_INTERVAL_MS  how often bytes without a row are removed (default one
 *                                  hour; 0 = never)
 *   STORAGE_ORPHAN_GRACE_MS        bytes younger than this are left alone (default 15 minutes)
 * Anything malformed stops the start: a typo must not silently store uploads somewhere else.
 */

export interface S3Settings {
  /** Base URL (may carry a path, e.g. Supabase's .../storage/v1/s3); undefined: AWS. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  forcePathStyle: boolean;
  /** '' or a folder ending in '/'. */
  prefix: string;
  timeoutMs: number;
}

export interface StorageSettings {
  driver: 'local' | 's3';
  s3?: S3Settings;
  /** How often bytes that no row claims are looked for and removed (ms); 0 = never. */
  orphanSweepIntervalMs: number;
  /** Bytes written less than this long ago are never swept (ms). */
  orphanGraceMs: number;
}

export const DEFAULT_S3_TIMEOUT_MS = 10_000;
export const DEFAULT_ORPHAN_SWEEP_INTERVAL_MS = 3_600_000;
export const DEFAULT_ORPHAN_GRACE_MS = 900_000;

/** The settings of a backend that was given none: local bytes, no sweep (tests). */
export const LOCAL_STORAGE: StorageSettings = {
  driver: 'local',
  orphanSweepIntervalMs: 0,
  orphanGraceMs: DEFAULT_ORPHAN_GRACE_MS,
};

export function storageSettingsFromEnv(env: NodeJS.ProcessEnv): StorageSettings {
  const get = (name: string): string | undefined => env[name] || undefined;
  const fail = (what: string): never => {
    throw new Error(what);
  };
  const ms = (name: string, d: number): number => {
    const v = get(name);
    if (v === undefined) return d;
    if (!/^[0-9]+$/.test(v)) fail(`${name} must be a whole number of milliseconds`);
    return Number(v);
  };
  const driver = get('STORAGE_DRIVER') ?? 'local';
  if (driver !== 'local' && driver !== 's3') fail('STORAGE_DRIVER must be local or s3');
  const out: StorageSettings = {
    driver: driver as StorageSettings['driver'],
    orphanSweepIntervalMs: ms('STORAGE_ORPHAN_SWEEP_INTERVAL_MS', DEFAULT_ORPHAN_SWEEP_INTERVAL_MS),
    orphanGraceMs: ms('STORAGE_ORPHAN_GRACE_MS', DEFAULT_ORPHAN_GRACE_MS),
  };
  if (driver !== 's3') return out;
  out.s3 = s3SettingsFromEnv(env, 'STORAGE_S3', 'STORAGE_DRIVER=s3');
  return out;
}

/**
 * The settings of an S3-compatible service from `<name>_ENDPOINT`, `_REGION`, `_BUCKET`,
 * `_ACCESS_KEY_ID`, `_SECRET_ACCESS_KEY`, `_SESSION_TOKEN`, `_FORCE_PATH_STYLE`, `_PREFIX` and
 * `_TIMEOUT_MS` (STORAGE_S3_* for the stored files, BACKUP_S3_* for the backups' copy).
 * `needs` names what requires them, for the error when one is missing.
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv, name: string, needs: string): S3Settings {
  const get = (key: string): string | undefined => env[`${name}_${key}`] || undefined;
  const fail = (what: string): never => {
    throw new Error(what);
  };
  const required = (key: string): string => get(key) ?? fail(`${needs} needs ${name}_${key}`);
  const endpoint = get('ENDPOINT');
  if (endpoint !== undefined) {
    let u: URL | undefined;
    try {
      u = new URL(endpoint);
    } catch {
      u = undefined;
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash)
      fail(`${name}_ENDPOINT must be an http(s) URL without query or fragment`);
  }
  const bucket = required('BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    fail(`${name}_BUCKET is not a valid bucket name`);
  const prefix = (get('PREFIX') ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9_./-]+$/.test(prefix))
    fail(`${name}_PREFIX may hold letters, digits, _ . - and /`);
  const timeoutText = get('TIMEOUT_MS');
  if (timeoutText !== undefined && !/^[0-9]+$/.test(timeoutText))
    fail(`${name}_TIMEOUT_MS must be a whole number of milliseconds`);
  const timeoutMs = timeoutText === undefined ? DEFAULT_S3_TIMEOUT_MS : Number(timeoutText);
  if (timeoutMs === 0) fail(`${name}_TIMEOUT_MS must be at least 1 (no request may wait forever)`);
  const pathStyle = get('FORCE_PATH_STYLE');
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false')
    fail(`${name}_FORCE_PATH_STYLE must be true or false`);
  const sessionToken = get('SESSION_TOKEN');
  return {
    endpoint,
    region: get('REGION') ?? 'us-east-1',
    bucket,
    accessKeyId: required('ACCESS_KEY_ID'),
    secretAccessKey: required('SECRET_ACCESS_KEY'),
    ...(sessionToken ? { sessionToken } : {}),
    forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
    prefix: prefix ? `${prefix}/` : '',
    timeoutMs,
  };
}
