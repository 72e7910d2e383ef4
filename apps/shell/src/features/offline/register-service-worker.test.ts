import { registerServiceWorker } from './register-service-worker';

/** A window stand-in: its load event, idle callbacks and service worker container. */
function fakeWindow(opts: { readyState: DocumentReadyState; onLine: boolean; secure?: boolean }) {
  const listeners = new Map<string, () => void>();
  const idle: (() => void)[] = [];
  const postMessage = vi.fn();
  const register = vi.fn(async () => ({}));
  const win = {
    isSecureContext: opts.secure ?? true,
    document: { readyState: opts.readyState },
    navigator: {
      onLine: opts.onLine,
      serviceWorker: { register, ready: Promise.resolve({ active: { postMessage } }) },
    },
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
  };
  return {
    win: win as unknown as Window,
    register,
    postMessage,
    fireLoad: () => listeners.get('load')?.(),
    runIdle: () => idle.splice(0).forEach((fn) => fn()),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registerServiceWorker', () => {
  it('waits for the load event and an idle moment, then registers and asks for a snapshot', async () => {
    const w = fakeWindow({ readyState: 'loading', onLine: true });
    registerServiceWorker(w.win);
    w.runIdle();
    expect(w.register).not.toHaveBeenCalled();
    w.fireLoad();
    expect(w.register).not.toHaveBeenCalled();
    w.runIdle();
    await settle();
    expect(w.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(w.postMessage).toHaveBeenCalledWith({ type: 'snapshot' });
  });

  it('keeps the snapshot it has when the page was opened offline', async () => {
    const w = fakeWindow({ readyState: 'complete', onLine: false });
    registerServiceWorker(w.win);
    w.runIdle();
    await settle();
    expect(w.register).toHaveBeenCalled();
    expect(w.postMessage).not.toHaveBeenCalled();
  });

  it('does nothing on an insecure origin, where service workers are not allowed', () => {
    const w = fakeWindow({ readyState: 'complete', onLine: true, secure: false });
    registerServiceWorker(w.win);
    w.runIdle();
    expect(w.register).not.toHaveBeenCalled();
  });
});
