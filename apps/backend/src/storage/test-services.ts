/**
 * For tests: the storage drivers to run a suite against, and what each needs. `s3` starts
 * s3rver (a fake S3 server) on a free port with a temporary folder, so the S3 driver's requests
 * (signing, paths, ranges, copies, listing) really go over HTTP.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings, StorageSettings } from './settings.js';
import { LOCAL_STORAGE } from './settings.js';

export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

export const S3_TEST_BUCKET = 'bistro-test';

export interface TestStorage {
  settings: StorageSettings;
  close(): Promise<void>;
}

/** S3 settings for a service at `endpoint` (s3rver's fixed credentials). */
export function s3Settings(endpoint: string, overrides: Partial<S3Settings> = {}): S3Settings {
  return {
    endpoint,
    region: 'us-east-1',
    bucket: S3_TEST_BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'objects/',
    timeoutMs: 5_000,
    ...overrides,
  };
}

/** s3rver on 127.0.0.1 with an empty bucket, in a temporary folder removed on close. */
export async function startS3rver(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bistro-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const addr = await server.run();
  return {
    endpoint: `http://127.0.0.1:${addr.port}`,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The storage settings for a suite on `driver` (local: the backend's data folder or memory). */
export async function testStorage(driver: StorageDriverName): Promise<TestStorage> {
  if (driver === 'local') return { settings: LOCAL_STORAGE, close: async () => undefined };
  const s3 = await startS3rver();
  return {
    settings: { ...LOCAL_STORAGE, driver: 's3', s3: s3Settings(s3.endpoint) },
    close: () => s3.close(),
  };
}

/**
 * A TCP server that accepts connections and never answers (a service that hangs), and the
 * URL of a port nothing listens on (a service that is down).
 */
export async function deadEndpoints(): Promise<{
  hanging: string;
  closed: string;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const listen = (s: Server) =>
    new Promise<number>((resolve) =>
      s.listen(0, '127.0.0.1', () => resolve((s.address() as { port: number }).port)),
    );
  const hanging = createServer((sock) => {
    sockets.add(sock);
    sock.on('error', () => undefined);
  });
  const probe = createServer();
  const hangPort = await listen(hanging);
  const closedPort = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return {
    hanging: `http://127.0.0.1:${hangPort}`,
    closed: `http://127.0.0.1:${closedPort}`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    },
  };
}
