import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * True in the browser's own renders; false on the server and while the browser
 * hydrates the server's markup (what only the browser knows, such as the
 * visitor's clock, or what the server never renders, such as an open dialog,
 * comes in the render right after).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
