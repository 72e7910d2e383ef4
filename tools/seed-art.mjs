#!/usr/bin/env node
/**
 * The seed's pictures: original, stylised artwork drawn here as SVG (no photographs, no
 * people's likenesses, no text: titles are the page's own) and rendered to WebP with sharp into
 * supabase/seed-storage/<bucket>/<name>, the files seed.sql names in storage.objects. Each
 * picture comes from a fixed seed, so running it again writes the same images:
 *
 *   node tools/seed-art.mjs
 *
 * The backend copies a file into its store when seed.sql's row names it and the store lacks it
 * (apps/backend/src/storage/seed-objects.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SEED_STORAGE = path.join(root, 'supabase/seed-storage');

/** A small deterministic random source (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (r, list) => list[Math.floor(r() * list.length)];
const between = (r, lo, hi) => lo + r() * (hi - lo);
const f = (n) => n.toFixed(1);

function svg(w, h, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter><filter id="soft"><feGaussianBlur stdDeviation="30"/></filter></defs>${body}</svg>`;
}

const linear = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/** Cleveland's skyline as a silhouette: Terminal Tower's stepped spire among towers. */
function skyline(w, h, base, fill, r) {
  const parts = [];
  let x = 0;
  while (x < w) {
    const bw = between(r, 40, 110);
    const bh = between(r, 60, 230);
    parts.push(
      `<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh + h)}" fill="${fill}"/>`,
    );
    for (let wy = base - bh + 14; wy < base - 10; wy += 22)
      for (let wx = x + 8; wx < x + bw - 10; wx += 18)
        if (r() < 0.35)
          parts.push(
            `<rect x="${f(wx)}" y="${f(wy)}" width="7" height="9" fill="#ffd77a" opacity="${f(between(r, 0.4, 0.9))}"/>`,
          );
    x += bw + between(r, 2, 14);
  }
  const tx = w * between(r, 0.35, 0.6);
  parts.push(
    `<path d="M${f(tx - 60)} ${base} V${f(base - 250)} H${f(tx - 40)} V${f(base - 320)} H${f(tx - 24)} V${f(base - 370)} H${f(tx - 10)} L${f(tx)} ${f(base - 430)} L${f(tx + 10)} ${f(base - 370)} H${f(tx + 24)} V${f(base - 320)} H${f(tx + 40)} V${f(base - 250)} H${f(tx + 60)} V${base} Z" fill="${fill}"/>`,
  );
  return parts.join('');
}

