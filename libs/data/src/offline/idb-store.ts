import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { QueuedAction, QueueStore } from './action-queue';

/**
 * The device's queue in IndexedDB (idb-keyval): one entry per action under its
 * client id, so two tabs adding and removing actions never overwrite each other.
 */
export function idbQueueStore(dbName = 'bistro-offline', storeName = 'actions'): QueueStore {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore(dbName, storeName));
  return {
    all: async () => {
      const rows = await values<QueuedAction>(db());
      return rows.filter(
        (a) =>
          typeof a?.id === 'string' && typeof a.kind === 'string' && typeof a.userId === 'string',
      );
    },
    put: (action) => set(action.id, action, db()),
    remove: (id) => del(id, db()),
  };
}

/** A queue store in memory: for tests, and where IndexedDB is missing. */
export function memoryQueueStore(initial: QueuedAction[] = []): QueueStore {
  const rows = new Map(initial.map((a) => [a.id, structuredClone(a)]));
  return {
    all: async () => [...rows.values()].map((a) => structuredClone(a)),
    put: async (action) => {
      rows.set(action.id, structuredClone(action));
    },
    remove: async (id) => {
      rows.delete(id);
    },
  };
}
