import { lazy, Suspense, useEffect, useState } from 'react';
import { useToastStore } from './toast-store';

const RadixToaster = lazy(() => import('./toast').then((m) => ({ default: m.Toaster })));

/**
 * The Toaster the shell renders: the toast UI (Radix Toast) is fetched with the
 * first toast, not on every first load. Once loaded it stays mounted.
 */
export function LazyToaster() {
  const hasToast = useToastStore((s) => s.toasts.length > 0);
  const [wanted, setWanted] = useState(hasToast);
  useEffect(() => {
    if (hasToast) setWanted(true);
  }, [hasToast]);
  if (!wanted && !hasToast) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
