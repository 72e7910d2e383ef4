import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteName } from '@bistro/ui';
import { queryClient } from '@bistro/data';
import {
  appScriptsOf,
  connectionIsFrugal,
  ownersOf,
  prefetchArea,
  warmAreasWhenIdle,
} from './warm-areas';

// The MF runtime is replaced: each test registers the remotes at URLs of its
// own, and the area load of the page in view is a promise the test settles.
let run = 0;
const requested = new Set<RemoteName>();
let finishPageLoad: () => void = () => undefined;
let pageLoad: Promise<void> = Promise.resolve();
const manifestOf = (name: RemoteName) => `http://${name}.test/run-${run}/mf-manifest.json`;
vi.mock('./federation', () => ({
  remoteUrlsOf: (name: RemoteName) => ({
    manifest: manifestOf(name),
    entry: new URL('remoteEntry.js', manifestOf(name)).href,
  }),
  areaRequested: (name: RemoteName) => requested.has(name),
  areaLoadsSettled: () => pageLoad,
}));

/** A remote's manifest as its build writes it (the fields read here). */
const manifest = (sync: string[], publicPath = 'auto') => ({
  metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'App', path: './App', assets: { js: { sync, async: ['lazy.1a2b3c4d.js'] } } }],
});

/** The remotes whose manifests were fetched, and every URL prefetched, in order. */
let manifestsFetched: string[] = [];
let prefetchedUrls: string[] = [];
let observer: MutationObserver;

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

const warmed = () =>
  manifestsFetched.map((url) => new URL(url).hostname.replace('.test', '') as RemoteName);

beforeEach(() => {
  run += 1;
  requested.clear();
  manifestsFetched = [];
  prefetchedUrls = [];
  pageLoad = new Promise((resolve) => (finishPageLoad = resolve));
  setConnection(undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      manifestsFetched.push(url);
      return Response.json(manifest(['888.1a2b3c4d.js', '__federation_expose_App.1a2b3c4d.js']));
    }),
  );
  // jsdom loads no <link>: the test answers each prefetch as the browser would.
  observer = new MutationObserver((records) => {
    for (const node of records.flatMap((r) => [...r.addedNodes])) {
      if (node instanceof HTMLLinkElement && node.rel === 'prefetch') {
        prefetchedUrls.push(node.href);
        node.dispatchEvent(new Event('load'));
      }
    }
  });
  observer.observe(document.head, { childList: true });
});
afterEach(() => {
  observer.disconnect();
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link[rel="prefetch"]').forEach((link) => link.remove());
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

describe('appScriptsOf', () => {
  const entry = 'https://cdn.test/lounge/remoteEntry.js';

  it('lists the entry and the App chunks beside it, not the lazy ones', () => {
    expect(appScriptsOf(entry, manifest(['888.1a2b3c4d.js', 'App.1a2b3c4d.js']))).toEqual([
      entry,
      'https://cdn.test/lounge/888.1a2b3c4d.js',
      'https://cdn.test/lounge/App.1a2b3c4d.js',
    ]);
  });

  it('resolves chunks against a fixed publicPath', () => {
    expect(appScriptsOf(entry, manifest(['App.1a2b3c4d.js'], 'https://static.test/v2/'))).toEqual([
      entry,
      'https://static.test/v2/App.1a2b3c4d.js',
    ]);
  });

  it('rejects a manifest without an App module', () => {
    expect(() => appScriptsOf(entry, { exposes: [] })).toThrow(/no App module/);
    expect(() => appScriptsOf(entry, null)).toThrow(/no App module/);
  });
});

describe('prefetchArea', () => {
  it('downloads the entry and App chunks as prefetches, running no script', async () => {
    await prefetchArea('lounge');
    const base = new URL('.', manifestOf('lounge')).href;
    expect(prefetchedUrls).toEqual([
      `${base}remoteEntry.js`,
      `${base}888.1a2b3c4d.js`,
      `${base}__federation_expose_App.1a2b3c4d.js`,
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    // Once per page.
    await prefetchArea('lounge');
    expect(manifestsFetched).toHaveLength(1);
  });

  it('leaves an area already loading alone', async () => {
    requested.add('games');
    await prefetchArea('games');
    expect(manifestsFetched).toEqual([]);
    expect(prefetchedUrls).toEqual([]);
  });

  it('forgets a failed manifest, so a later warm-up tries again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        manifestsFetched.push(url);
        return new Response('down', { status: 502 });
      }),
    );
    await prefetchArea('games');
    await prefetchArea('games');
    expect(manifestsFetched).toHaveLength(2);
    expect(prefetchedUrls).toEqual([]);
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
    expect(warmed()).toEqual([]);
    finishPageLoad();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warmed()).toEqual([]);
    releaseData('ready');
    await done;
    expect(warmed()).toEqual(['lounge', 'games']);
    expect(prefetchedUrls).toHaveLength(6);
  });

  it('warms nothing on a save-data connection', async () => {
    setConnection({ saveData: true });
    finishPageLoad();
    await warmAreasWhenIdle(['lounge', 'games'], new AbortController().signal);
    expect(warmed()).toEqual([]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const done = warmAreasWhenIdle(['lounge'], controller.signal);
    controller.abort();
    finishPageLoad();
    await expect(done).rejects.toBeDefined();
    expect(warmed()).toEqual([]);
  });
});
