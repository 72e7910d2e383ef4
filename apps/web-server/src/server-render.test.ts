import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ServerRenderer,
  earlyInteractionScript,
  queryStateScript,
  splitAtRoot,
} from './server-render.mjs';

describe('splitAtRoot', () => {
  it("cuts the shell's page around #root's static first screen", () => {
    const html =
      '<html><head></head><body><div id="root"><div class="boot">Hi</div></div><script></script></body></html>';
    const parts = splitAtRoot(html);
    expect(parts).toEqual({
      before: '<html><head></head><body><div id="root">',
      boot: '<div class="boot">Hi</div>',
      after: '</div><script></script></body></html>',
    });
    expect(parts && parts.before + parts.boot + parts.after).toBe(html);
  });

  it('gives nothing for a page without #root', () => {
    expect(splitAtRoot('<html><body><p>x</p></body></html>')).toBeNull();
  });
});

describe('queryStateScript', () => {
  it('is a nonced data block nothing in the data can end', () => {
    const tag = queryStateScript(
      JSON.stringify({ title: '</script><script>alert(1)</script>' }),
      'n1',
    );
    expect(tag.startsWith('<script type="application/json" id="query-state" nonce="n1">')).toBe(
      true,
    );
    expect(tag.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('earlyInteractionScript', () => {
  it('is one classic script with the nonce, whose source parses, without its file comments', () => {
    const tag = earlyInteractionScript('abc');
    const source = /^<script nonce="abc">([\s\S]*)<\/script>$/.exec(tag)?.[1] ?? '';
    expect(source).toContain("document.addEventListener('click'");
    expect(source).not.toContain('</script');
    expect(source).not.toMatch(/^\/\//m);
    expect(() => new Function(source)).not.toThrow();
  });
});

describe("ServerRenderer: an area's server build", () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'server-render-'));
  });
  afterEach(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  /** A remote whose server entry answers with `bodies` in turn (304 when unchanged). */
  function remote(bodies: (string | Error | number)[]) {
    const calls: { url: string; ifNoneMatch: string | undefined }[] = [];
    let i = 0;
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url, ifNoneMatch: headers['If-None-Match'] });
      const body = bodies[Math.min(i++, bodies.length - 1)];
      if (body === undefined) throw new Error('remote() needs at least one body');
      if (body instanceof Error) throw body;
      if (typeof body === 'number') return new Response(null, { status: body });
      const etag = `"${body.length}-${body}"`;
      if (headers['If-None-Match'] === etag) return new Response(null, { status: 304 });
      return new Response(body, { status: 200, headers: { etag } });
    }) as typeof fetch;
    return { calls, fetchImpl };
  }

  it('is loaded by a URL that changes when the area is redeployed, and revalidated each time', async () => {
    const { calls, fetchImpl } = remote(['build one', 'build one', 'build two']);
    const logs: string[] = [];
    const renderer = new ServerRenderer({ dist, fetchImpl, log: (m) => logs.push(m) });
    const manifest = 'http://127.0.0.1:4201/mf-manifest.json';
    const first = await renderer.serverEntryOf(manifest);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:4201\/server\/remoteEntry\.js\?v=[0-9a-f]{16}$/);
    expect(await renderer.serverEntryOf(manifest)).toBe(first);
    expect(calls[1]?.ifNoneMatch).toBe('"9-build one"');
    const redeployed = await renderer.serverEntryOf(manifest);
    expect(redeployed).not.toBe(first);
    expect(logs).toEqual([]);
  });

  it('is off (the browser renders the area) while it cannot be fetched, and back once it can', async () => {
    const { fetchImpl } = remote([404, 'build one']);
    const logs: string[] = [];
    const renderer = new ServerRenderer({ dist, fetchImpl, log: (m) => logs.push(m) });
    const manifest = 'http://127.0.0.1:4201/mf-manifest.json';
    expect(await renderer.serverEntryOf(manifest)).toBeNull();
    expect(logs).toEqual([
      'server rendering off for http://127.0.0.1:4201/server/remoteEntry.js: HTTP 404',
    ]);
    expect(await renderer.serverEntryOf(manifest)).toMatch(/\?v=/);
  });

  it('tries a failed connection once more before giving up', async () => {
    const { fetchImpl } = remote([new TypeError('fetch failed'), 'build one']);
    const renderer = new ServerRenderer({ dist, fetchImpl, log: () => undefined });
    expect(await renderer.serverEntryOf('http://127.0.0.1:4201/mf-manifest.json')).toMatch(/\?v=/);
  });

  it('loads the server builds of the areas whose pages render on the server ahead of their first page', async () => {
    await mkdir(join(dist, 'server'));
    await writeFile(
      join(dist, 'server', 'main.cjs'),
      `module.exports = {
        serverRenderedAreas: ['guest'],
        renderPage: async () => null,
        warmUp: async (request) => { (globalThis.warmedAreas ??= []).push(request); },
      };`,
    );
    const { calls, fetchImpl } = remote(['build one']);
    const renderer = new ServerRenderer({ dist, fetchImpl, log: () => undefined });
    await renderer.warm({
      remotes: {
        guest: 'http://127.0.0.1:4201/mf-manifest.json',
        games: 'http://127.0.0.1:4203/mf-manifest.json',
      },
      supabase: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
    });
    const scope = globalThis as unknown as { warmedAreas?: unknown[] };
    expect(scope.warmedAreas).toEqual([
      {
        supabase: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
        remotes: {
          guest: expect.stringMatching(/^http:\/\/127\.0\.0\.1:4201\/server\/remoteEntry\.js\?v=/),
        },
      },
    ]);
    // only the areas with server-rendered pages are fetched
    expect(calls.map((c) => c.url)).toEqual(['http://127.0.0.1:4201/server/remoteEntry.js']);
    delete scope.warmedAreas;
  });

  it('renders nothing without a shell server build: the page is left to the browser', async () => {
    const renderer = new ServerRenderer({ dist, log: () => undefined });
    const page = { url: '/', owner: 'guest', config: { remotes: {} }, nonce: 'n' };
    expect(await renderer.render(page)).toBeNull();
  });
});
