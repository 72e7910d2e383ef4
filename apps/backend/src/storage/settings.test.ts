import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config.js';
import {
  DEFAULT_ORPHAN_GRACE_MS,
  DEFAULT_ORPHAN_SWEEP_INTERVAL_MS,
  storageSettingsFromEnv,
} from './settings.js';

const S3 = {
  STORAGE_DRIVER: 's3',
  STORAGE_S3_BUCKET: 'bistro-files',
  STORAGE_S3_ACCESS_KEY_ID: 'AKID',
  STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
};

describe('storage settings from the environment', () => {
  it('defaults to the local folder, swept hourly', () => {
    expect(storageSettingsFromEnv({})).toEqual({
      driver: 'local',
      orphanSweepIntervalMs: DEFAULT_ORPHAN_SWEEP_INTERVAL_MS,
      orphanGraceMs: DEFAULT_ORPHAN_GRACE_MS,
    });
    expect(loadEnv({}).config.storage?.driver).toBe('local');
    expect(loadEnv({ STORAGE_ORPHAN_SWEEP_INTERVAL_MS: '0' }).config.storage).toMatchObject({
      orphanSweepIntervalMs: 0,
    });
  });

  it('reads an S3 service: AWS by region, or an endpoint with path-style keys by default', () => {
    expect(storageSettingsFromEnv({ ...S3, STORAGE_S3_REGION: 'eu-central-1' }).s3).toEqual({
      endpoint: undefined,
      region: 'eu-central-1',
      bucket: 'bistro-files',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
      timeoutMs: 10_000,
    });
    const minio = storageSettingsFromEnv({
      ...S3,
      STORAGE_S3_ENDPOINT: 'http://minio:9000',
      STORAGE_S3_PREFIX: '/bistro/prod/',
      STORAGE_S3_TIMEOUT_MS: '2500',
      STORAGE_S3_SESSION_TOKEN: 'tok',
    }).s3;
    expect(minio).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'bistro/prod/',
      timeoutMs: 2500,
      sessionToken: 'tok',
    });
    expect(
      storageSettingsFromEnv({
        ...S3,
        STORAGE_S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
        STORAGE_S3_FORCE_PATH_STYLE: 'false',
      }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it('stops the start on anything malformed or missing', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ STORAGE_DRIVER: 'S3' }, /STORAGE_DRIVER must be local or s3/],
      [{ ...S3, STORAGE_S3_BUCKET: '' }, /needs STORAGE_S3_BUCKET/],
      [{ ...S3, STORAGE_S3_ACCESS_KEY_ID: '' }, /needs STORAGE_S3_ACCESS_KEY_ID/],
      [{ ...S3, STORAGE_S3_SECRET_ACCESS_KEY: '' }, /needs STORAGE_S3_SECRET_ACCESS_KEY/],
      [{ ...S3, STORAGE_S3_BUCKET: 'Bad_Bucket' }, /not a valid bucket name/],
      [{ ...S3, STORAGE_S3_ENDPOINT: 'minio:9000' }, /must be an http\(s\) URL/],
      [{ ...S3, STORAGE_S3_ENDPOINT: 'http://minio:9000/?x=1' }, /without query/],
      [{ ...S3, STORAGE_S3_FORCE_PATH_STYLE: 'yes' }, /must be true or false/],
      [{ ...S3, STORAGE_S3_TIMEOUT_MS: '10s' }, /whole number of milliseconds/],
      [{ ...S3, STORAGE_S3_TIMEOUT_MS: '0' }, /at least 1/],
      [{ ...S3, STORAGE_S3_PREFIX: 'a b' }, /STORAGE_S3_PREFIX may hold/],
      [{ STORAGE_ORPHAN_GRACE_MS: '-1' }, /STORAGE_ORPHAN_GRACE_MS must be/],
    ];
    for (const [env, message] of bad) {
      expect(() => storageSettingsFromEnv(env), JSON.stringify(env)).toThrow(message);
      expect(() => loadEnv(env)).toThrow(message);
    }
  });
});
