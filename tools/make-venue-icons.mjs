#!/usr/bin/env node
// Draws the installable app's icons (apps/shell/public/icons/*.png) from the venue's
// mark (apps/shell/public/favicon.svg) in Chromium: 192 and 512 px, and a maskable
// 512 px one whose mark sits inside the safe zone (the inner 80%) on the venue's colour.
// Run after changing the mark: `node tools/make-venue-icons.mjs`; the PNGs are committed.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const publicDir = join(root, 'apps/shell/public');
const outDir = join(publicDir, 'icons');
mkdirSync(outDir, { recursive: true });
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
const icons = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.1 },
];
for (const { file, size, inset } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const pad = Math.round(size * inset);
  await page.setContent(
    `<html><body style="margin:0;background:#0d0b14">` +
      `<img src="${dataUrl}" style="display:block;width:${size - 2 * pad}px;height:${size - 2 * pad}px;margin:${pad}px"></body></html>`,
  );
  await page.screenshot({ path: join(outDir, file), omitBackground: inset === 0 });
  console.log(`wrote apps/shell/public/icons/${file}`);
}
await browser.close();
