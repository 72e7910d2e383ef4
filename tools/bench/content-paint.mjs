// "Content painted": when a route's own content (the element marked with
// elementtiming="<identifier>") was first painted, measured in a real page load
// under Lighthouse's mobile conditions, plus a CPU profile of that load.
//
// Lighthouse's default mode simulates throttling (lantern): it loads the page
// unthrottled and models a slow phone afterwards, so it can give no paint time
// for an element of our choosing. Here the throttling is applied for real,
// through DevTools, with Lighthouse's mobile preset (core/config/constants.js):
//   - network (Network.emulateNetworkConditions), one of
//       `preset`:   the preset's own figures: 150 ms RTT added to every request,
//                   1.6 Mbps down, 750 Kbps up (the default);
//       `devtools`: what Lighthouse's own `devtools` throttling mode applies:
//                   562.5 ms per request (150 ms x 3.75, because request-level
//                   throttling cannot see TCP/TLS set-up, so every request pays
//                   for a new connection), 1.47 Mbps down, 675 Kbps up.
//     Request-level throttling charges the same latency to a request on a
//     reused connection as to a new one: `preset` understates connection
//     set-up (three origins here: shell, remote, API), `devtools` overstates a
//     chain of requests on open connections;
//   - the CPU 4x slower (Emulation.setCPUThrottlingRate),
//   - a moto g power screen (412x823 at 1.75x) and its mobile user agent,
//   - a fresh browser context per load (empty cache, as Lighthouse's cold load).
// The time is the first paint of the marked element (element-paint.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import {
  defaultSettings,
  screenEmulationMetrics,
  userAgents,
} from 'lighthouse/core/config/constants.js';
import { elementPaintTime } from './element-paint.mjs';

const throttling = defaultSettings.throttling;
const screen = screenEmulationMetrics.mobile;

const device = {
  cpuSlowdown: throttling.cpuSlowdownMultiplier,
  width: screen.width,
  height: screen.height,
  deviceScaleFactor: screen.deviceScaleFactor,
  userAgent: userAgents.mobile,
};

/** The DevTools conditions described above, by name. */
export const mobileConditions = {
  preset: {
    ...device,
    latencyMs: throttling.rttMs,
    downloadKbps: throttling.throughputKbps,
    uploadKbps: 750,
  },
  devtools: {
    ...device,
    latencyMs: throttling.requestLatencyMs,
    downloadKbps: throttling.downloadThroughputKbps,
    uploadKbps: throttling.uploadThroughputKbps,
  },
};

const CONTENT_TIMEOUT_MS = 60_000;

/**
 * Loads `url` once in a fresh context of `browser` (Playwright, Chromium) under
 * `conditions` (one of mobileConditions). `initScript` (a function and its argument) runs before the
 * page's scripts, e.g. to seed a session; `cookies` (Playwright's cookie objects) are set before
 * the page is requested, e.g. the session cookie a member's browser sends. With `profile`, the main thread is
 * sampled from navigation until the network has been idle for 500 ms after the
 * content painted, plus a second.
 *
 * @returns {Promise<{ ms: number, profile: object | null }>}
 */
export async function loadAndTime(
  browser,
  { url, identifier, conditions, initScript, cookies, profile = false },
) {
  const context = await browser.newContext({
    viewport: { width: conditions.width, height: conditions.height },
    deviceScaleFactor: conditions.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: conditions.userAgent,
  });
  try {
    if (initScript) await context.addInitScript(initScript.fn, initScript.arg);
    if (cookies) await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: conditions.latencyMs,
      // DevTools takes bytes per second.
      downloadThroughput: Math.floor((conditions.downloadKbps * 1024) / 8),
      uploadThroughput: Math.floor((conditions.uploadKbps * 1024) / 8),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'commit', timeout: CONTENT_TIMEOUT_MS });
    const ms = await elementPaintTime(page, identifier, CONTENT_TIMEOUT_MS);
    if (ms === null) {
      throw new Error(`no element timing "${identifier}" within ${CONTENT_TIMEOUT_MS} ms`);
    }
    let cpuProfile = null;
    if (profile) {
      await page.waitForLoadState('networkidle', { timeout: CONTENT_TIMEOUT_MS });
      await page.waitForTimeout(1000);
      cpuProfile = (await cdp.send('Profiler.stop')).profile;
    }
    return { ms, profile: cpuProfile };
  } finally {
    await context.close();
  }
}

/**
 * Finds where a position in a built script comes from, through the source map
 * at `mapFileOf(url)` (a path, or null when there is none): the original file
 * (bundler prefixes dropped), its 1-based line and that line's code.
 */
export function sourceMapResolver(mapFileOf) {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const file = mapFileOf(url);
      let map = null;
      if (file && existsSync(file)) {
        try {
          map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
        } catch {
          map = null; // an unreadable map: positions stay as built
        }
      }
      maps.set(url, map);
    }
    return maps.get(url);
  };
  return (url, line, column) => {
    const map = mapOf(url);
    const entry = map?.findEntry(line, column);
    if (!entry?.originalSource) return null;
    const index = map.payload.sources.indexOf(entry.originalSource);
    const code = map.payload.sourcesContent?.[index]?.split('\n')[entry.originalLine] ?? '';
    const source = entry.originalSource
      .replace(/^webpack:\/\/[^/]*\//, '')
      .replace(/^(\.\.\/)+/, '');
    return {
      // A generated module (e.g. the federation runtime's) is named by its whole URL-encoded code.
      source: source.length > 100 ? `${source.slice(0, 60)}…` : source,
      line: entry.originalLine + 1,
      code: code.trim().slice(0, 70),
    };
  };
}

/**
 * Self time (ms) per script and per function in a V8 CPU profile, the largest
 * first. `label(url)` names a script (e.g. "shell/main.js"); samples outside
 * any script keep V8's names ("(program)": parsing, compiling and the
 * browser's own work such as style and layout; "(garbage collector)"). Idle
 * samples are left out. With `original` (see sourceMapResolver) a function is
 * named by its original file, line and code rather than its minified name, and
 * each script by the package (or app/lib folder) most of its time went to.
 */
export function summariseProfile(profile, label = (url) => url, original = () => null) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map();
  const byFunction = new Map();
  const packagesOf = new Map(); // script -> (package -> ms)
  let busy = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!frame || frame.functionName === '(idle)') return;
    busy += ms;
    if (!frame.url) {
      add(byScript, frame.functionName || '(native)', ms);
      return;
    }
    const script = label(frame.url);
    add(byScript, script, ms);
    const from = original(frame.url, frame.lineNumber, frame.columnNumber);
    if (from) {
      const owner =
        from.source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
        from.source.split('/').slice(0, 2).join('/');
      if (!packagesOf.has(script)) packagesOf.set(script, new Map());
      add(packagesOf.get(script), owner, ms);
    }
    add(
      byFunction,
      from
        ? `${from.source}:${from.line} ${from.code}`
        : `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`,
      ms,
    );
  });
  const top = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => ({ name, ms: Math.round(ms) }));
  const scripts = top(byScript).map((entry) => {
    const owners = packagesOf.get(entry.name);
    const main = owners ? top(owners)[0] : undefined;
    return main ? { ...entry, name: `${entry.name} (${main.name})` } : entry;
  });
  return { busyMs: Math.round(busy), scripts, functions: top(byFunction) };
}
