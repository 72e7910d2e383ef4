import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const p = process.argv[2];
const ctx0 = await browser.newContext({ javaScriptEnabled: false });
const pg0 = await ctx0.newPage();
await pg0.goto('http://127.0.0.1:5400' + p);
const server = await pg0.evaluate(() => document.querySelector('#root').innerHTML.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ''));
const pg = await browser.newPage();
await pg.goto('http://127.0.0.1:5400' + p);
await pg.waitForTimeout(3000);
const client = await pg.evaluate(() => document.querySelector('#root').innerHTML.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ''));
const norm = (s) => s.replace(/<!--.*?-->/g, '').replace(/></g, '>\n<').split('\n');
const a = norm(server), b = norm(client);
let shown = 0;
for (let i = 0; i < Math.max(a.length, b.length) && shown < 12; i++) if (a[i] !== b[i]) { console.log('S:', a[i]?.slice(0, 200)); console.log('C:', b[i]?.slice(0, 200)); shown++; }
await browser.close();
