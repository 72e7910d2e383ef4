#!/usr/bin/env node
// The developer's first hour, checked: starts `npm run dev` on free ports with a
// fresh data folder, loads a page of each remote in Chromium (signed in as the
// seeded admin), edits a component of the shell and of two remotes and sees
// each change arrive without a reload, with the page's React state kept (Fast
// Refresh: a marker set on window before the edit is still there, a value typed
// into a field is still in it), breaks a remote's component and sees the error
// overlay name the file and go once it is fixed, restores the files, stops the
// dev suite with SIGTERM and checks that no process it started is left and its
// ports are free. Exits non-zero on the first failure. Part of `npm test`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { repoRoot as root, suitePorts } from '../apps/web-server/src/index.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const started = Date.now();
const log = (text) =>
  console.log(`[dev-check ${((Date.now() - started) / 1000).toFixed(0)} s] ${text}`);

/**
 * The edits the check makes: a component, the page it shows on, the text it
 * changes, and a field whose typed value must survive the update (React state
 * of the page, or of a component above the edited one). Each update must
 * arrive without a reload, that state kept (React Fast Refresh).
 */
const edits = [
  {
    name: 'shell: the sign-in form',
    file: join(root, 'apps', 'shell', 'src', 'features', 'auth', 'sign-in-form.tsx'),
    path: '/auth',
    before: 'Forgot password?',
    after: 'Forgot password? (edited by the dev check)',
    role: 'button',
    field: 'Email',
    visitor: true,
  },
  {
    name: 'guest remote: the chat heading',
    file: join(root, 'apps', 'guest', 'src', 'features', 'chat', 'chat-intro.tsx'),
    path: '/chat',
    before: 'Chat Assistant',
    after: 'Chat Assistant (edited by the dev check)',
    role: 'heading',
    field: 'Your message',
  },
  {
    // The search box's text is the page component's own useState, and the
    // edited component is that page: its state must survive its own update.
    name: 'lounge remote: the song requests page',
    file: join(
      root,
      'apps',
      'lounge',
      'src',
      'features',
      'song-requests',
      'song-requests-page.tsx',
    ),
    path: '/song-requests',
    // Another remote's area visited in between, in the same page: the one refresh
    // runtime then holds both remotes' components, and the update must still
    // reach the lounge's.
    via: { path: '/chat', remote: 'guest' },
    before: 'Drop a Request',
    after: 'Drop a Request (edited by the dev check)',
    role: 'button',
    field: 'Search songs or artists',
  },
];
const originals = new Map(edits.map((e) => [e.file, readFileSync(e.file, 'utf8')]));

/** Goes to `path` in the page's router (no page load), as a link would. */
async function navigate(page, path) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Makes one edit on its page, waits for it to show, restores the file; what happened. */
async function tryEdit(page, shellUrl, edit) {
  const original = originals.get(edit.file);
  if (!original.includes(edit.before))
    throw new Error(`${edit.file} no longer holds ${edit.before}`);
  await page.goto(`${shellUrl}${edit.path}`);
  const field = page.getByLabel(edit.field, { exact: true }).first();
  if (edit.via) {
    await field.waitFor({ timeout: 45_000 });
    await navigate(page, edit.via.path);
    await page
      .locator(`main [data-remote="${edit.via.remote}"] h1`)
      .first()
      .waitFor({ timeout: 45_000 });
    await navigate(page, edit.path);
  }
  await field.fill('kept across the edit');
  await page.evaluate(() => {
    window.__devCheckNoReload = true;
  });
  // The edit is made once the page has loaded what it loads on its own (the lazy chunks it
  // prefetches are compiled on request): an edit saved while such a compile ran was once folded
  // into it and never sent to the page, on a machine busy with other work.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  try {
    await writeFile(edit.file, original.replace(edit.before, edit.after));
    const arrived = await page
      .getByRole(edit.role, { name: edit.after })
      .first()
      .waitFor({ timeout: 45_000 })
      .then(() => true)
      .catch(() => false);
    const noReload = await page.evaluate(() => window.__devCheckNoReload === true);
    const stateKept = (await field.inputValue().catch(() => '')) === 'kept across the edit';
    return { arrived, noReload, stateKept };
  } finally {
    await writeFile(edit.file, original);
    await page
      .getByRole(edit.role, { name: edit.before, exact: true })
      .first()
      .waitFor({ timeout: 45_000 })
      .catch(() => undefined);
  }
}

/** The dev-server client's error overlay (an iframe @rspack/dev-server puts on the page). */
const overlaySelector = '#rspack-dev-server-client-overlay';

