// @vitest-environment node
/**
 * The service worker (public/sw.js), run in a sandbox with an in-memory Cache Storage and a
 * network stand-in: offline loads come whole from one snapshot; a page from the network never
 * gets an area's files from a snapshot of another shell build; hashed code is fetched once;
 * a snapshot that could not be completed leaves the previous one in place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

const ORIGIN = 'https://venue.test';
const LOUNGE = 'https://lounge.venue.test';
const source = readFileSync(join(import.meta.dirname, '../../../public/sw.js'), 'utf8');

class MemoryCache {
  readonly entries = new Map<string, Response>();
  private key(r: string | { url: string }) {
    return new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
  }
  async match(r: string | { url: string }) {
    return this.entries.get(this.key(r))?.clone();
  }
  async put(r: string | { url: string }, response: Response) {
    this.entries.set(this.key(r), new Response(await response.arrayBuffer(), response));
  }
  async addAll(requests: { url: string }[]) {
    for (const r of requests) await this.put(r, await network(r));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(r: { url: string }) {
    return this.entries.delete(this.key(r));
  }
}

const stores = new Map<string, MemoryCache>();
const caches = {
  open: async (name: string) => {
    if (!stores.has(name)) stores.set(name, new MemoryCache());
    return stores.get(name) as MemoryCache;
  },
  keys: async () => [...stores.keys()],
  delete: async (name: string) => stores.delete(name),
};

/** The deployed files: url -> body; offline: every fetch fails. */
let files = new Map<string, string>();
/** Pages the server streams: url -> the response body, sent as the test writes it. */
const streams = new Map<string, ReadableStream<Uint8Array>>();
let offline = false;
const fetched: string[] = [];
async function network(input: string | { url: string }): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN).href;
  fetched.push(url);
  if (offline) throw new TypeError('Failed to fetch');
  const stream = streams.get(url);
  if (stream) return new Response(stream, { headers: { 'Content-Type': 'text/html' } });
  const body = files.get(url);
  return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
}

function deploy(shell: string, lounge: string) {
  const manifest = JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ assets: { js: { sync: [`app.${lounge}.js`], async: [] }, css: {} } }],
    shared: [],
  });
  files = new Map([
    [`${ORIGIN}/`, `<script defer src="/main.${shell}.js"></script>`],
    [
      `${ORIGIN}/config.json`,
      JSON.stringify({ remotes: { lounge: `${LOUNGE}/mf-manifest.json` } }),
    ],
    [`${ORIGIN}/offline-assets.json`, JSON.stringify({ files: [`main.${shell}.js`] })],
    [`${ORIGIN}/manifest.webmanifest`, '{}'],
    [`${ORIGIN}/favicon.svg`, '<svg/>'],
    [`${ORIGIN}/offline.html`, 'offline page'],
    [`${ORIGIN}/offline.css`, 'body{}'],
    [`${ORIGIN}/main.${shell}.js`, `shell ${shell}`],
    [`${LOUNGE}/mf-manifest.json`, manifest],
    [`${LOUNGE}/remoteEntry.js`, `lounge entry ${lounge}`],
    [`${LOUNGE}/app.${lounge}.js`, `lounge app ${lounge}`],
  ]);
}

type Listener = (event: Record<string, unknown>) => void;
let listeners: Map<string, Listener>;

function startWorker() {
  listeners = new Map();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
    registration: {},
  };
  runInNewContext(source, {
    self,
    caches,
    fetch: network,
    Request: class {
      constructor(
        readonly url: string,
        readonly init?: unknown,
      ) {}
    },
    Response,
    URL,
    Map,
    Set,
    JSON,
    Date,
    Promise,
    TextDecoder,
    setTimeout,
    clearTimeout,
    console,
  });
}

async function lifecycle(type: 'install' | 'message', data?: unknown) {
  let done: Promise<unknown> = Promise.resolve();
  listeners.get(type)?.({ data, waitUntil: (p: Promise<unknown>) => (done = p) });
  await done;
}

/** A request of the page (client) through the worker: the response, or the error. */
async function request(url: string, opts: { navigate?: boolean; client: string }) {
  let answer: Promise<Response> | undefined;
  listeners.get('fetch')?.({
    request: { url, method: 'GET', mode: opts.navigate ? 'navigate' : 'cors' },
    clientId: opts.navigate ? '' : opts.client,
    resultingClientId: opts.navigate ? opts.client : '',
    respondWith: (p: Promise<Response>) => (answer = p),
    waitUntil: () => undefined,
  });
  if (!answer) return 'not handled';
  try {
    return await (await answer).text();
  } catch {
    return 'network error';
  }
}

