// @vitest-environment node
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AreaReleases } from '@bistro/data';
import {
  browserBucket,
  chooseRelease,
  sha384,
  type ChooseDeps,
  type ReleaseSkip,
} from './choose-release';

const enc = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

async function release(version: string, entry: string) {
  return {
    version,
    url: `https://releases.test/releases/games/${version}/mf-manifest.json`,
    integrity: await sha384(enc(entry)),
  };
}

interface HostedRelease {
  entry: string;
  react?: string;
  exposes?: boolean;
  /** The release record: false for none (a hand-made upload). */
  record?: false | { mf?: string; router?: string };
}

/** A release host: per version, the entry's bytes, the manifest and the release record. */
function host(files: Record<string, HostedRelease>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const version = /games\/([^/]+)\//.exec(url)?.[1] ?? '';
    const f = files[version];
    if (!f) return new Response('no', { status: 404 });
    if (url.endsWith('remoteEntry.js')) return new Response(f.entry);
    if (url.endsWith('release.json')) {
      const r = f.record ?? {};
      if (r === false) return new Response('no', { status: 404 });
      return Response.json({
        moduleFederation: r.mf ?? '2.9.2',
        shared: [
          {
            name: 'react',
            version: '19.3.1',
            singleton: true,
            requiredVersion: f.react ?? '^19.0.0',
          },
          {
            name: 'react-router-dom',
            version: '7.9.0',
            singleton: true,
            requiredVersion: r.router ?? '^7.0.0',
          },
        ],
      });
    }
    return Response.json({
      shared: [{ name: 'react', singleton: true, requiredVersion: f.react ?? '^19.0.0' }],
      exposes: f.exposes === false ? [] : [{ name: 'App', path: './App' }],
    });
  }) as unknown as typeof fetch;
}

const deps = (
  fetchImpl: typeof fetch,
  bucket = 50,
): ChooseDeps & { report: Mock<(skip: ReleaseSkip) => void> } => ({
  fetchImpl,
  bucket: () => bucket,
  provided: (pkg) => (pkg === 'react' ? ['19.3.1'] : pkg === 'react-router-dom' ? ['7.9.4'] : []),
  satisfies: (v, range) => v.startsWith(`${range.slice(1).split('.')[0]}.`),
  federationVersion: '2.9.2',
  report: vi.fn<(skip: ReleaseSkip) => void>(),
});

describe('chooseRelease', () => {
  it('loads the live release when it passes', async () => {
    const live = await release('v2', 'two');
    const d = deps(host({ v2: { entry: 'two' } }));
    const chosen = await chooseRelease('games', { ...live, fallbacks: [] }, d);
    expect(d.report.mock.calls).toEqual([]);
    expect(chosen?.version).toBe('v2');
    expect(d.report).not.toHaveBeenCalled();
  });

  it('falls back to the last good release, reporting why, when the shell cannot satisfy the React range', async () => {
    const releases: AreaReleases = {
      ...(await release('bad', 'bad')),
      fallbacks: [await release('v1', 'one')],
    };
    const d = deps(host({ bad: { entry: 'bad', react: '^20.0.0' }, v1: { entry: 'one' } }));
    expect((await chooseRelease('games', releases, d))?.version).toBe('v1');
    expect(d.report).toHaveBeenCalledWith({
      area: 'games',
      version: 'bad',
      reason: 'react: needs ^20.0.0 (built with 19.3.1), the shell provides 19.3.1',
    });
  });

  it('refuses a release built with another Module Federation runtime than the shell runs', async () => {
    const releases: AreaReleases = {
      ...(await release('mf', 'mf')),
      fallbacks: [await release('v1', 'one')],
    };
    const d = deps(host({ mf: { entry: 'mf', record: { mf: '2.8.0' } }, v1: { entry: 'one' } }));
    expect((await chooseRelease('games', releases, d))?.version).toBe('v1');
    expect(d.report.mock.calls[0]?.[0].reason).toBe(
      'Module Federation: built with 2.8.0, the shell runs 2.9.2',
    );
  });

  it("checks every shared singleton the release record declares, the router's too", async () => {
    const releases: AreaReleases = {
      ...(await release('r8', 'r8')),
      fallbacks: [await release('v1', 'one')],
    };
    const d = deps(
      host({ r8: { entry: 'r8', record: { router: '^8.0.0' } }, v1: { entry: 'one' } }),
    );
    expect((await chooseRelease('games', releases, d))?.version).toBe('v1');
    expect(d.report.mock.calls[0]?.[0].reason).toBe(
      'react-router-dom: needs ^8.0.0 (built with 7.9.0), the shell provides 7.9.4',
    );
  });

  it('refuses a release without its record (an unfinished or hand-made upload)', async () => {
    const releases: AreaReleases = {
      ...(await release('raw', 'raw')),
      fallbacks: [await release('v1', 'one')],
    };
    const d = deps(host({ raw: { entry: 'raw', record: false }, v1: { entry: 'one' } }));
    expect((await chooseRelease('games', releases, d))?.version).toBe('v1');
    expect(d.report.mock.calls[0]?.[0].reason).toBe(
      'release.json answered 404: not a finished release',
    );
  });

  it('refuses an entry whose bytes changed after release', async () => {
    const releases: AreaReleases = {
      ...(await release('v2', 'two')),
      fallbacks: [await release('v1', 'one')],
    };
    const d = deps(host({ v2: { entry: 'two, tampered' }, v1: { entry: 'one' } }));
    expect((await chooseRelease('games', releases, d))?.version).toBe('v1');
    expect(d.report.mock.calls[0]?.[0].reason).toMatch(/does not match the released bytes/);
  });

  it('serves a canary only to browsers whose bucket is under its share', async () => {
    const releases: AreaReleases = {
      ...(await release('v1', 'one')),
      canary: { ...(await release('v2', 'two')), percent: 50 },
      fallbacks: [],
    };
    const files = { v1: { entry: 'one' }, v2: { entry: 'two' } };
    expect((await chooseRelease('games', releases, deps(host(files), 10)))?.version).toBe('v2');
    expect((await chooseRelease('games', releases, deps(host(files), 70)))?.version).toBe('v1');
  });

  it('answers null, having reported each, when no release passes', async () => {
    const d = deps(host({}));
    expect(
      await chooseRelease('games', { ...(await release('v1', 'one')), fallbacks: [] }, d),
    ).toBeNull();
    expect(d.report).toHaveBeenCalledTimes(1);
  });
});

describe('browserBucket', () => {
  it('draws once and keeps it', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    const first = browserBucket(storage);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    expect(browserBucket(storage)).toBe(first);
  });
});
