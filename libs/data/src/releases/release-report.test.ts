import { describe, expect, it, vi } from 'vitest';
import { configureSupabase } from '../lib/supabase-client';
import { reportReason, sendReleaseReport } from './release-report';

describe('sendReleaseReport', () => {
  it("posts the report to the backend's report endpoint with the anon key", async () => {
    configureSupabase({ url: 'https://api.venue.test', anonKey: 'anon-key' });
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    sendReleaseReport(
      {
        area: 'games',
        version: '0123456789abcdef',
        outcome: 'refused',
        reason: 'react: needs ^20.0.0\n<b>x</b>',
      },
      fetchImpl as unknown as typeof fetch,
    );
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.venue.test/releases/v1/reports');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>)['apikey']).toBe('anon-key');
    expect(JSON.parse(String(init.body))).toEqual({
      area: 'games',
      version: '0123456789abcdef',
      outcome: 'refused',
      reason: 'react: needs ^20.0.0 <b>x</b>',
    });
  });

  it('drops a report it cannot send, without throwing', () => {
    configureSupabase({ url: 'https://api.venue.test', anonKey: 'anon-key' });
    const failing = vi.fn(() => {
      throw new TypeError('blocked');
    });
    expect(() =>
      sendReleaseReport(
        { area: 'games', version: '0123456789abcdef', outcome: 'loaded' },
        failing as unknown as typeof fetch,
      ),
    ).not.toThrow();
  });
});

describe('reportReason', () => {
  it('keeps printable ASCII and at most 300 characters', () => {
    expect(reportReason('a\u0000b\u00e9c')).toBe('a b c');
    expect(reportReason('x'.repeat(400))).toHaveLength(300);
  });
});