const THEMES = {
  neon(r, w, h) {
    const colors = ['#ff2bd6', '#19e3ff', '#b14bff', '#39ff88', '#ffe14b'];
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    for (let i = 0; i < 7; i++) {
      const c = pick(r, colors);
      const cx = between(r, 0, w);
      const cy = between(r, 0, h);
      const rad = between(r, 60, 260);
      body +=
        r() < 0.5
          ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="none" stroke="${c}" stroke-width="${f(between(r, 6, 16))}" filter="url(#glow)" opacity="0.9"/>`
          : `<path d="M${f(cx - rad)} ${f(cy)} Q${f(cx)} ${f(cy - rad * 1.4)} ${f(cx + rad)} ${f(cy)} T${f(cx + rad * 3)} ${f(cy)}" fill="none" stroke="${c}" stroke-width="${f(between(r, 6, 14))}" stroke-linecap="round" filter="url(#glow)"/>`;
    }
    for (let i = 0; i < 60; i++)
      body += `<circle cx="${f(between(r, 0, w))}" cy="${f(between(r, 0, h))}" r="${f(between(r, 2, 7))}" fill="${pick(r, colors)}" opacity="${f(between(r, 0.4, 1))}"/>`;
    return { defs: linear('bg', ['#12002b', '#2a0150', '#07001a']), body };
  },
  jazz(r, w, h) {
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    body += `<circle cx="${f(w * between(r, 0.6, 0.8))}" cy="${f(h * 0.35)}" r="${f(h * 0.3)}" fill="#ffb347" opacity="0.25" filter="url(#soft)"/>`;
    const keysY = h * between(r, 0.68, 0.76);
    for (let x = 0, i = 0; x < w; x += 46, i++) {
      body += `<rect x="${x}" y="${f(keysY)}" width="44" height="${f(h - keysY)}" fill="#f6ead2"/>`;
      if (i % 7 !== 2 && i % 7 !== 6)
        body += `<rect x="${x + 30}" y="${f(keysY)}" width="28" height="${f((h - keysY) * 0.6)}" fill="#1b0f08"/>`;
    }
    for (let i = 0; i < 5; i++) {
      const cx = between(r, 80, w - 80);
      const cy = between(r, 80, keysY - 60);
      const rad = between(r, 40, 90);
      body += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rad)}" ry="${f(rad * 0.45)}" fill="#f3e7d3" opacity="0.9"/><ellipse cx="${f(cx)}" cy="${f(cy - 4)}" rx="${f(rad * 0.5)}" ry="${f(rad * 0.2)}" fill="${pick(r, ['#c0392b', '#6b8e23', '#d35400', '#8e44ad'])}"/>`;
    }
    const sx = between(r, 0.15, 0.35) * w;
    body += `<path d="M${f(sx)} 120 C ${f(sx + 20)} 260, ${f(sx - 10)} 360, ${f(sx + 60)} 430 C ${f(sx + 120)} 480, ${f(sx + 170)} 420, ${f(sx + 150)} 360" fill="none" stroke="#d4a017" stroke-width="26" stroke-linecap="round"/>`;
    for (let i = 0; i < 4; i++)
      body += `<circle cx="${f(sx + 8 + i * 4)}" cy="${170 + i * 55}" r="7" fill="#8a6510"/>`;
    for (let i = 0; i < 8; i++)
      body += `<path d="M${f(between(r, 0, w))} ${f(between(r, 40, keysY - 40))} q 12 -18 24 0 t 24 0" fill="none" stroke="#ffd8a0" stroke-width="3" opacity="0.6"/>`;
    return { defs: linear('bg', ['#2b1408', '#4a230d', '#1a0b04']), body };
  },
  throwback(r, w, h) {
    const colors = ['#ff6b9d', '#00c2d1', '#ffd23f', '#7a5cff', '#17c964'];
    let body = `<rect width="${w}" height="${h}" fill="#fdf0d5"/>`;
    for (let i = 0; i < 26; i++) {
      const c = pick(r, colors);
      const x = between(r, 0, w);
      const y = between(r, 0, h);
      const s = between(r, 20, 70);
      const kind = Math.floor(r() * 3);
      body +=
        kind === 0
          ? `<path d="M${f(x)} ${f(y)} l${f(s)} ${f(s * 1.6)} h${f(-s * 2)} z" fill="${c}" transform="rotate(${f(between(r, 0, 360))} ${f(x)} ${f(y)})"/>`
          : kind === 1
            ? `<path d="M${f(x)} ${f(y)} q ${f(s / 2)} ${f(-s)} ${f(s)} 0 t ${f(s)} 0 t ${f(s)} 0" fill="none" stroke="${c}" stroke-width="8" stroke-linecap="round"/>`
            : `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s / 2)}" fill="none" stroke="${c}" stroke-width="8"/>`;
    }
    const cx = w * between(r, 0.3, 0.7);
    const cy = h * 0.5;
    body += `<g transform="rotate(${f(between(r, -12, 12))} ${f(cx)} ${f(cy)})"><rect x="${f(cx - 260)}" y="${f(cy - 160)}" width="520" height="320" rx="26" fill="#222"/><rect x="${f(cx - 220)}" y="${f(cy - 130)}" width="440" height="150" rx="12" fill="${pick(r, colors)}"/><circle cx="${f(cx - 110)}" cy="${f(cy - 55)}" r="46" fill="#fdf0d5"/><circle cx="${f(cx + 110)}" cy="${f(cy - 55)}" r="46" fill="#fdf0d5"/><circle cx="${f(cx - 110)}" cy="${f(cy - 55)}" r="18" fill="#222"/><circle cx="${f(cx + 110)}" cy="${f(cy - 55)}" r="18" fill="#222"/><path d="M${f(cx - 150)} ${f(cy + 160)} l40 -90 h220 l40 90 z" fill="#444"/></g>`;
    return { defs: '', body };
  },
  latin(r, w, h) {
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    const sx = w * between(r, 0.25, 0.75);
    const sy = h * between(r, 0.3, 0.45);
    body += `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(h * 0.26)}" fill="#ffd166"/>`;
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      body += `<line x1="${f(sx + Math.cos(a) * h * 0.3)}" y1="${f(sy + Math.sin(a) * h * 0.3)}" x2="${f(sx + Math.cos(a) * h * 0.4)}" y2="${f(sy + Math.sin(a) * h * 0.4)}" stroke="#ffd166" stroke-width="8" stroke-linecap="round" opacity="0.8"/>`;
    }
    for (let i = 0; i < 5; i++) {
      const y = h * 0.6 + i * 45;
      body += `<path d="M0 ${f(y)} Q ${f(w * 0.25)} ${f(y - 40)} ${f(w * 0.5)} ${f(y)} T ${w} ${f(y)} V ${h} H 0 Z" fill="${['#e63946', '#d62828', '#b5179e', '#7209b7', '#3a0ca3'][i]}" opacity="0.85"/>`;
    }
    for (let i = 0; i < 3; i++) {
      const px = between(r, 0, w);
      const py = h * 0.75;
      body += `<path d="M${f(px)} ${h} Q ${f(px + 20)} ${f(py - 120)} ${f(px + 60)} ${f(py - 260)}" stroke="#1b1b1b" stroke-width="14" fill="none"/>`;
      for (let j = 0; j < 6; j++) {
        const a = -Math.PI / 2 + (j - 2.5) * 0.55;
        body += `<path d="M${f(px + 60)} ${f(py - 260)} q ${f(Math.cos(a) * 70)} ${f(Math.sin(a) * 70 - 30)} ${f(Math.cos(a) * 140)} ${f(Math.sin(a) * 140 + 40)}" stroke="#1b1b1b" stroke-width="12" fill="none" stroke-linecap="round"/>`;
      }
    }
    return { defs: linear('bg', ['#ff7b00', '#ff3d6e', '#8f2d9e']), body };
  },
  rooftop(r, w, h) {
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    for (let i = 0; i < 90; i++)
      body += `<circle cx="${f(between(r, 0, w))}" cy="${f(between(r, 0, h * 0.5))}" r="${f(between(r, 0.8, 2.4))}" fill="#fff" opacity="${f(between(r, 0.3, 0.9))}"/>`;
    body += `<circle cx="${f(w * between(r, 0.1, 0.9))}" cy="${f(h * 0.18)}" r="44" fill="#fdf6d8"/>`;
    body += skyline(w, h, h * 0.78, '#0a0f24', r);
    body += `<rect y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.22)}" fill="#05070f"/>`;
    const channels = ['#ff3b6b', '#2ee6a6', '#3b9bff'];
    for (let i = 0; i < 9; i++) {
      const c = channels[i % 3];
      const x = between(r, 40, w - 40);
      const y = between(r, h * 0.82, h * 0.95);
      body += `<path d="M${f(x - 24)} ${f(y)} a 24 24 0 0 1 48 0" fill="none" stroke="${c}" stroke-width="7" filter="url(#glow)"/><rect x="${f(x - 30)}" y="${f(y - 4)}" width="12" height="20" rx="4" fill="${c}"/><rect x="${f(x + 18)}" y="${f(y - 4)}" width="12" height="20" rx="4" fill="${c}"/>`;
    }
    return { defs: linear('bg', ['#0b1a4a', '#3b2a7a', '#c25b8a']), body };
  },
};

