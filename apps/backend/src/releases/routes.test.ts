import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { api, signedIn } from '../integration/support.js';
import { reasonKind } from './routes.js';

let srv: TestServer;
const token = 'metrics-token-for-release-reports';

beforeAll(async () => {
  srv = await startTestServer({ config: { metricsToken: token, trustProxy: true } });
});
afterAll(async () => {
  await srv?.close();
});

const v1 = '0123456789abcdef';
const v2 = 'fedcba9876543210';

const report = (body: unknown, ip = '198.51.100.1') =>
  api(srv, '/releases/v1/reports', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

describe('POST /releases/v1/reports', () => {
  it('counts loads and refusals per area, version and outcome; only admins read them', async () => {
    expect((await report({ area: 'games', version: v1, outcome: 'loaded' })).status).toBe(204);
    expect((await report({ area: 'games', version: v1, outcome: 'loaded' })).status).toBe(204);
    expect(
      (
        await report({
          area: 'games',
          version: v2,
          outcome: 'refused',
          reason: 'react: needs ^20.0.0, the shell provides 19.3.1',
        })
      ).status,
    ).toBe(204);
    const admin = await signedIn(srv, 'admin');
    const { data, error } = await admin
      .from('release_reports')
      .select('area, version, outcome, count, last_reason')
      .eq('area', 'games')
      .order('version');
    expect(error).toBeNull();
    expect(data).toEqual([
      { area: 'games', version: v1, outcome: 'loaded', count: 2, last_reason: null },
      {
        area: 'games',
        version: v2,
        outcome: 'refused',
        count: 1,
        last_reason: 'react: needs ^20.0.0, the shell provides 19.3.1',
      },
    ]);
    const member = await signedIn(srv, 'maya');
    expect((await member.from('release_reports').select('*')).data).toEqual([]);
    const anon = await api(srv, '/rest/v1/release_reports?select=*');
    expect(anon.status).toBe(401);
    // nobody writes the table through the REST API, admins neither
    const forged = await admin
      .from('release_reports')
      .insert({ area: 'games', version: v1, day: '2026-01-01', outcome: 'loaded', count: 99 });
    expect(forged.error?.code).toBe('42501');

    const metrics = await (
      await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    expect(metrics).toContain(
      `bistro_release_reports_total{area="games",version="${v1}",outcome="loaded",reason="none"} 2`,
    );
    expect(metrics).toContain(
      `bistro_release_reports_total{area="games",version="${v2}",outcome="refused",reason="contract"} 1`,
    );
  });

  it('refuses reports that are not of a release, and counts nothing for them', async () => {
    for (const body of [
      { area: 'shell', version: v1, outcome: 'loaded' },
      { area: 'games', version: 'v1', outcome: 'loaded' },
      { area: 'games', version: v1, outcome: 'crashed' },
      { area: 'games', version: v1, outcome: 'refused', reason: '<img src=x>\n'.repeat(40) },
      { area: 'games', version: v1, outcome: 'refused', reason: 42 },
    ])
      expect((await report(body, '198.51.100.2')).status).toBe(400);
    const rows = await srv.db.query<{ n: number }>(
      `select coalesce(sum(count), 0)::int as n from public.release_reports where area = 'games' and version = $1 and outcome <> 'loaded'`,
      [v1],
    );
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('lets one address send 60 reports a minute', async () => {
    const ip = '198.51.100.3';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await report({ area: 'lounge', version: v1, outcome: 'loaded' }, ip)).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    expect(
      (await report({ area: 'lounge', version: v1, outcome: 'loaded' }, '198.51.100.4')).status,
    ).toBe(204);
  });

  it('counts at most 20 versions of an area a day', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await report(
            { area: 'admin', version: i.toString(16).padStart(16, '0'), outcome: 'loaded' },
            `198.51.100.${10 + i}`,
          )
        ).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true);
    expect(statuses[20]).toBe(422);
  });
});

describe('reasonKind', () => {
  it('names the kind of a refusal', () => {
    expect(reasonKind('refused', 'remoteEntry.js does not match the released bytes (x)')).toBe(
      'integrity',
    );
    expect(reasonKind('refused', 'Module Federation: built with 2.8.0, the shell runs 2.9.2')).toBe(
      'federation',
    );
    expect(reasonKind('refused', 'release.json answered 404: not a finished release')).toBe(
      'unfinished',
    );
    expect(reasonKind('refused', 'remoteEntry.js answered 404')).toBe('unavailable');
    expect(reasonKind('failed', 'anything')).toBe('failed');
  });
});
