import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteName } from '@bistro/ui';
import { queryClient } from '@bistro/data';
import { connectionIsFrugal, ownersOf, warmAreasWhenIdle } from './warm-areas';

// The MF runtime is replaced: warmArea records what would be fetched, and the
// area load of the page in view is a promise the test settles.
const warmed: RemoteName[] = [];
let finishPageLoad: () => void = () => undefined;
let pageLoad: Promise<void> = Promise.resolve();
vi.mock('./federation', () => ({
  warmArea: async (name: RemoteName) => {
    warmed.push(name);
  },
  areaLoadsSettled: () => pageLoad,
}));

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

beforeEach(() => {
  warmed.length = 0;
  pageLoad = new Promise((resolve) => (finishPageLoad = resolve));
  setConnection(undefined);
});
afterEach(() => {
  queryClient.clear();
});

describe('ownersOf', () => {
  it('lists the remotes behind the paths once each, leaving out the shell', () => {
    expect(ownersOf(['/', '/games', '/song-requests', '/auth', '/events', '/admin'])).toEqual([
      'guest',
      'lounge',
      'games',
      'admin',
    ]);
    expect(ownersOf(['/auth', '/nowhere'])).toEqual([]);
  });
});

describe('connectionIsFrugal', () => {
  it('holds on save-data and on 2g, not on 4g or without the API', () => {
    expect(connectionIsFrugal()).toBe(false);
    setConnection({ saveData: true, effectiveType: '4g' });
    expect(connectionIsFrugal()).toBe(true);
    setConnection({ saveData: false, effectiveType: 'slow-2g' });
    expect(connectionIsFrugal()).toBe(true);
    setConnection({ saveData: false, effectiveType: '2g' });
    expect(connectionIsFrugal()).toBe(true);
    setConnection({ saveData: false, effectiveType: '4g' });
    expect(connectionIsFrugal()).toBe(false);
  });
});

describe('warmAreasWhenIdle', () => {
  it('waits for the page in view to load and its data to arrive, then warms each area', async () => {
    let releaseData: (value: string) => void = () => undefined;
    void queryClient.fetchQuery({
      queryKey: ['page-data'],
      queryFn: () => new Promise<string>((resolve) => (releaseData = resolve)),
    });
    const done = warmAreasWhenIdle(['lounge', 'games'], new AbortController().signal);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warmed).toEqual([]);
    finishPageLoad();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warmed).toEqual([]);
    releaseData('ready');
    await done;
    expect(warmed).toEqual(['lounge', 'games']);
  });

  it('warms nothing on a save-data connection', async () => {
    setConnection({ saveData: true });
    finishPageLoad();
    await warmAreasWhenIdle(['lounge', 'games'], new AbortController().signal);
    expect(warmed).toEqual([]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const done = warmAreasWhenIdle(['lounge'], controller.signal);
    controller.abort();
    finishPageLoad();
    await expect(done).rejects.toBeDefined();
    expect(warmed).toEqual([]);
  });

  it('with quietMs, waits until the page has gone that long without a long task', async () => {
    const longTask = { notify: () => undefined as void };
    class FakeObserver {
      constructor(callback: () => void) {
        longTask.notify = callback;
      }
      observe = vi.fn();
      disconnect = vi.fn();
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      finishPageLoad();
      const done = warmAreasWhenIdle(['games'], new AbortController().signal, { quietMs: 400 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(warmed).toEqual([]);
      // a long task (the page still busy) starts the quiet count again
      longTask.notify();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(warmed).toEqual([]);
      await done;
      expect(warmed).toEqual(['games']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