/** A DJ: headphones over a turntable, in the DJ's colours (no face). */
function djArt(r, w, h, [a, b, c]) {
  let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  for (let i = 0; i < 8; i++)
    body += `<circle cx="${w / 2}" cy="${f(h * 0.62)}" r="${f(60 + i * 34)}" fill="none" stroke="${c}" stroke-width="2" opacity="${f(0.5 - i * 0.05)}"/>`;
  body += `<circle cx="${w / 2}" cy="${f(h * 0.62)}" r="150" fill="#0d0d12"/><circle cx="${w / 2}" cy="${f(h * 0.62)}" r="52" fill="${c}"/><circle cx="${w / 2}" cy="${f(h * 0.62)}" r="7" fill="#0d0d12"/>`;
  for (let i = 1; i < 6; i++)
    body += `<circle cx="${w / 2}" cy="${f(h * 0.62)}" r="${60 + i * 16}" fill="none" stroke="#2a2a35" stroke-width="2"/>`;
  body += `<path d="M${f(w * 0.2)} ${f(h * 0.42)} A ${f(w * 0.3)} ${f(w * 0.3)} 0 0 1 ${f(w * 0.8)} ${f(h * 0.42)}" fill="none" stroke="${a}" stroke-width="24" stroke-linecap="round"/><rect x="${f(w * 0.12)}" y="${f(h * 0.36)}" width="70" height="120" rx="30" fill="${a}"/><rect x="${f(w * 0.88 - 70)}" y="${f(h * 0.36)}" width="70" height="120" rx="30" fill="${a}"/>`;
  body += `<line x1="${f(w * 0.78)}" y1="${f(h * 0.5)}" x2="${f(w * 0.6)}" y2="${f(h * 0.7)}" stroke="#d9d9e3" stroke-width="8" stroke-linecap="round"/>`;
  for (let i = 0; i < 14; i++) {
    const x = between(r, 20, w - 20);
    body += `<rect x="${f(x)}" y="${f(h - 60 - between(r, 10, 90))}" width="14" height="200" rx="4" fill="${b}" opacity="0.7"/>`;
  }
  return svg(w, h, linear('bg', ['#101018', b, '#101018'], 1, 1), body);
}

