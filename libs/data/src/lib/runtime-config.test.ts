import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchRuntimeConfig,
  inlineRuntimeConfigId,
  loadRuntimeConfig,
  parseRuntimeConfig,
  readInlineRuntimeConfig,
  RuntimeConfigError,
} from './runtime-config';

const remotes = {
  guest: 'http://127.0.0.1:4201/mf-manifest.json',
  lounge: 'http://127.0.0.1:4202/mf-manifest.json',
  games: 'https://games.example.com/mf-manifest.json',
  admin: 'http://127.0.0.1:4204/mf-manifest.json',
};

describe('runtime config', () => {
  it('accepts remote manifest URLs with an optional backend', () => {
    expect(parseRuntimeConfig({ remotes }).remotes.games).toBe(remotes.games);
    const withBackend = parseRuntimeConfig({
      remotes,
      supabase: { url: 'http://127.0.0.1:54321', anonKey: 'key' },
    });
    expect(withBackend.supabase?.anonKey).toBe('key');
  });

  it('rejects a missing remote or a non-URL with a readable message', () => {
    const { admin: _admin, ...missingAdmin } = remotes;
    expect(() => parseRuntimeConfig({ remotes: missingAdmin })).toThrow(/remotes\.admin/);
    expect(() => parseRuntimeConfig({ remotes: { ...remotes, guest: 'not a url' } })).toThrow(
      RuntimeConfigError,
    );
    expect(() =>
      parseRuntimeConfig({ remotes, supabase: { url: 'http://x.test', anonKey: '' } }),
    ).toThrow(/supabase\.anonKey/);
  });

  it('reports an HTTP failure of config.json', async () => {
    const failing = async () => new Response('nope', { status: 404 });
    await expect(fetchRuntimeConfig('/config.json', failing)).rejects.toThrow(/HTTP 404/);
    const ok = async () => Response.json({ remotes });
    await expect(fetchRuntimeConfig('/config.json', ok)).resolves.toEqual({ remotes });
  });

  describe('inline in the page', () => {
    afterEach(() => document.getElementById(inlineRuntimeConfigId)?.remove());

    /** The block the web server writes: JSON with `<` escaped. */
    function inline(text: string) {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = inlineRuntimeConfigId;
      script.textContent = text;
      document.head.append(script);
    }

    it('is read from the page, with no request', async () => {
      const supabase = { url: 'http://127.0.0.1:54321', anonKey: 'a</script><!--' };
      inline(JSON.stringify({ remotes, supabase }).replace(/</g, '\\u003c'));
      const fetchImpl = vi.fn(fetch);
      const config = await loadRuntimeConfig('/config.json', { fetchImpl });
      expect(config).toEqual({ remotes, supabase });
      expect(fetchImpl).not.toHaveBeenCalled();
    });

    it('is validated as a fetched one', async () => {
      inline(JSON.stringify({ remotes: { ...remotes, guest: 'not a url' } }));
      await expect(loadRuntimeConfig('/config.json')).rejects.toThrow(/remotes\.guest/);
      document.getElementById(inlineRuntimeConfigId)?.remove();
      inline('{"remotes":');
      expect(() => readInlineRuntimeConfig()).toThrow(RuntimeConfigError);
    });

    it('falls back to config.json when the page has none', async () => {
      expect(readInlineRuntimeConfig()).toBeNull();
      const fetchImpl = vi.fn(async () => Response.json({ remotes }));
      await expect(loadRuntimeConfig('/config.json', { fetchImpl })).resolves.toEqual({
        remotes,
      });
      expect(fetchImpl).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    });
  });
});

describe('parseRuntimeConfig releases', () => {
  const rel = {
    version: 'v1',
    url: 'https://r.test/releases/games/v1/mf-manifest.json',
    integrity: 'sha384-x',
  };
  it('keeps the release pointer: live, canary and fallbacks', () => {
    const config = parseRuntimeConfig({
      remotes,
      releases: {
        games: { ...rel, canary: { ...rel, version: 'v2', percent: 50 }, fallbacks: [rel] },
      },
    });
    expect(config.releases?.['games']).toEqual({
      ...rel,
      canary: { ...rel, version: 'v2', percent: 50 },
      fallbacks: [rel],
    });
  });
  it('names a malformed release', () => {
    expect(() =>
      parseRuntimeConfig({
        remotes,
        releases: { games: { ...rel, url: 'nope', canary: { ...rel, percent: 200 } } },
      }),
    ).toThrow(/releases\.games\.url: invalid URL.*releases\.games\.canary\.percent/);
  });
});
