import { useState } from 'react';
import { VisuallyHidden } from './primitives';
import { useToastStore } from './toast-store';

/**
 * A live region for a modal (a dialog, the phone menu). A modal hides the rest
 * of the page from screen readers (aria-modal, aria-hidden on everything
 * outside), the toast region included, so the toasts posted while it is open
 * are repeated here, inside it: errors as alerts, the rest as status.
 * Only toasts posted after the modal opened are read.
 */
export function ToastAnnouncer() {
  const [firstId] = useState(() => {
    const toasts = useToastStore.getState().toasts;
    return (toasts.at(-1)?.id ?? 0) + 1;
  });
  const toasts = useToastStore((s) => s.toasts);
  const fresh = toasts.filter((t) => t.id >= firstId && t.open);
  const text = (t: (typeof fresh)[number]) =>
    t.description ? `${t.title}. ${t.description}` : t.title;
  return (
    <>
      <VisuallyHidden as="div" role="alert" data-toast-announcer="alert">
        {fresh
          .filter((t) => t.variant === 'destructive')
          .map((t) => (
            <p key={t.id}>{text(t)}</p>
          ))}
      </VisuallyHidden>
      <VisuallyHidden as="div" role="status" data-toast-announcer="status">
        {fresh
          .filter((t) => t.variant !== 'destructive')
          .map((t) => (
            <p key={t.id}>{text(t)}</p>
          ))}
      </VisuallyHidden>
    </>
  );
}