/**
 * Breaks a remote's component (a JSX syntax error), waits for the error overlay
 * naming the file, restores the file and waits for the overlay to go and the
 * component to show again; what happened.
 */
async function tryCompileError(page, shellUrl, edit) {
  const original = originals.get(edit.file);
  const name = edit.file.split('/').pop();
  await page.goto(`${shellUrl}${edit.path}`);
  const field = page.getByLabel(edit.field, { exact: true }).first();
  await field.fill('kept across the error');
  await page.evaluate(() => {
    window.__devCheckNoReload = true;
  });
  let shown = false;
  try {
    await writeFile(edit.file, original.replace(edit.before, `${edit.before} {`));
    shown = await page
      .frameLocator(overlaySelector)
      .locator('body', { hasText: name })
      .waitFor({ timeout: 45_000 })
      .then(() => true)
      .catch(() => false);
  } finally {
    await writeFile(edit.file, original);
  }
  const cleared = await page
    .locator(overlaySelector)
    .waitFor({ state: 'detached', timeout: 45_000 })
    .then(() => true)
    .catch(() => false);
  const back = await page
    .getByRole(edit.role, { name: edit.before, exact: true })
    .first()
    .waitFor({ timeout: 45_000 })
    .then(() => true)
    .catch(() => false);
  const noReload = await page.evaluate(() => window.__devCheckNoReload === true);
  const stateKept = (await field.inputValue().catch(() => '')) === 'kept across the error';
  return { shown, cleared, back, noReload, stateKept };
}

function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

/** A block of free ports: the five apps from `base`, the API and the inbox just above. */
async function freePorts() {
  for (let base = 7400; base < 9400; base += 20) {
    const ports = { ...suitePorts(base), api: base + 10, inbox: base + 11 };
    const free = await Promise.all(Object.values(ports).map(portFree));
    if (free.every(Boolean)) return ports;
  }
  throw new Error('No free block of ports between 7400 and 9400');
}

/** The process ids below `pid` (from /proc), the dev suite's whole tree. */
async function descendants(pid) {
  const parents = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while reading
    }
  }
  const found = new Set();
  let added = true;
  while (added) {
    added = false;
    for (const [child, parent] of parents) {
      if ((parent === pid || found.has(parent)) && !found.has(child)) {
        found.add(child);
        added = true;
      }
    }
  }
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(500);
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

