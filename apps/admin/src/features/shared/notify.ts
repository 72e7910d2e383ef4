import { useEffect, useRef } from 'react';
import { toast } from '@bistro/ui';
import { adminLoadFailed, type ToastMessage } from '@bistro/data';

export function notify(message: ToastMessage): void {
  toast({
    title: message.title,
    ...(message.description ? { description: message.description } : {}),
    variant: message.variant,
  });
}

/** Toasts 'Error' / 'Failed to load admin data' once each time a load fails. */
export function useLoadErrorToast(isError: boolean, error?: unknown): void {
  const shown = useRef(false);
  useEffect(() => {
    if (isError && !shown.current) {
      shown.current = true;
      if (error) console.error('Admin data failed to load', error);
      notify(adminLoadFailed);
    }
    if (!isError) shown.current = false;
  }, [isError, error]);
}
