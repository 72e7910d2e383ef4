// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findRoute, routeTable, routesOwnedBy } from './routes';

describe('route table', () => {
  it('lists every path of the spec once', () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/auth',
        '/admin',
        '/admin-enhanced',
        '/events',
        '/order',
        '/scanner',
        '/contact',
        '/chat',
        '/profile',
        '/privacy',
        '/privacy-policy',
        '/games',
        '/games/trivia-blast',
        '/games/word-chain',
        '/games/memory-match',
        '/games/guess-the-throwback',
        '/games/beat-the-clock',
        '/games/rap-it-or-scrap-it',
        '/djs',
        '/song-requests',
        '/bookings/cancel',
        '/reserve',
        '/door',
        '/tables',
        '/host-stand',
      ]),
    );
    expect(paths).toHaveLength(26);
  });

  it('assigns owners as ARCHITECTURE.md does', () => {
    expect(findRoute('/auth')?.owner).toBe('shell');
    expect(findRoute('/scanner')?.owner).toBe('guest');
    expect(findRoute('/privacy-policy')?.owner).toBe('guest');
    expect(findRoute('/djs')?.owner).toBe('lounge');
    expect(findRoute('/games/beat-the-clock')?.owner).toBe('games');
    expect(findRoute('/admin-enhanced')?.owner).toBe('admin');
    expect(routesOwnedBy('admin').map((r) => r.path)).toEqual([
      '/admin',
      '/admin-enhanced',
      '/door',
      '/host-stand',
    ]);
  });

  it('treats a trailing slash as the same page and anything else as unknown', () => {
    expect(findRoute('/events/')?.path).toBe('/events');
    expect(findRoute('/events/42')).toBeUndefined();
    expect(findRoute('/games/unknown')).toBeUndefined();
    expect(findRoute('/Events')).toBeUndefined();
  });
});