/** The lounge and the bistro, drawn: the pictures guests would post to the photo wall. */
const PHOTO_SCENES = {
  cocktails(r, w, h) {
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    for (let i = 0; i < 12; i++)
      body += `<circle cx="${f(between(r, 0, w))}" cy="${f(between(r, 0, h * 0.5))}" r="${f(between(r, 20, 70))}" fill="${pick(r, ['#ff9f1c', '#ff4d6d', '#4cc9f0'])}" opacity="0.25" filter="url(#soft)"/>`;
    body += `<rect y="${f(h * 0.72)}" width="${w}" height="${f(h * 0.28)}" fill="#2b1a10"/>`;
    const glasses = [
      [0.28, '#3a86ff'],
      [0.52, '#ff006e'],
      [0.76, '#ffbe0b'],
    ];
    for (const [x, c] of glasses) {
      const cx = w * x;
      const base = h * 0.72;
      body += `<path d="M${f(cx - 90)} ${f(base - 330)} L${f(cx + 90)} ${f(base - 330)} L${f(cx)} ${f(base - 200)} Z" fill="${c}" opacity="0.85"/><path d="M${f(cx - 90)} ${f(base - 330)} L${f(cx + 90)} ${f(base - 330)} L${f(cx)} ${f(base - 200)} Z" fill="none" stroke="#fff" stroke-width="5" opacity="0.8"/><line x1="${f(cx)}" y1="${f(base - 200)}" x2="${f(cx)}" y2="${f(base - 20)}" stroke="#fff" stroke-width="6" opacity="0.8"/><ellipse cx="${f(cx)}" cy="${f(base - 14)}" rx="50" ry="10" fill="#fff" opacity="0.8"/><circle cx="${f(cx + 60)}" cy="${f(base - 330)}" r="22" fill="#9ef01a" stroke="#2b9348" stroke-width="5"/>`;
    }
    return svg(w, h, linear('bg', ['#1a1033', '#3d1f4d']), body);
  },
  dancefloor(r, w, h) {
    let body = `<rect width="${w}" height="${h}" fill="#09060f"/>`;
    const colors = ['#ff2bd6', '#19e3ff', '#ffe14b', '#39ff88'];
    for (let i = 0; i < 6; i++) {
      const x = between(r, 0, w);
      body += `<path d="M${f(w / 2)} 0 L${f(x - 80)} ${h} L${f(x + 80)} ${h} Z" fill="${pick(r, colors)}" opacity="0.16"/>`;
    }
    const size = w / 8;
    for (let y = h * 0.6, row = 0; y < h; y += size * 0.5, row++)
      for (let x = -size; x < w + size; x += size)
        body += `<path d="M${f(x + row * 12)} ${f(y)} h${f(size - 6)} l 10 ${f(size * 0.5 - 6)} h${f(-size + 6)} z" fill="${pick(r, colors)}" opacity="${f(between(r, 0.25, 0.8))}"/>`;
    body += `<circle cx="${w / 2}" cy="${f(h * 0.16)}" r="70" fill="#c9c9d6"/>`;
    for (let i = 0; i < 40; i++) {
      const a = between(r, 0, Math.PI * 2);
      const d = between(r, 0, 62);
      body += `<rect x="${f(w / 2 + Math.cos(a) * d - 6)}" y="${f(h * 0.16 + Math.sin(a) * d - 6)}" width="12" height="12" fill="${pick(r, ['#ffffff', '#8d8da3', ...colors])}"/>`;
    }
    return svg(w, h, '', body);
  },
  skyline(r, w, h) {
    let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    body += skyline(w, h, h * 0.7, '#0b0b1a', r);
    body += `<rect y="${f(h * 0.7)}" width="${w}" height="${f(h * 0.3)}" fill="#101b3a"/>`;
    for (let i = 0; i < 40; i++)
      body += `<rect x="${f(between(r, 0, w))}" y="${f(between(r, h * 0.72, h))}" width="${f(between(r, 20, 90))}" height="3" fill="#ffd77a" opacity="${f(between(r, 0.2, 0.7))}"/>`;
    body += `<rect x="0" y="0" width="${w}" height="${h}" fill="none" stroke="#1c1208" stroke-width="40"/><line x1="${w / 2}" y1="0" x2="${w / 2}" y2="${h}" stroke="#1c1208" stroke-width="24"/>`;
    return svg(w, h, linear('bg', ['#0d1b4c', '#6a2c70', '#f08a5d']), body);
  },
  dinner(r, w, h) {
    let body = `<rect width="${w}" height="${h}" fill="#3b2416"/>`;
    for (let i = 0; i < 9; i++)
      body += `<rect x="0" y="${i * (h / 9)}" width="${w}" height="${f(h / 9 - 4)}" fill="#4a2e1c"/>`;
    const plates = [
      [0.3, 0.35, '#e76f51'],
      [0.7, 0.38, '#2a9d8f'],
      [0.5, 0.72, '#f4a261'],
    ];
    for (const [x, y, c] of plates) {
      body += `<circle cx="${f(w * x)}" cy="${f(h * y)}" r="150" fill="#f7f3ea"/><circle cx="${f(w * x)}" cy="${f(h * y)}" r="110" fill="none" stroke="#e3dccb" stroke-width="4"/>`;
      for (let i = 0; i < 7; i++)
        body += `<circle cx="${f(w * x + between(r, -60, 60))}" cy="${f(h * y + between(r, -60, 60))}" r="${f(between(r, 12, 30))}" fill="${i % 2 ? c : '#6a994e'}"/>`;
    }
    body += `<circle cx="${f(w * 0.85)}" cy="${f(h * 0.8)}" r="40" fill="#ffe8a3" filter="url(#glow)"/><rect x="${f(w * 0.85 - 22)}" y="${f(h * 0.8)}" width="44" height="60" fill="#f2e9e4"/>`;
    return svg(w, h, '', body);
  },
};

