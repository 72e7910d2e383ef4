import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDist, type RunningServer } from './index.mjs';
import { rawRequest, type RawAnswer } from './raw-request';

type Answer = RawAnswer;

/** A raw HTTP request: the path goes out exactly as given (fetch would normalise `..`). */
function get(
  server: RunningServer,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return rawRequest(server.port, path, { method, headers });
}

/** The CSP header as directive -> sources. */
function cspOf(answer: Answer): Map<string, string[]> {
  const header = String(answer.headers['content-security-policy'] ?? '');
  return new Map(
    header.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** Over 1 KiB, so it is compressed (smaller files are sent as they are). */
const indexHtml =
  '<!doctype html><html><head><title>Bistro</title><style>body{margin:0}</style></head>' +
  `<body><div id="root"></div><noscript>${'Please turn on JavaScript. '.repeat(50)}</noscript>` +
  '<script src="/main.1a2b3c4d.js"></script></body></html>';
/** Large enough to be compressed (the threshold is 1 KiB). */
const chunk = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(',')}];\n`;
const manifest = JSON.stringify({ name: 'guest', padding: 'x'.repeat(2000) });
const config = {
  remotes: {
    guest: 'http://127.0.0.1:4201/mf-manifest.json',
    lounge: 'http://127.0.0.1:4202/mf-manifest.json',
  },
  supabase: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
};

let dir: string;
let dist: string;
let configFile: string;
let shell: RunningServer;
let remote: RunningServer;
let plain: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-server-test-'));
  dist = join(dir, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), indexHtml);
  await writeFile(join(dist, 'main.1a2b3c4d.js'), chunk);
  await writeFile(join(dist, 'small.1a2b3c4d.js'), 'export {};\n');
  await writeFile(join(dist, 'mf-manifest.json'), manifest);
  await writeFile(join(dist, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, 'secret.txt'), 'outside the dist folder');
  configFile = join(dir, 'config.json');
  await writeFile(configFile, JSON.stringify(config));
  shell = await serveDist({ dist, port: 0, spa: true, configFile });
  remote = await serveDist({ dist, port: 0, cors: true });
  plain = await serveDist({ dist, port: 0 });
});

afterAll(async () => {
  await Promise.all([shell?.close(), remote?.close(), plain?.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('the shell page', () => {
  it('carries a CSP with a fresh nonce that matches the page and names only the configured origins', async () => {
    const first = await get(shell, '/');
    const second = await get(shell, '/');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(first.headers['etag']).toBeUndefined();

    const csp = cspOf(first);
    const nonceSource = csp.get('style-src')?.find((s) => s.startsWith("'nonce-"));
    expect(nonceSource).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    const nonce = nonceSource!.slice("'nonce-".length, -1);
    const html = first.body.toString('utf8');
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).toContain(`<script nonce="${nonce}" src="/main.1a2b3c4d.js">`);
    expect(cspOf(second).get('style-src')).not.toContain(nonceSource);

    expect(csp.get('script-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4201',
      'http://127.0.0.1:4202',
      nonceSource,
    ]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4201',
      'http://127.0.0.1:4202',
      'http://127.0.0.1:54321',
      'ws://127.0.0.1:54321',
    ]);
    expect(csp.get('img-src')).toContain('http://127.0.0.1:54321');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('follows a rewritten config.json without a restart', async () => {
    const other = { remotes: { guest: 'https://guest.example.com/mf-manifest.json' } };
    await writeFile(configFile, JSON.stringify(other));
    try {
      const csp = cspOf(await get(shell, '/events'));
      expect(csp.get('script-src')?.slice(0, 2)).toEqual(["'self'", 'https://guest.example.com']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://guest.example.com']);
    } finally {
      await writeFile(configFile, JSON.stringify(config));
    }
  });

  it('lets no cache keep a page opened from a link with a secret in it', async () => {
    expect((await get(shell, '/events')).headers['cache-control']).toBe('no-cache');
    const link = await get(shell, '/bookings/cancel?token=abc');
    expect(link.headers['cache-control']).toBe('private, no-store');
  });

  it('sends the security headers on every response', async () => {
    for (const answer of [await get(shell, '/'), await get(shell, '/nope.js')]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['permissions-policy']).toContain('camera=(self)');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });
});

describe('config.json', () => {
  it('is the runtime config file, never cached', async () => {
    const answer = await get(shell, '/config.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual(config);
  });

  it('is a 404 when the file is missing, and on a server without one', async () => {
    const missing = await serveDist({
      dist,
      port: 0,
      spa: true,
      configFile: join(dir, 'none.json'),
    });
    try {
      expect((await get(missing, '/config.json')).status).toBe(404);
    } finally {
      await missing.close();
    }
    expect((await get(plain, '/config.json')).status).toBe(404);
  });
});

describe('compression', () => {
  it('answers brotli when accepted, else gzip, else the plain file', async () => {
    const br = await get(shell, '/main.1a2b3c4d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(chunk);

    const gz = await get(shell, '/main.1a2b3c4d.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(chunk);

    const none = await get(shell, '/main.1a2b3c4d.js', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString('utf8')).toBe(chunk);
  });

  it('compresses the page per response and leaves small files alone', async () => {
    const page = await get(shell, '/', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString('utf8')).toContain('<div id="root">');

    const small = await get(shell, '/small.1a2b3c4d.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toBeUndefined();
  });

  it('keeps one ETag per encoding and answers a matching If-None-Match with 304', async () => {
    const br = await get(shell, '/mf-manifest.json', { 'accept-encoding': 'br' });
    const plainAnswer = await get(shell, '/mf-manifest.json');
    expect(br.headers['etag']).toMatch(/-br"$/);
    expect(plainAnswer.headers['etag']).not.toBe(br.headers['etag']);
    const again = await get(shell, '/mf-manifest.json', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers['etag']),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe('cache headers', () => {
  it('makes content-hashed files immutable and revalidates everything that names them', async () => {
    expect((await get(shell, '/main.1a2b3c4d.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(shell, '/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
    expect((await get(shell, '/assets/logo.svg')).headers['cache-control']).toBe('no-cache');
    expect((await get(shell, '/assets/logo.svg')).headers['content-type']).toBe('image/svg+xml');
  });
});

describe('paths', () => {
  it('never serves a file outside the dist folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2E%2E/%2E%2E/secret.txt',
      '/..%2fsecret.txt',
      '/main.1a2b3c4d.js%00.txt',
      '/%E0%A4%A',
    ]) {
      const answer = await get(plain, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString('utf8'), path).not.toContain('outside the dist folder');
    }
  });

  it('falls back to index.html for page URLs only, and only with spa', async () => {
    const page = await get(shell, '/events/42');
    expect(page.status).toBe(200);
    expect(page.body.toString('utf8')).toContain('<div id="root">');
    expect((await get(shell, '/missing.1a2b3c4d.js')).status).toBe(404);
    expect((await get(plain, '/events/42')).status).toBe(404);
    expect((await get(plain, '/')).status).toBe(200);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(shell, '/mf-manifest.json', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(manifest));
    expect(head.body.length).toBe(0);
    const post = await get(shell, '/', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
  });
});

describe('a remote', () => {
  it('lets any origin fetch its files and renders nothing as a page', async () => {
    const answer = await get(remote, '/mf-manifest.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    const preflight = await get(remote, '/remoteEntry.js', {}, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });
});

describe('a page with hints', () => {
  it('carries the config inline and preloads the App scripts of the remote that owns its path', async () => {
    const hintsDir = await mkdtemp(join(tmpdir(), 'web-server-hints-'));
    const shellDist = join(hintsDir, 'shell');
    const remoteDist = join(hintsDir, 'guest');
    await mkdir(shellDist);
    await mkdir(remoteDist);
    await writeFile(join(shellDist, 'index.html'), indexHtml);
    await writeFile(
      join(shellDist, 'route-owners.json'),
      JSON.stringify({ '/': 'guest', '/events': 'guest', '/djs': 'lounge', '/auth': 'shell' }),
    );
    await writeFile(
      join(remoteDist, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { publicPath: 'auto' },
        exposes: [
          { name: 'App', assets: { js: { sync: ['__federation_expose_App.1a2b3c4d.js'] } } },
        ],
      }),
    );
    const guest = await serveDist({ dist: remoteDist, port: 0, cors: true });
    // The lounge's server is gone: its pages get no hints, and are not held up.
    const gone = await serveDist({ dist: remoteDist, port: 0, cors: true });
    await gone.close();
    const pageConfig = {
      remotes: {
        guest: `${guest.url}/mf-manifest.json`,
        lounge: `${gone.url}/mf-manifest.json`,
      },
      supabase: { url: 'http://127.0.0.1:54321', anonKey: '</script>' },
    };
    const hintsConfig = join(hintsDir, 'config.json');
    await writeFile(hintsConfig, JSON.stringify(pageConfig));
    const page = await serveDist({ dist: shellDist, port: 0, spa: true, configFile: hintsConfig });
    try {
      const html = (await get(page, '/events')).body.toString('utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<link rel="preload" as="script" href="${guest.url}/remoteEntry.js">`);
      expect(head).toContain(
        `<link rel="preload" as="script" href="${guest.url}/__federation_expose_App.1a2b3c4d.js">`,
      );
      expect(head).toContain('<link rel="preconnect" href="http://127.0.0.1:54321" crossorigin>');
      const inline = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(
        head,
      );
      expect(JSON.parse(inline?.[1] ?? 'null')).toEqual(pageConfig);
      // What is preloaded is allowed by the page's CSP.
      expect(cspOf(await get(page, '/events')).get('script-src')).toContain(guest.url);

      for (const path of ['/auth', '/nowhere', '/djs']) {
        const started = Date.now();
        const other = (await get(page, path)).body.toString('utf8');
        expect(other, path).not.toContain('rel="preload"');
        expect(other, path).toContain('id="runtime-config"');
        expect(Date.now() - started, path).toBeLessThan(1000);
      }
    } finally {
      await Promise.all([page.close(), guest.close()]);
      await rm(hintsDir, { recursive: true, force: true });
    }
  });

  it('has neither without a runtime config', async () => {
    const html = (await get(plain, '/')).body.toString('utf8');
    expect(html).not.toContain('runtime-config');
    expect(html).not.toContain('<link rel="preload"');
  });
});
