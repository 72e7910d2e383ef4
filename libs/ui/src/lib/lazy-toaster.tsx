import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useToastStore } from './toast-store';

let toasterLoad: Promise<typeof import('./toast')> | null = null;
/** The toast UI's code, fetched once (a failed fetch is tried again by the next call). */
const loadToaster = () =>
  (toasterLoad ??= import('./toast').catch((error: unknown) => {
    toasterLoad = null;
    throw error;
  }));
const newRadixToaster = () => lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * Fetches the toast UI's code ahead of the first toast: pages that keep working
 * offline call it once they are shown, so a toast raised without a connection
 * can still appear.
 */
export function preloadToaster(): void {
  // the Toaster on the page is the shell's: its own code is fetched (an area's copy of
  // this module would fetch another)
  useToastStore.getState().preloadUi?.();
}

/**
 * A toast UI whose code could not be fetched (no connection) renders nothing, and
 * tries again when the browser is back online; the toasts wait in the store meanwhile.
 */
class RetryWhenOnline extends Component<
  { children: (attempt: number) => ReactNode },
  { failed: boolean; attempt: number }
> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  private readonly retry = () => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }));
  override componentDidUpdate(_: unknown, prev: { failed: boolean }) {
    if (this.state.failed && !prev.failed)
      window.addEventListener('online', this.retry, { once: true });
  }
  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }
  override render() {
    return this.state.failed ? null : this.props.children(this.state.attempt);
  }
}

let RadixToaster = newRadixToaster();
let loadedAttempt = 0;

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
  useEffect(() => {
    useToastStore.setState({ preloadUi: () => void loadToaster().catch(() => undefined) });
    return () => useToastStore.setState({ preloadUi: null });
  }, []);
  if (!wanted && !hasToast) return null;
  return (
    <RetryWhenOnline>
      {(attempt) => {
        // a lazy component keeps its failure: a new attempt needs a new one
        if (attempt !== loadedAttempt) {
          loadedAttempt = attempt;
          RadixToaster = newRadixToaster();
        }
        return (
          <Suspense fallback={null}>
            <RadixToaster />
          </Suspense>
        );
      }}
    </RetryWhenOnline>
  );
}