/** What the seed ships: the bucket path, the picture and its size. */
export const SEED_ART = [
  ...[
    ['friday-night-neon', 'neon', 11],
    ['jazz-small-plates', 'jazz', 21],
    ['throwback-thursday', 'throwback', 31],
    ['latin-heat-saturday', 'latin', 41],
    ['rooftop-silent-disco', 'rooftop', 51],
  ].flatMap(([slug, theme, seed]) =>
    [1, 2, 3].map((n) => ({
      file: `event-images/seed/${slug}-${n}.webp`,
      draw: () => {
        const { defs, body } = THEMES[theme](rng(seed * 10 + n), 1200, 800);
        return svg(1200, 800, defs, body);
      },
    })),
  ),
  ...[
    ['dj-nova', ['#ff2bd6', '#3b0a6b', '#19e3ff'], 61],
    ['dj-sol', ['#ffb703', '#9d0208', '#ff7b00'], 62],
    ['midnight-marcus', ['#4cc9f0', '#10375c', '#f72585'], 63],
    ['lady-vinyl', ['#f4a261', '#5a189a', '#ffd166'], 64],
  ].map(([slug, palette, seed]) => ({
    file: `event-images/seed/djs/${slug}.webp`,
    draw: () => djArt(rng(seed), 800, 800, palette),
  })),
  ...[
    ['a0000000-0000-4000-8000-000000000002/seed-cocktails.webp', 'cocktails', 71],
    ['a0000000-0000-4000-8000-000000000003/seed-dance-floor.webp', 'dancefloor', 72],
    ['a0000000-0000-4000-8000-000000000002/seed-skyline.webp', 'skyline', 73],
    ['a0000000-0000-4000-8000-000000000003/seed-dinner.webp', 'dinner', 74],
  ].map(([name, scene, seed]) => ({
    file: `photo-wall/${name}`,
    draw: () => PHOTO_SCENES[scene](rng(seed), 1000, 1000),
  })),
];

async function main() {
  let total = 0;
  for (const art of SEED_ART) {
    const out = path.join(SEED_STORAGE, art.file);
    mkdirSync(path.dirname(out), { recursive: true });
    const bytes = await sharp(Buffer.from(art.draw())).webp({ quality: 72, effort: 6 }).toBuffer();
    writeFileSync(out, bytes);
    total += bytes.length;
    console.log(`${art.file}  ${(bytes.length / 1024).toFixed(1)} KiB`);
  }
  console.log(`${SEED_ART.length} files, ${(total / 1024).toFixed(1)} KiB`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