async function main() {
  const ports = await freePorts();
  const dataDir = join(root, '.data', `dev-check-${ports.shell}`);
  await rm(dataDir, { recursive: true, force: true });
  log(`npm run dev on ${ports.shell}-${ports.admin}, API ${ports.api}, inbox ${ports.inbox}`);
  const dev = spawn('npm', ['run', 'dev'], {
    cwd: root,
    env: {
      ...process.env,
      PORT_BASE: String(ports.shell),
      API_PORT: String(ports.api),
      INBOX_PORT: String(ports.inbox),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  dev.stdout.on('data', (chunk) => (output += chunk));
  dev.stderr.on('data', (chunk) => (output += chunk));
  let exit = null;
  const exited = new Promise((resolve) =>
    dev.once('exit', (code, signal) => resolve((exit = { code, signal }))),
  );
  const seen = new Set();
  const track = setInterval(async () => {
    for (const pid of await descendants(dev.pid)) seen.add(pid);
  }, 1000);

  let browser;
  let hung = false;
  let signalled = Date.now();
  let pageForReport;
  try {
    const shellUrl = `http://127.0.0.1:${ports.shell}`;
    await waitFor(
      'the dev servers (shell page, each remote manifest)',
      async () => {
        if (exit) throw new Error(`npm run dev exited (${JSON.stringify(exit)}):\n${output}`);
        const urls = [
          `${shellUrl}/config.json`,
          ...['guest', 'lounge', 'games', 'admin'].map(
            (name) => `http://127.0.0.1:${ports[name]}/mf-manifest.json`,
          ),
        ];
        const answers = await Promise.all(urls.map((url) => fetch(url).then((r) => r.ok)));
        return answers.every(Boolean);
      },
      150_000,
    ).catch((error) => {
      if (exit) throw error;
      throw new Error(`${error.message}\n${output.slice(-3000)}`);
    });
    log('dev servers up');

    const keys = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8'));
    const token = await fetch(`${keys.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
    });
    if (!token.ok) throw new Error(`The seeded admin cannot sign in: HTTP ${token.status}`);
    const session = await token.json();

    browser = await chromium.launch({
      executablePath: ensureChromium(),
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const visitorPage = await browser.newPage();
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // What the page logged, printed when the check fails.
    page.on('console', (message) => {
      output += `[browser ${message.type()}] ${message.text()}\n`;
    });
    pageForReport = page;
    const storageKey = `sb-${new URL(keys.url).hostname.split('.')[0]}-auth-token`;
    await page.addInitScript(
      ([key, value]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      [storageKey, JSON.stringify(session)],
    );

    // A page of each remote, with the remote's own code on it.
    for (const [path, remote] of [
      ['/games', 'games'],
      ['/djs', 'lounge'],
      ['/admin', 'admin'],
      ['/chat', 'guest'],
    ]) {
      await page.goto(`${shellUrl}${path}`);
      await page.locator(`main [data-remote="${remote}"] h1`).first().waitFor({ timeout: 60_000 });
      const failed = await page
        .locator('main [role="alert"]', { hasText: "couldn't load" })
        .count();
      if (failed) throw new Error(`${path}: the ${remote} area couldn't load`);
      if (new URL(page.url()).pathname !== path) {
        throw new Error(`${path} went to ${page.url()} instead of showing the ${remote} page`);
      }
      log(`${path} shows the ${remote} remote`);
    }

    for (const edit of edits) {
      // /auth is a visitor's page (a signed-in user is sent on).
      const result = await tryEdit(edit.visitor ? visitorPage : page, shellUrl, edit);
      log(`${edit.name}: ${JSON.stringify(result)}`);
      if (!result.arrived) throw new Error(`${edit.name}: the edit never reached the page`);
      if (!(result.noReload && result.stateKept)) {
        throw new Error(`${edit.name}: no Fast Refresh (${JSON.stringify(result)})`);
      }
    }
    // The error overlay is on for the remotes too, and a fixed error is hot as well.
    const guestEdit = edits.find((e) => e.name.startsWith('guest'));
    const compileError = await tryCompileError(page, shellUrl, guestEdit);
    log(`guest remote: a compile error: ${JSON.stringify(compileError)}`);
    if (!Object.values(compileError).every(Boolean)) {
      throw new Error(
        `guest remote: the compile error's overlay (${JSON.stringify(compileError)})`,
      );
    }
    if (errors.length) throw new Error(`Errors on the page: ${errors.join('; ')}`);
  } catch (error) {
    const main = await pageForReport
      ?.locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '');
    const url = pageForReport?.url() ?? '';
    throw new Error(
      `${error.message}\n--- page ${url}, main:\n${main}\n--- dev output:\n${output.slice(-4000)}`,
    );
  } finally {
    for (const [file, text] of originals) {
      if (readFileSync(file, 'utf8') !== text) await writeFile(file, text);
    }
    await browser?.close();
    clearInterval(track);
    for (const pid of await descendants(dev.pid).catch(() => new Set())) seen.add(pid);
    if (!exit) dev.kill('SIGTERM');
    signalled = Date.now();
    // an unreferenced timer: once the suite has stopped, it must not hold the check open
    const stopped = await Promise.race([
      exited.then(() => true),
      sleep(30_000, undefined, { ref: false }).then(() => false),
    ]);
    if (!stopped) {
      for (const pid of [dev.pid, ...seen]) if (alive(pid)) process.kill(pid, 'SIGKILL');
      hung = true;
    }
  }
  if (hung) throw new Error('npm run dev did not stop within 30 s of SIGTERM');
  log(`npm run dev exited on SIGTERM (${seen.size} processes had been started)`);

  // npm returns as soon as it has passed the signal on; dev.mjs then stops its
  // servers (SIGKILL after 5 s) and the backend. Everything must be gone within 20 s.
  const until = Date.now() + 20_000;
  while ([...seen].some(alive) && Date.now() < until) await sleep(250);
  const left = [...seen].filter(alive);
  if (left.length) {
    for (const pid of left) process.kill(pid, 'SIGKILL');
    throw new Error(`Processes left after npm run dev stopped: ${left.join(', ')}`);
  }
  const busy = [];
  for (const [name, port] of Object.entries(ports)) if (!(await portFree(port))) busy.push(name);
  if (busy.length) throw new Error(`Ports still taken after stopping: ${busy.join(', ')}`);
  await rm(dataDir, { recursive: true, force: true });
  log(
    `no process left ${((Date.now() - signalled) / 1000).toFixed(1)} s after SIGTERM, every port free`,
  );
}

main().catch((error) => {
  console.error(`[dev-check] FAILED: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
