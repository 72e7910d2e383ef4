const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside `container` while a modal panel is open: focus
 * moves to its first control, Tab and Shift+Tab wrap around, and Escape calls
 * `onEscape`. Returns the function that ends the trap.
 */
export function trapFocus(container: HTMLElement | null, onEscape: () => void): () => void {
  if (!container) return () => undefined;
  const focusables = () => Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  focusables()[0]?.focus();
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (!container.contains(active)) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
