import { describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  DEFAULTS,
  REPO_ROOT,
  appConfig,
  loadEnv,
  parseAuthRateLimits,
  parseDefaults,
} from './config.js';

describe('config', () => {
  it('takes host, data folder and ports from config/defaults.json when the environment is empty', () => {
    const env = loadEnv({});
    expect(env.port).toBe(DEFAULTS.ports.api);
    expect(env.inboxPort).toBe(DEFAULTS.ports.inbox);
    expect(env.host).toBe(DEFAULTS.host);
    expect(env.dataDir).toBe(path.join(REPO_ROOT, DEFAULTS.dataDir));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.config.corsOrigins).toContain(`http://localhost:${DEFAULTS.ports.admin}`);
  });

  it('reads the environment: PORT over API_PORT, lists, flags; malformed numbers fall back', () => {
    const env = loadEnv({
      API_PORT: '6000',
      INBOX_PORT: '12abc',
      DATABASE_URL: '',
      SITE_URL: 'https://bistro.example',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      JWT_EXPIRY: '600',
      MAILER_AUTOCONFIRM: 'true',
      TRUST_PROXY: 'yes',
    });
    expect(env.port).toBe(6000);
    expect(env.inboxPort).toBe(DEFAULTS.ports.inbox);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.config).toMatchObject({
      siteUrl: 'https://bistro.example',
      jwtExpiry: 600,
      mailerAutoconfirm: true,
      trustProxy: false,
    });
    expect(env.config.corsOrigins.slice(-3)).toEqual([
      'https://bistro.example',
      'https://a.example',
      'https://b.example',
    ]);
    expect(loadEnv({ PORT: '7000', API_PORT: '6000' }).port).toBe(7000);
  });

  it('refuses a defaults file with a missing or mistyped field', () => {
    expect(() => parseDefaults({ host: '127.0.0.1', dataDir: '.data', ports: {} })).toThrow(
      /ports\.shell/,
    );
    expect(() => parseDefaults({ ...DEFAULTS, host: 1 })).toThrow(/host/);
    expect(() => parseDefaults({ ...DEFAULTS, ports: { ...DEFAULTS.ports, api: 70000 } })).toThrow(
      /ports\.api/,
    );
  });

  it('completes the app config from overrides', () => {
    const c = appConfig(
      { apiUrl: 'http://x', dataDir: undefined, supabaseDir: '/s' },
      { jwtExpiry: 60 },
    );
    expect(c).toMatchObject({ apiUrl: 'http://x', jwtExpiry: 60, trustProxy: false });
    expect(c.maxUploadBytes).toBeGreaterThan(c.maxBodyBytes);
  });

  it('reads AUTH_RATE_LIMITS as JSON and refuses a malformed value', () => {
    const rules = loadEnv({
      AUTH_RATE_LIMITS: '{"perIp":{"recover":{"max":300,"windowMs":300000}}}',
    }).config.authRateLimits;
    expect(rules).toEqual({ perIp: { recover: { max: 300, windowMs: 300000 } } });
    expect(loadEnv({}).config.authRateLimits).toBeUndefined();
    expect(() => parseAuthRateLimits('{"perIp":{"recovr":{"max":1,"windowMs":1}}}')).toThrow(
      /recovr/,
    );
    expect(() => parseAuthRateLimits('{"perIp":{"recover":{"max":"1"}}}')).toThrow(/recover/);
    expect(() => parseAuthRateLimits('[1]')).toThrow(/object/);
    expect(() => parseAuthRateLimits('nope')).toThrow(/JSON/);
  });

  it('reads statement timeouts per role from the environment', () => {
    expect(
      loadEnv({ DB_STATEMENT_TIMEOUT_ANON_MS: '1500', DB_STATEMENT_TIMEOUT_INTERNAL_MS: '0' })
        .config.db,
    ).toEqual({ statementTimeoutMs: { anon: 1500, internal: 0 } });
    expect(loadEnv({}).config.db).toBeUndefined();
    expect(() => loadEnv({ DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS: '8s' })).toThrow(
      /DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS/,
    );
  });

  it('reads the backup bucket from BACKUP_S3_* and names a missing setting', () => {
    expect(loadEnv({}).config.backupS3).toBeUndefined();
    expect(
      loadEnv({
        BACKUP_S3_BUCKET: 'venue-backups',
        BACKUP_S3_ENDPOINT: 'https://s3.example.test',
        BACKUP_S3_ACCESS_KEY_ID: 'id',
        BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
        BACKUP_S3_PREFIX: '/nightly/',
      }).config.backupS3,
    ).toMatchObject({
      bucket: 'venue-backups',
      endpoint: 'https://s3.example.test',
      forcePathStyle: true,
      prefix: 'nightly/',
      region: 'us-east-1',
    });
    expect(() => loadEnv({ BACKUP_S3_BUCKET: 'venue-backups' })).toThrow(
      'BACKUP_S3_BUCKET needs BACKUP_S3_ACCESS_KEY_ID',
    );
    expect(() =>
      loadEnv({
        BACKUP_S3_BUCKET: 'venue-backups',
        BACKUP_S3_ACCESS_KEY_ID: 'id',
        BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
        BACKUP_S3_TIMEOUT_MS: '0',
      }),
    ).toThrow('BACKUP_S3_TIMEOUT_MS must be at least 1');
  });

  it('sends Web Push only with both VAPID keys, every 5 s unless PUSH_INTERVAL_MS says', () => {
    expect(loadEnv({}).config.pushIntervalMs).toBe(0);
    expect(loadEnv({ VAPID_PUBLIC_KEY: 'pub' }).config.pushIntervalMs).toBe(0);
    const keys = { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' };
    expect(loadEnv(keys).config.pushIntervalMs).toBe(5_000);
    expect(loadEnv({ ...keys, PUSH_INTERVAL_MS: '0' }).config.pushIntervalMs).toBe(0);
  });

  it('reads the Realtime limits per client address from the environment', () => {
    expect(
      loadEnv({
        REALTIME_MAX_SOCKETS_PER_IP: '40',
        REALTIME_MAX_JOINS_PER_SECOND_PER_IP: '10',
        REALTIME_AUTH_CACHE_MS: '0',
        REALTIME_MAX_AUTHORIZATIONS_PER_SECOND_PER_IP: '4',
        REALTIME_RETENTION_SECONDS: '60',
      }).config.realtime,
    ).toEqual({
      maxSocketsPerIp: 40,
      maxJoinsPerSecondPerIp: 10,
      authCacheMs: 0,
      maxAuthorizationsPerSecondPerIp: 4,
      retentionSeconds: 60,
    });
    expect(loadEnv({}).config.realtime).toBeUndefined();
    expect(() => loadEnv({ REALTIME_MAX_SOCKETS_PER_IP: 'lots' })).toThrow(
      /REALTIME_MAX_SOCKETS_PER_IP/,
    );
  });
});
