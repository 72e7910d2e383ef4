import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ManifestCache,
  appScriptsOf,
  hintTags,
  inlineConfigScript,
  ownerOf,
} from './page-hints.mjs';

/** A remote's mf-manifest.json as its build writes it (the fields read here). */
const manifest = (sync: string[], publicPath = 'auto') => ({
  metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'App', path: './App', assets: { js: { sync, async: ['9.1a2b3c4d.js'] } } }],
});

describe('inlineConfigScript', () => {
  it('is a JSON block nothing in the config can end or break out of', () => {
    const config = { supabase: { url: 'http://x.test', anonKey: '</script><!-- & \u2028 >' } };
    const tag = inlineConfigScript(config);
    expect(tag).toMatch(/^<script type="application\/json" id="runtime-config">/);
    const body = tag.slice(tag.indexOf('>') + 1, -'</script>'.length);
    expect(body).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(body)).toEqual(config);
  });
});

describe('ownerOf', () => {
  const owners = { '/': 'guest', '/song-requests': 'lounge', '/auth': 'shell' };

  it('finds the owner as the shell does, ignoring a trailing slash', () => {
    expect(ownerOf(owners, '/')).toBe('guest');
    expect(ownerOf(owners, '/song-requests/')).toBe('lounge');
    expect(ownerOf(owners, '/auth')).toBe('shell');
  });

  it('has none for unknown paths, inherited names included', () => {
    expect(ownerOf(owners, '/nowhere')).toBeNull();
    expect(ownerOf(owners, '/song-requests/1')).toBeNull();
    expect(ownerOf(owners, 'constructor')).toBeNull();
  });
});

describe('appScriptsOf', () => {
  const url = 'http://127.0.0.1:4202/mf-manifest.json';

  it('lists remoteEntry.js beside the manifest and the App chunks, not the lazy ones', () => {
    expect(appScriptsOf(url, manifest(['888.1a2b3c4d.js', 'App.1a2b3c4d.js']))).toEqual([
      'http://127.0.0.1:4202/remoteEntry.js',
      'http://127.0.0.1:4202/888.1a2b3c4d.js',
      'http://127.0.0.1:4202/App.1a2b3c4d.js',
    ]);
  });

  it('resolves chunks against a fixed publicPath', () => {
    expect(appScriptsOf(url, manifest(['App.1a2b3c4d.js'], 'https://cdn.test/lounge/'))).toEqual([
      'http://127.0.0.1:4202/remoteEntry.js',
      'https://cdn.test/lounge/App.1a2b3c4d.js',
    ]);
  });

  it('rejects a manifest without an App module', () => {
    expect(() => appScriptsOf(url, { exposes: [] })).toThrow(/no App module/);
    expect(() => appScriptsOf(url, 'not a manifest')).toThrow(/no App module/);
  });
});

describe('ManifestCache', () => {
  const url = 'http://127.0.0.1:4202/mf-manifest.json';

  it('fetches once while fresh, then serves the stale list while it refreshes', async () => {
    // The clock moves only when the test moves it: a slow machine cannot age the list twice.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let version = 1;
    const fetchImpl = vi.fn(async () => Response.json(manifest([`App.${version}0000000.js`])));
    const cache = new ManifestCache({ fetchImpl, freshMs: 60_000 });
    expect(await cache.scriptsOf(url)).toContain('http://127.0.0.1:4202/App.10000000.js');
    expect(await cache.scriptsOf(url)).toContain('http://127.0.0.1:4202/App.10000000.js');
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    version = 2;
    vi.setSystemTime(Date.now() + 60_001);
    expect(await cache.scriptsOf(url)).toContain('http://127.0.0.1:4202/App.10000000.js');
    await vi.waitFor(async () =>
      expect(await cache.scriptsOf(url)).toContain('http://127.0.0.1:4202/App.20000000.js'),
    );
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('means no hints when the remote fails, and waits no longer than its timeout', async () => {
    const failing = vi.fn(async () => new Response('down', { status: 502 }));
    const cache = new ManifestCache({ fetchImpl: failing });
    expect(await cache.scriptsOf(url)).toBeNull();
    // Remembered: the next pages do not ask again at once.
    expect(await cache.scriptsOf(url)).toBeNull();
    expect(failing).toHaveBeenCalledTimes(1);

    const hanging = vi.fn(() => new Promise<Response>(() => undefined));
    const slow = new ManifestCache({ fetchImpl: hanging, timeoutMs: 50 });
    const started = Date.now();
    expect(await slow.scriptsOf(url)).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("waits past its timeout for a server-rendered page's markup, not past the manifest", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchImpl = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const cache = new ManifestCache({ fetchImpl, timeoutMs: 10 });
    let markupReady: () => void = () => undefined;
    const markup = new Promise<void>((resolve) => (markupReady = resolve));
    const scripts = cache.scriptsOf(url, { until: markup });
    // the timeout has passed, the markup is not ready: the manifest still counts
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer(Response.json(manifest(['App.10000000.js'])));
    expect(await scripts).toContain('http://127.0.0.1:4202/App.10000000.js');

    // a manifest that never answers: the head leaves with the markup
    const hanging = new ManifestCache({
      fetchImpl: () => new Promise<Response>(() => undefined),
      timeoutMs: 10,
    });
    const late = hanging.scriptsOf(url, { until: markup });
    markupReady();
    expect(await late).toBeNull();
  });
});

describe('hintTags', () => {
  const config = {
    remotes: { lounge: 'http://127.0.0.1:4202/mf-manifest.json' },
    supabase: { url: 'http://127.0.0.1:54321/', anonKey: 'anon' },
  };
  const scripts = ['http://127.0.0.1:4202/remoteEntry.js', 'http://127.0.0.1:4202/App.1a2b3c4d.js'];

  it('preloads the scripts as classic scripts and preconnects to other origins', () => {
    expect(
      hintTags({
        pageOrigin: 'http://127.0.0.1:4200',
        config,
        scripts,
        remoteOrigin: 'http://127.0.0.1:4202',
      }),
    ).toBe(
      '<link rel="preconnect" href="http://127.0.0.1:54321" crossorigin>' +
        '<link rel="preconnect" href="http://127.0.0.1:4202">' +
        '<link rel="preload" as="script" href="http://127.0.0.1:4202/remoteEntry.js">' +
        '<link rel="preload" as="script" href="http://127.0.0.1:4202/App.1a2b3c4d.js">',
    );
  });

  it("leaves out origins that are the page's own", () => {
    expect(
      hintTags({
        pageOrigin: 'http://127.0.0.1:54321',
        config,
        scripts: null,
        remoteOrigin: 'http://127.0.0.1:54321',
      }),
    ).toBe('');
  });
});
