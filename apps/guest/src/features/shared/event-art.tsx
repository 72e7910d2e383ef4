import styled from 'styled-components';

const Artwork = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  border-radius: 6px;
`;
/**
 * The cover of an event that has no image of its own: original artwork drawn
 * by the app, a night-time lakefront skyline under neon glows whose colours
 * and shapes follow from the event's id, so each night has its own picture
 * and the same one every time. 16:9, drawn at any size, decorative.
 */
const palettes = [
  ['#3b1d6e', '#ff4fd8', '#f2b84b'],
  ['#0f2b4c', '#35d0ff', '#a66bff'],
  ['#3a0d24', '#ff6b6b', '#ffd166'],
  ['#0d3b2e', '#3ef0a1', '#f2b84b'],
  ['#1d1b4f', '#7c5cff', '#ff8fd8'],
  ['#40210d', '#ff9f43', '#5ee7ff'],
] as const;

/** A small, stable hash (FNV-1a) of the event's id. */
export function artSeed(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function EventArt({ seed: key }: { seed: string }) {
  const seed = artSeed(key);
  const [base, glow, accent] = palettes[seed % palettes.length] ?? palettes[0];
  const rand = (n: number) => ((seed >>> (n % 24)) ^ (seed * (n + 7))) >>> 0;
  // The skyline: towers of varied heights along the lake.
  const towers = Array.from({ length: 14 }, (_, i) => {
    const w = 18 + (rand(i) % 22);
    const h = 40 + (rand(i + 3) % 110);
    return { x: i * 46 + (rand(i + 5) % 12), w, h };
  });
  const glowX = 120 + (rand(11) % 400);
  const glowY = 40 + (rand(13) % 80);
  const id = `art-${seed.toString(36)}`;
  return (
    <Artwork viewBox="0 0 640 360" aria-hidden focusable="false">
      <defs>
        <radialGradient id={`${id}-a`} cx={glowX / 640} cy={glowY / 360} r="0.6">
          <stop offset="0" stopColor={glow} stopOpacity="0.85" />
          <stop offset="1" stopColor={base} stopOpacity="0" />
        </radialGradient>
        <radialGradient id={`${id}-b`} cx="0.85" cy="0.2" r="0.5">
          <stop offset="0" stopColor={accent} stopOpacity="0.6" />
          <stop offset="1" stopColor={base} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-lake`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={glow} stopOpacity="0.35" />
          <stop offset="1" stopColor="#07060c" stopOpacity="1" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill={base} />
      <rect width="640" height="360" fill={`url(#${id}-a)`} />
      <rect width="640" height="360" fill={`url(#${id}-b)`} />
      {towers.map((t, i) => (
        <g key={i}>
          <rect x={t.x} y={260 - t.h} width={t.w} height={t.h} fill="#0b0913" />
          {Array.from({ length: Math.floor(t.h / 22) }, (_, j) => (
            <rect
              key={j}
              x={t.x + 4}
              y={266 - t.h + j * 22}
              width={Math.max(4, t.w - 8)}
              height={3}
              fill={j % 3 === rand(i) % 3 ? accent : glow}
              opacity={0.55}
            />
          ))}
        </g>
      ))}
      <rect y="260" width="640" height="100" fill={`url(#${id}-lake)`} />
      {[0, 1, 2, 3].map((i) => (
        <path
          key={i}
          d={`M0 ${282 + i * 18} Q 160 ${272 + i * 18 + (rand(i) % 12)} 320 ${282 + i * 18} T 640 ${282 + i * 18}`}
          stroke={i % 2 ? accent : glow}
          strokeOpacity={0.45 - i * 0.08}
          strokeWidth={2}
          fill="none"
        />
      ))}
    </Artwork>
  );
}
