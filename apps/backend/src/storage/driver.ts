/** The BlobStore a backend's settings ask for. */
import path from 'node:path';
import type { Config } from '../config.js';
import { MemoryBlobStore, type BlobStore } from './blobs.js';
import { FsBlobStore } from './fs-store.js';
import { S3BlobStore } from './s3-store.js';
import { LOCAL_STORAGE, type StorageSettings } from './settings.js';

export function storageSettings(config: Pick<Config, 'storage'>): StorageSettings {
  return config.storage ?? LOCAL_STORAGE;
}

/** A backend's memory store, one per config: every part of that backend sees the same bytes. */
const memoryStores = new WeakMap<object, MemoryBlobStore>();

/** s3: the service; local: DATA_DIR/storage, or memory for a backend without a data folder. */
export function openBlobStore(config: Pick<Config, 'storage' | 'dataDir'>): BlobStore {
  const s = storageSettings(config);
  if (s.driver === 's3') {
    if (!s.s3) throw new Error('storage driver s3 without its settings');
    return new S3BlobStore(s.s3);
  }
  if (config.dataDir) return new FsBlobStore(path.join(config.dataDir, 'storage'));
  let memory = memoryStores.get(config);
  if (!memory) memoryStores.set(config, (memory = new MemoryBlobStore()));
  return memory;
}

const stores = new WeakMap<object, BlobStore>();

/**
 * The one byte store of a running backend's config: the storage API, the orphan sweep and
 * backups share it (an in-memory store is only seen through the same instance).
 */
export function blobStoreFor(config: Pick<Config, 'storage' | 'dataDir'>): BlobStore {
  let store = stores.get(config);
  if (!store) {
    store = openBlobStore(config);
    stores.set(config, store);
  }
  return store;
}
