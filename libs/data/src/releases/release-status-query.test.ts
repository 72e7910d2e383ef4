import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../lib/runtime-config';
import { summarizeReleases } from './release-status-query';

const url = (v: string) => `https://r.test/releases/games/${v}/mf-manifest.json`;
const rel = (version: string) => ({ version, url: url(version), integrity: `sha384-${version}` });
const remotes = {
  guest: 'https://g.test/mf-manifest.json',
  lounge: 'https://l.test/mf-manifest.json',
  games: 'https://ga.test/mf-manifest.json',
  admin: 'https://a.test/mf-manifest.json',
};

const config = parseRuntimeConfig({
  remotes,
  releases: {
    games: { ...rel('v2'), canary: { ...rel('v3'), percent: 10 }, fallbacks: [rel('v1')] },
  },
  releaseHistory: [
    { at: '2026-11-27T01:00:00Z', action: 'release', area: 'games', version: 'v1', previous: null },
    { at: '2026-11-27T02:00:00Z', action: 'release', area: 'games', version: 'v2', previous: 'v1' },
    { at: '2026-11-27T03:00:00Z', action: 'canary', area: 'games', version: 'v3', previous: 'v2' },
  ],
});

const row = (
  version: string,
  outcome: string,
  count: number,
  last_reason: string | null = null,
) => ({
  area: 'games',
  version,
  outcome,
  count,
  last_reason,
  last_at: `2026-11-27T0${count % 10}:00:00Z`,
});

describe('summarizeReleases', () => {
  it('gives each version of an area its role, counts and error rate, and the history newest first', () => {
    const s = summarizeReleases(config, [
      row('v2', 'loaded', 6),
      row('v2', 'refused', 2, 'remoteEntry.js does not match the released bytes'),
      row('v3', 'loaded', 1),
      row('bad', 'refused', 3, 'react: needs ^20.0.0'),
      { ...row('v2', 'loaded', 9), area: 'lounge' },
    ]);
    expect(s.areas).toHaveLength(1);
    const games = s.areas[0]!;
    expect(games.live).toBe('v2');
    expect(games.canary).toEqual({ version: 'v3', percent: 10 });
    expect(
      games.versions.map((v) => [v.version, v.role, v.loaded, v.refused, v.errorRate]),
    ).toEqual([
      ['v2', 'live', 6, 2, 0.25],
      ['v3', 'canary', 1, 0, 0],
      ['v1', 'earlier', 0, 0, null],
      ['bad', 'other', 0, 3, 1],
    ]);
    expect(games.versions[3]?.lastReason).toBe('react: needs ^20.0.0');
    expect(s.history.map((h) => h.version)).toEqual(['v3', 'v2', 'v1']);
  });

  it('has no areas when nothing is released', () => {
    expect(summarizeReleases(parseRuntimeConfig({ remotes }), [])).toEqual({
      areas: [],
      history: [],
    });
  });
});

describe('parseRuntimeConfig releaseHistory', () => {
  it('refuses an entry with an unknown action', () => {
    expect(() =>
      parseRuntimeConfig({
        remotes,
        releaseHistory: [
          { at: 'x', action: 'deploy', area: 'games', version: 'v1', previous: null },
        ],
      }),
    ).toThrow(/releaseHistory\.0\.action/);
  });
});