beforeEach(async () => {
  stores.clear();
  streams.clear();
  fetched.length = 0;
  offline = false;
  deploy('aaaaaaaa', '11111111');
  startWorker();
  await lifecycle('install');
  await lifecycle('message', { type: 'snapshot' });
});

describe('the service worker', () => {
  it('loads the whole app offline from the snapshot, areas included', async () => {
    offline = true;
    expect(await request(`${ORIGIN}/djs`, { navigate: true, client: 'p1' })).toContain(
      'main.aaaaaaaa.js',
    );
    expect(await request(`${ORIGIN}/main.aaaaaaaa.js`, { client: 'p1' })).toBe('shell aaaaaaaa');
    expect(await request(`${LOUNGE}/mf-manifest.json`, { client: 'p1' })).toContain('11111111');
    expect(await request(`${LOUNGE}/remoteEntry.js`, { client: 'p1' })).toBe(
      'lounge entry 11111111',
    );
    expect(await request(`${LOUNGE}/app.11111111.js`, { client: 'p1' })).toBe(
      'lounge app 11111111',
    );
  });

  it('asks the network first for what names the code: an area deployed alone is picked up', async () => {
    deploy('aaaaaaaa', '22222222');
    expect(await request(`${ORIGIN}/`, { navigate: true, client: 'p2' })).toContain('aaaaaaaa');
    expect(await request(`${LOUNGE}/remoteEntry.js`, { client: 'p2' })).toBe(
      'lounge entry 22222222',
    );
    // hashed code once kept is not fetched again
    fetched.length = 0;
    expect(await request(`${LOUNGE}/app.11111111.js`, { client: 'p2' })).toBe(
      'lounge app 11111111',
    );
    expect(fetched).toEqual([]);
  });

  it("never gives a page of a new shell build an area's files from an older snapshot", async () => {
    deploy('bbbbbbbb', '33333333');
    expect(await request(`${ORIGIN}/`, { navigate: true, client: 'new' })).toContain('bbbbbbbb');
    offline = true; // the area's entry does not arrive
    expect(await request(`${LOUNGE}/remoteEntry.js`, { client: 'new' })).toBe('network error');
    // a page of the snapshot's own build still gets it
    expect(await request(`${ORIGIN}/`, { navigate: true, client: 'old' })).toContain('aaaaaaaa');
    expect(await request(`${LOUNGE}/remoteEntry.js`, { client: 'old' })).toBe(
      'lounge entry 11111111',
    );
  });

  it('keeps the previous snapshot when a new one cannot be completed', async () => {
    deploy('cccccccc', '44444444');
    files.delete(`${LOUNGE}/remoteEntry.js`);
    await lifecycle('message', { type: 'snapshot' });
    offline = true;
    expect(await request(`${ORIGIN}/`, { navigate: true, client: 'p3' })).toContain('aaaaaaaa');
    expect(await request(`${LOUNGE}/remoteEntry.js`, { client: 'p3' })).toBe(
      'lounge entry 11111111',
    );
  });

  it('shows the offline page when no snapshot exists yet, and leaves the API alone', async () => {
    // a fresh worker: installed (it keeps the offline page), no load has finished yet
    stores.clear();
    await lifecycle('install');
    offline = true;
    expect(await request(`${ORIGIN}/song-requests`, { navigate: true, client: 'p4' })).toBe(
      'offline page',
    );
    expect(await request('https://api.venue.test/rest/v1/djs', { client: 'p4' })).toBe(
      'not handled',
    );
  });

  it('hands a page to the browser as it streams, before its end has arrived', async () => {
    let write: ReadableStreamDefaultController<Uint8Array> | undefined;
    streams.set(
      `${ORIGIN}/song-requests`,
      new ReadableStream<Uint8Array>({ start: (controller) => (write = controller) }),
    );
    const encode = (text: string) => new TextEncoder().encode(text);
    write?.enqueue(encode('<head><script defer src="/main.aaaaaaaa.js"></script></head><body>'));
    let answer: Promise<Response> | undefined;
    listeners.get('fetch')?.({
      request: { url: `${ORIGIN}/song-requests`, method: 'GET', mode: 'navigate' },
      clientId: '',
      resultingClientId: 'p5',
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: () => undefined,
    });
    // the response is handed over while the server is still rendering the rest
    const response = await answer;
    const reader = response?.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('main.aaaaaaaa.js');
    write?.enqueue(encode('<main>Tonight</main></body>'));
    write?.close();
    const rest = await reader?.read();
    expect(new TextDecoder().decode(rest?.value)).toBe('<main>Tonight</main></body>');
    // and the page is known to run its own shell: offline, its area's files come from the
    // snapshot of that build
    offline = true;
    expect(await request(`${LOUNGE}/remoteEntry.js`, { client: 'p5' })).toBe(
      'lounge entry 11111111',
    );
  });
});
