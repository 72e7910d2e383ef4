#!/usr/bin/env node
// Prints the JavaScript a visitor downloads on `/`, file by file, raw and gzip
// sizes, and which server (shell or which remote) sent it. Needs a built suite;
// starts its own static servers (no backend) on ports 4400-4404.
import { gzipSync } from 'node:zlib';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from './ensure-chromium.mjs';
import { runtimeConfig, serveSuite, suitePorts } from './serve-suite.mjs';

const ports = suitePorts(Number(process.env.BUNDLE_PORT_BASE ?? 4400));
const names = Object.fromEntries(Object.entries(ports).map(([name, port]) => [port, name]));
const configFile = join(await mkdtemp(join(tmpdir(), 'bistro-bundle-')), 'config.json');
await writeFile(configFile, JSON.stringify(runtimeConfig({ ports })));
const suite = await serveSuite({ ports, configFile });
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  const files = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    const body = await response.body();
    files.push({
      area: names[url.port] ?? url.host,
      file: url.pathname.slice(1),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`http://127.0.0.1:${ports.shell}/`);
  await page.waitForSelector('main [data-area="guest"]');
  await page.waitForLoadState('networkidle');
  files.sort((a, b) => a.area.localeCompare(b.area) || b.gzip - a.gzip);
  const kb = (n) => (n / 1024).toFixed(1).padStart(7);
  console.log('JS downloaded by a visitor on / (KiB):');
  console.log(`${'area'.padEnd(7)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)}  file`);
  for (const f of files) console.log(`${f.area.padEnd(7)} ${kb(f.raw)} ${kb(f.gzip)}  ${f.file}`);
  const sum = (area) =>
    files.filter((f) => !area || f.area === area).reduce((s, f) => s + f.gzip, 0);
  console.log(
    `total gzip: ${kb(sum())} KiB (shell ${kb(sum('shell')).trim()}, guest ${kb(sum('guest')).trim()}) in ${files.length} files`,
  );
  const others = files.filter((f) => !['shell', 'guest'].includes(f.area));
  console.log(`files from lounge/games/admin: ${others.length}`);
} finally {
  await browser.close();
  await suite.close();
}
