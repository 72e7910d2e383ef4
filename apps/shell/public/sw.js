/* The suite's service worker: the app's pages and code keep working without a connection.
 *
 * What it keeps, and how:
 * - Content-hashed files (`name.1a2b3c4d.js`, the shell's and every area's) never change:
 *   served from the phone once kept (cache first), kept as they are fetched.
 * - Everything that names them (the page, config.json, each area's mf-manifest.json and
 *   remoteEntry.js) is always asked of the network first, so a new shell, or an area
 *   deployed alone, is picked up on the next load exactly as without a service worker.
 * - A snapshot of those files, fetched together while online (after each load the page
 *   asks for one), is what an offline load gets: the page, the config and every area's
 *   manifest of one moment, with all the code they name (the whole shell from its
 *   offline-assets.json, every area from its manifest), so the areas' code opens
 *   offline even where the first visit never went. A snapshot is complete or not kept.
 * - A page that came from the network never gets an area's manifest from a snapshot of
 *   another shell build (a new shell never runs with old areas): that area then fails
 *   to load as it would offline, and the shell shows its retry.
 * - A page opened offline with no snapshot yet gets offline.html, which says what works.
 * Requests to the API (another origin) and anything but GET pass by untouched.
 *
 * It also shows the venue's Web Push notifications ("your song is playing", sent by the
 * push-notifications function) while the app is in the background or closed, and a tap
 * on one opens (or focuses) the page it names.
 */

const IMMUTABLE = 'bistro-code-v1';
const SNAPSHOT_PREFIX = 'bistro-snapshot-';
const META = 'bistro-meta-v1';
const OFFLINE_PAGE = '/offline.html';
const NETWORK_TIMEOUT_MS = 4000;
const hashedFile = /\.[0-9a-f]{8}\.(js|css|png|jpe?g|gif|svg|webp|avif|ico|woff2?)$/;
const shellScript = /\/main\.[0-9a-f]{8}\.js/;

/** The shell build each page runs (the hashed name of its main script), by client id. */
const pageShells = new Map();

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(META)
      .then((cache) =>
        cache.addAll([
          new Request(OFFLINE_PAGE, { cache: 'reload' }),
          new Request('/offline.css', { cache: 'reload' }),
          new Request('/favicon.svg', { cache: 'reload' }),
        ]),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'snapshot') {
    event.waitUntil(takeSnapshot().catch((error) => console.warn('[sw] no snapshot', error)));
  }
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Lakeshore Bistro & Ultra Lounge', {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: message.request_id ? `request-${message.request_id}` : undefined,
      data: { url: message.url || '/song-requests' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = pages.find((page) => page.url === target) || pages[0];
      if (open) {
        await open.focus();
        if (open.url !== target && 'navigate' in open) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && url.origin === self.location.origin) {
    event.respondWith(navigate(event));
    return;
  }
  if (!isOurs(url)) return;
  if (hashedFile.test(url.pathname)) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(event));
});

/** The shell's origin and the areas' origins (from the last snapshot's config). */
let remoteOrigins = null;
function isOurs(url) {
  if (url.origin === self.location.origin) return url.pathname !== '/sw.js';
  return remoteOrigins !== null && remoteOrigins.has(url.origin);
}

async function loadRemoteOrigins() {
  if (remoteOrigins !== null) return;
  const meta = await (await caches.open(META)).match('/__snapshot');
  const info = meta ? await meta.json() : null;
  remoteOrigins = new Set(info ? info.origins : []);
}
// known before the first fetch after the worker starts
const originsReady = loadRemoteOrigins().catch(() => {
  remoteOrigins = new Set();
});

/** Remembers which shell build a page runs (the last 50 pages: older ones are long closed). */
/**
 * The shell script a page names (in its head, which arrives first), read from a copy of the page
 * as it streams; null when it names none or cannot be read.
 */
