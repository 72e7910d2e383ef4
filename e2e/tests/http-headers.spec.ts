import { expect, test } from '@playwright/test';
import { allowedStyleAttributes } from '../../apps/web-server/src/index.mjs';
import { suiteConfig } from '../support/session';
import { ports, shellUrl } from '../support/suite';

// What apps/web-server sends (README, HTTP headers): compression with
// Vary, immutable hashed chunks vs revalidated manifests, the security headers
// and the shell page's Content-Security-Policy built from config.json.

const remoteUrl = (name: keyof typeof ports) => `http://127.0.0.1:${ports[name]}`;

test('the shell page carries the security headers and a CSP naming only the suite and its API', async ({
  request,
}) => {
  const config = await suiteConfig();
  const first = await request.get(`${shellUrl}/events`);
  expect(first.status()).toBe(200);
  const headers = first.headers();
  expect(headers['content-type']).toContain('text/html');
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=(self)');

  const csp = Object.fromEntries(
    (headers['content-security-policy'] ?? '').split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  ) as Record<string, string[]>;
  const remoteOrigins = Object.values(config.remotes).map((u) => new URL(u).origin);
  if (!config.supabase) throw new Error('The e2e suite runs with a backend');
  const api = new URL(config.supabase.url).origin;
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  // code from the site and the remotes, and inline only with this response's nonce
  const scriptNonce = (csp['script-src'] ?? []).filter((s) => s.startsWith("'nonce-"));
  expect(scriptNonce).toHaveLength(1);
  expect([...(csp['script-src'] ?? [])].filter((s) => !s.startsWith("'nonce-")).sort()).toEqual(
    ["'self'", ...remoteOrigins].sort(),
  );
  expect(csp['connect-src']).toEqual(expect.arrayContaining([...remoteOrigins, api]));
  expect(csp['img-src']).toContain(api);
  // No inline script or style without this response's nonce, no eval; style attributes only
  // with the declarations allowed by hash (two that Radix's tabs set on their own elements).
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(csp['style-src-attr']?.[0]).toBe("'unsafe-hashes'");
  expect(csp['style-src-attr']?.slice(1)).toHaveLength(allowedStyleAttributes.length);
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  const nonce = /'nonce-([^']+)'/.exec((csp['style-src'] ?? []).join(' '))?.[1];
  expect(nonce).toBeTruthy();
  const html = await first.text();
  expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
  expect(html).toContain(`<style nonce="${nonce}">`);

  // A fresh nonce per response.
  const second = await request.get(`${shellUrl}/`);
  expect(second.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
});

test(
  'hashed chunks are compressed and immutable; manifests and remoteEntry revalidate',
  { tag: '@cross' },
  async ({ request }) => {
    const html = await (await request.get(`${shellUrl}/`)).text();
    const main = /src="\/(main\.[0-9a-f]{8}\.js)"/.exec(html)?.[1];
    expect(main).toBeTruthy();

    const brotli = await request.get(`${shellUrl}/${main}`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['vary']).toBe('Accept-Encoding');
    expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await request.get(`${shellUrl}/${main}`, {
      headers: { 'Accept-Encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const plain = await request.get(`${shellUrl}/${main}`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    // All three decode to the same script.
    const body = await plain.body();
    expect((await brotli.body()).equals(body)).toBe(true);
    expect((await gzip.body()).equals(body)).toBe(true);
    // Revalidation: the ETag of the variant answers 304.
    const etag = brotli.headers()['etag'] ?? '';
    expect(etag).not.toBe('');
    const again = await request.get(`${shellUrl}/${main}`, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag },
    });
    expect(again.status()).toBe(304);

    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await request.get(`${remoteUrl('lounge')}/${file}`, {
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-cache');
      expect(response.headers()['access-control-allow-origin']).toBe('*');
      expect(response.headers()['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
    }
    const config = await request.get(`${shellUrl}/config.json`);
    expect(config.headers()['cache-control']).toBe('no-store');
  },
);

test('a missing chunk is a 404, not the app page, and nothing outside dist is served', async ({
  request,
}) => {
  const missing = await request.get(`${shellUrl}/missing.0123abcd.js`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()['x-content-type-options']).toBe('nosniff');
  for (const path of ['/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json']) {
    const response = await request.get(`${shellUrl}${path}`);
    expect(response.status()).toBe(404);
  }
  // App URLs still get the page.
  const deepLink = await request.get(`${shellUrl}/games/trivia-blast`);
  expect(deepLink.headers()['content-type']).toContain('text/html');
});

test(
  'production source maps carry no source code, the admin area included',
  { tag: '@cross' },
  async ({ request }) => {
    const manifest = (await (
      await request.get(`${remoteUrl('admin')}/mf-manifest.json`)
    ).json()) as {
      exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const files = manifest.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]);
    expect(files.length).toBeGreaterThan(0);
    let served = 0;
    for (const file of files) {
      const map = await request.get(`${remoteUrl('admin')}/${file}.map`);
      if (map.status() === 404) continue;
      served++;
      const body = (await map.json()) as { sources: string[]; sourcesContent?: unknown[] };
      expect(body.sources.length, file).toBeGreaterThan(0);
      expect(body.sourcesContent ?? [], file).toEqual([]);
    }
    // the maps are there (file and line for error reports), only without the code
    expect(served).toBeGreaterThan(0);
  },
);
