import { describe, expect, it } from 'vitest';
import { fetchRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

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
});