async function shellOf(response) {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return null;
      text += decoder.decode(value, { stream: true });
      const found = shellScript.exec(text);
      if (found) return found[0];
    }
  } catch {
    return null;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** What shell a page runs: its script's name, 'snapshot', null, or the promise of one. */
function rememberShell(clientId, shell) {
  pageShells.set(clientId, shell);
  if (pageShells.size > 50) pageShells.delete(pageShells.keys().next().value);
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function snapshotInfo() {
  const meta = await (await caches.open(META)).match('/__snapshot');
  return meta ? meta.json() : null;
}

async function fromSnapshot(key) {
  const info = await snapshotInfo();
  if (!info) return undefined;
  return (await caches.open(info.cache)).match(key);
}

async function navigate(event) {
  try {
    const response = await withTimeout(fetch(event.request), NETWORK_TIMEOUT_MS);
    if (event.resultingClientId && response.ok) {
      // The page streams to the browser as it arrives (a server-rendered page's content follows
      // its head): the shell it names is read from a copy, not waited for.
      const shell = shellOf(response.clone());
      rememberShell(event.resultingClientId, shell);
      if (event.waitUntil) event.waitUntil(shell);
    }
    return response;
  } catch (error) {
    const page = await fromSnapshot('/');
    if (page) {
      if (event.resultingClientId) rememberShell(event.resultingClientId, 'snapshot');
      return page;
    }
    const offline = await (await caches.open(META)).match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

async function cacheFirst(request) {
  await originsReady;
  const cache = await caches.open(IMMUTABLE);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok || response.type === 'opaque') {
    cache.put(request.url, response.clone()).catch(() => undefined);
  }
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  try {
    return await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
  } catch (error) {
    const info = await snapshotInfo();
    const shell = await pageShells.get(event.clientId);
    // a page from the network runs the shell it got: a snapshot of another shell build
    // would mix old areas into it
    const sameBuild = shell === undefined || shell === 'snapshot' || shell === info?.shell;
    if (info && sameBuild) {
      const kept = await (await caches.open(info.cache)).match(request.url);
      if (kept) return kept;
    }
    const url = new URL(request.url);
    if (url.origin === self.location.origin) {
      const meta = await (await caches.open(META)).match(request.url);
      if (meta) return meta;
    }
    throw error;
  }
}

async function fetchOk(url) {
  // without cookies: the snapshot is the same for everyone, never a member's own page
  const response = await fetch(url, { cache: 'no-store', credentials: 'omit' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

/** The files of one moment, fetched together; kept only when every one arrived. */
async function takeSnapshot() {
  const origin = self.location.origin;
  const name = `${SNAPSHOT_PREFIX}${Date.now()}`;
  const files = new Map();
  const page = await fetchOk(`${origin}/`);
  const pageText = await page.clone().text();
  files.set('/', page);
  const configResponse = await fetchOk(`${origin}/config.json`);
  const config = await configResponse.clone().json();
  files.set(`${origin}/config.json`, configResponse);
  const assetsResponse = await fetchOk(`${origin}/offline-assets.json`);
  const shellAssets = await assetsResponse.clone().json();
  files.set(`${origin}/offline-assets.json`, assetsResponse);
  for (const extra of ['/manifest.webmanifest', '/favicon.svg']) {
    files.set(`${origin}${extra}`, await fetchOk(`${origin}${extra}`));
  }

  const code = new Set(shellAssets.files.map((file) => new URL(file, `${origin}/`).href));
  const origins = new Set();
  for (const manifestUrl of Object.values(config.remotes || {})) {
    const manifestResponse = await fetchOk(manifestUrl);
    const manifest = await manifestResponse.clone().json();
    files.set(manifestUrl, manifestResponse);
    origins.add(new URL(manifestUrl).origin);
    const base = new URL('.', manifestUrl).href;
    const entry = manifest.metaData && manifest.metaData.remoteEntry;
    if (entry) {
      const entryUrl = new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, base).href;
      files.set(entryUrl, await fetchOk(entryUrl));
    }
    for (const part of [...(manifest.exposes || []), ...(manifest.shared || [])]) {
      const assets = part.assets || {};
      for (const kind of ['js', 'css']) {
        for (const when of ['sync', 'async']) {
          for (const file of (assets[kind] && assets[kind][when]) || []) {
            code.add(new URL(file, base).href);
          }
        }
      }
    }
  }

  // the code: every hashed file the snapshot names, fetched once ever
  const immutable = await caches.open(IMMUTABLE);
  for (const url of code) {
    if (!hashedFile.test(new URL(url).pathname)) {
      files.set(url, await fetchOk(url));
    } else if (!(await immutable.match(url))) {
      await immutable.put(url, await fetchOk(url));
    }
  }

  const snapshot = await caches.open(name);
  for (const [key, response] of files) await snapshot.put(key, response);
  const shell = shellScript.exec(pageText);
  const meta = await caches.open(META);
  const previous = await snapshotInfo();
  await meta.put(
    '/__snapshot',
    new Response(
      JSON.stringify({ cache: name, shell: shell ? shell[0] : null, origins: [...origins] }),
      { headers: { 'Content-Type': 'application/json' } },
    ),
  );
  remoteOrigins = origins;
  if (previous && previous.cache !== name) await caches.delete(previous.cache);
  // code no snapshot names any more (an older build's) is let go
  for (const request of await immutable.keys()) {
    if (!code.has(request.url)) await immutable.delete(request);
  }
}
