import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ActionQueue, type QueueEvent, type QueuedAction } from './action-queue';
import { idbQueueStore, memoryQueueStore } from './idb-store';

let queue: ActionQueue | null = null;

/**
 * The page's one queue of actions kept offline (libs/data is a Module Federation
 * singleton, so every area of the page shares it), stored in IndexedDB and sent
 * again whenever the browser comes back online.
 */
export function getActionQueue(): ActionQueue {
  if (!queue) {
    const store = typeof indexedDB === 'undefined' ? memoryQueueStore() : idbQueueStore();
    queue = new ActionQueue({ store });
    if (typeof window !== 'undefined') queue.listen(window);
  }
  return queue;
}

/**
 * The signed-in member's actions waiting on this device, oldest first; binds the
 * queue to the member (their actions kept from before are sent at once).
 */
export function useQueuedActions(userId: string | undefined): readonly QueuedAction[] {
  const q = getActionQueue();
  useEffect(() => {
    q.setUser(userId ?? null);
    void q.load();
  }, [q, userId]);
  return useSyncExternalStore(q.subscribe, q.getSnapshot, q.getSnapshot);
}

/** Hears actions sent or refused in the background (the latest listener is called). */
export function useActionQueueEvents(listener: (event: QueueEvent) => void): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => getActionQueue().onEvent((event) => ref.current(event)), []);
}
