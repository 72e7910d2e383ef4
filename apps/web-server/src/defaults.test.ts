import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cacheControl,
  contentSecurityPolicy,
  defaults,
  negotiateEncoding,
  repoRoot,
  runtimeConfig,
  suitePorts,
  suiteSettings,
} from './index.mjs';

const declared = JSON.parse(readFileSync(join(repoRoot, 'config', 'defaults.json'), 'utf8'));

describe('defaults', () => {
  it('are the ones declared in config/defaults.json', () => {
    expect(defaults).toEqual(declared);
    const settings = suiteSettings({});
    expect(settings.host).toBe(declared.host);
    expect(settings.dataDir).toBe(join(repoRoot, declared.dataDir));
    expect(settings.apiPort).toBe(declared.ports.api);
    expect(settings.inboxPort).toBe(declared.ports.inbox);
    expect(settings.ports).toEqual({
      shell: declared.ports.shell,
      guest: declared.ports.guest,
      lounge: declared.ports.lounge,
      games: declared.ports.games,
      admin: declared.ports.admin,
    });
  });

  it('move together with PORT_BASE and take the other variables as given', () => {
    const settings = suiteSettings({
      PORT_BASE: '4700',
      API_PORT: '54700',
      INBOX_PORT: '54701',
      DATA_DIR: '/tmp/suite',
      HOST: '0.0.0.0',
    });
    expect(settings.ports).toEqual(suitePorts(4700));
    expect(settings.ports.shell).toBe(4700);
    expect(settings.ports.admin - settings.ports.shell).toBe(
      declared.ports.admin - declared.ports.shell,
    );
    expect(settings).toMatchObject({
      apiPort: 54700,
      inboxPort: 54701,
      dataDir: '/tmp/suite',
      host: '0.0.0.0',
    });
  });

  it('refuse a port that is not a port number', () => {
    expect(() => suiteSettings({ PORT_BASE: 'abc' })).toThrow(/PORT_BASE=abc/);
    expect(() => suiteSettings({ API_PORT: '70000' })).toThrow(/API_PORT/);
    expect(() => suiteSettings({ INBOX_PORT: '12.5' })).toThrow(/INBOX_PORT/);
  });
});

describe('runtimeConfig', () => {
  it('points the shell at the remotes on the given ports and at the backend', () => {
    const supabase = { url: 'http://127.0.0.1:54700', anonKey: 'anon' };
    expect(runtimeConfig({ ports: suitePorts(4700), host: '127.0.0.1', supabase })).toEqual({
      remotes: {
        guest: `http://127.0.0.1:${suitePorts(4700).guest}/mf-manifest.json`,
        lounge: `http://127.0.0.1:${suitePorts(4700).lounge}/mf-manifest.json`,
        games: `http://127.0.0.1:${suitePorts(4700).games}/mf-manifest.json`,
        admin: `http://127.0.0.1:${suitePorts(4700).admin}/mf-manifest.json`,
      },
      supabase,
    });
    expect(runtimeConfig()).not.toHaveProperty('supabase');
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['br;q=abc, gzip', 'gzip'],
  ])('%j -> %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('cacheControl', () => {
  it.each([
    ['/main.1a2b3c4d.js', 'public, max-age=31536000, immutable'],
    ['/main.1a2b3c4d.js.map', 'public, max-age=31536000, immutable'],
    ['/assets/logo.0f0f0f0f.svg', 'public, max-age=31536000, immutable'],
    ['/remoteEntry.js', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/main.1A2B3C4D.js', 'no-cache'],
  ])('%s', (path, expected) => {
    expect(cacheControl(path)).toBe(expected);
  });
});

describe('contentSecurityPolicy', () => {
  it('leaves out what is not an http(s) origin and works without a config', () => {
    const csp = contentSecurityPolicy(
      { remotes: { a: 'javascript:alert(1)', b: 'not a url', c: 'https://c.example.com/x.json' } },
      'abc',
    );
    expect(csp).toContain("script-src 'self' https://c.example.com 'nonce-abc';");
    expect(csp).not.toContain('javascript');
    expect(csp).toContain("style-src 'self' https://c.example.com 'nonce-abc';");
    expect(contentSecurityPolicy(null)).toContain("script-src 'self';");
    expect(contentSecurityPolicy(null)).toContain("style-src 'self';");
    // nothing inline without the nonce: not a <style>, a <script>; style attributes by hash only
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(
      "style-src-attr 'unsafe-hashes' 'sha256-MtxTLcyxVEJFNLEIqbVTaqR4WWr0+lYSZ78AzGmNsuA=' " +
        "'sha256-PhrR5O1xWiklTp5YfH8xWeig83Y/rhbrdb5whLn1pSg=';",
    );
  });
});
