#!/usr/bin/env node
// `npm run prod-check`: starts the built suite the way README's "Deploying the venue" says, on
// free ports with a throwaway data folder, and checks that it serves: the backend as its
// service would run it (`npm start -w @bistro/backend` with the production settings), the built
// apps as static files with a config.json naming the remotes and the API (apps/web-server, the
// reference for a static host), then: the shell's page and config, each remote's manifest,
// /health ready, /metrics only with the token, a sign-in, the request id in the answer and in
// the JSON log, `npm run backup` through the running backend, and a clean stop on SIGTERM.
// Needs the apps built (`npm run build`). Exits non-zero at the first failed check.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distOf, repoRoot as root, serveSuite } from '../apps/web-server/src/index.mjs';

const remotes = ['guest', 'lounge', 'games', 'admin'];
for (const name of ['shell', ...remotes])
  if (
    !existsSync(join(distOf(name), 'index.html')) &&
    !existsSync(join(distOf(name), 'mf-manifest.json'))
  )
    throw new Error(`apps/${name} is not built: run npm run build first`);

/** A port nobody listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });

const host = '127.0.0.1';
const ports = {
  shell: await freePort(),
  guest: await freePort(),
  lounge: await freePort(),
  games: await freePort(),
  admin: await freePort(),
};
const apiPort = await freePort();
const inboxPort = await freePort();
const data = await mkdtemp(join(tmpdir(), 'bistro-prod-check-'));
const metricsToken = `prod-check-${Math.random().toString(36).slice(2)}${Date.now()}`;
const site = `http://${host}:${ports.shell}`;
const api = `http://${host}:${apiPort}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: join(data, 'data'),
  HOST: host,
  PORT: String(apiPort),
  API_PORT: '',
  INBOX_PORT: String(inboxPort),
  API_EXTERNAL_URL: api,
  SITE_URL: site,
  CORS_ORIGINS: site,
  TRUST_PROXY: 'true',
  BACKUP_DIR: join(data, 'backups'),
  METRICS_TOKEN: metricsToken,
  LOG_LEVEL: 'info',
  DB_FROM_TEMPLATE: '',
};

let failed = 0;
const check = (what, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failed++;
};

let out = '';
const backend = spawn('npm', ['start', '-w', '@bistro/backend'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
backend.stdout.on('data', (d) => (out += d.toString()));
let exited = null;
const exitedPromise = new Promise((resolve) =>
  backend.once('exit', (code, signal) => {
    exited = { code, signal };
    resolve(exited);
  }),
);
let suite;
try {
  const deadline = Date.now() + 180_000;
  while (!out.includes('[backend] ready')) {
    if (exited) throw new Error(`the backend exited during start-up: ${JSON.stringify(exited)}`);
    if (Date.now() > deadline) throw new Error('the backend did not report ready within 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const keys = JSON.parse(await readFile(join(env.DATA_DIR, 'keys.json'), 'utf8'));
  check('keys.json names the external API URL', keys.url === api, keys.url);

  const configFile = join(data, 'config.json');
  await writeFile(
    configFile,
    JSON.stringify({
      remotes: Object.fromEntries(
        remotes.map((n) => [n, `http://${host}:${ports[n]}/mf-manifest.json`]),
      ),
      supabase: { url: api, anonKey: keys.anonKey },
    }),
  );
  suite = await serveSuite({ ports, host, configFile });

  const page = await fetch(`${site}/events`);
  const html = await page.text();
  check(
    'the shell serves an app URL',
    page.status === 200 && html.includes('<html'),
    `${page.status}`,
  );
  check('the page carries the runtime config', html.includes(api), 'API URL inline');
  for (const n of remotes) {
    const m = await fetch(`http://${host}:${ports[n]}/mf-manifest.json`);
    check(`the ${n} remote serves its manifest`, m.status === 200, `${m.status}`);
  }

  const health = await fetch(`${api}/health`);
  const h = await health.json();
  check('/health is ready', health.status === 200 && h.status === 'ready', JSON.stringify(h.parts));
  check('/metrics refuses without the token', (await fetch(`${api}/metrics`)).status === 401);
  const metrics = await fetch(`${api}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const text = await metrics.text();
  check(
    '/metrics serves Prometheus text with the token',
    metrics.status === 200 && text.includes('bistro_http_requests_total'),
  );

  const signIn = await fetch(`${api}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'content-type': 'application/json', origin: site },
    body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
  });
  const session = await signIn.json();
  check('the demo admin signs in', signIn.status === 200 && !!session.access_token);
  check(
    'CORS allows the site',
    signIn.headers.get('access-control-allow-origin') === site,
    signIn.headers.get('access-control-allow-origin') ?? 'none',
  );
  const events = await fetch(`${api}/rest/v1/events?select=id&limit=1`, {
    headers: { apikey: keys.anonKey, 'x-request-id': 'prod-check-1' },
  });
  check(
    'the API answers with the request id',
    events.headers.get('x-request-id') === 'prod-check-1',
  );
  await new Promise((r) => setTimeout(r, 200));
  const line = out.split('\n').find((l) => l.includes('"reqId":"prod-check-1"'));
  check('the JSON log has the request', !!line && JSON.parse(line).status === 200, line ?? 'none');
  const audit = await fetch(`${api}/rest/v1/audit_log?select=id&limit=1`, {
    headers: { apikey: keys.anonKey, authorization: `Bearer ${session.access_token}` },
  });
  check('an admin reads the audit trail', audit.status === 200, `${audit.status}`);

  const backup = spawnSync('npm', ['run', '-s', 'backup'], { cwd: root, env, encoding: 'utf8' });
  check(
    'npm run backup goes through the running backend',
    backup.status === 0 && backup.stdout.includes('asking the running backend'),
    (backup.stdout + backup.stderr).trim().split('\n').at(-1),
  );
} catch (e) {
  check('the suite starts', false, e instanceof Error ? e.message : String(e));
} finally {
  await suite?.close();
  if (!exited) process.kill(-backend.pid, 'SIGTERM');
  const stop = await Promise.race([
    exitedPromise,
    new Promise((r) => setTimeout(() => r(null), 20_000)),
  ]);
  check('the backend stops on SIGTERM', stop !== null, JSON.stringify(stop));
  if (!stop) process.kill(-backend.pid, 'SIGKILL');
  await rm(data, { recursive: true, force: true });
}
console.log(failed ? `prod-check: ${failed} check(s) failed` : 'prod-check: every check passed');
process.exit(failed ? 1 : 0);
