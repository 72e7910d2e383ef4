// @vitest-environment node
import { authRedirectState, returnPath, signInReason } from './auth-redirect';

describe('the redirect to /auth', () => {
  it('returns only to a path on this site, never to /auth or another origin', () => {
    expect(returnPath(authRedirectState('/djs'))).toBe('/djs');
    expect(returnPath({ from: '/games/word-chain?players=3' })).toBe('/games/word-chain?players=3');
    expect(returnPath(null)).toBeNull();
    expect(returnPath({})).toBeNull();
    expect(returnPath({ from: 42 })).toBeNull();
    expect(returnPath({ from: '//evil.example/' })).toBeNull();
    expect(returnPath({ from: '/\\evil.example' })).toBeNull();
    expect(returnPath({ from: 'https://evil.example/' })).toBeNull();
    expect(returnPath({ from: '/auth' })).toBeNull();
    expect(returnPath({ from: '/auth?reset=1' })).toBeNull();
    expect(returnPath({ from: '/authors' })).toBe('/authors');
  });

  it('says why the visitor has to sign in, by the page they came from', () => {
    expect(signInReason('/song-requests')).toBe('Sign in to request songs and vote.');
    expect(signInReason('/djs')).toBe('Sign in to rate the DJs.');
    expect(signInReason('/games/memory-match')).toBe('Sign in to play the games.');
    expect(signInReason('/profile')).toBe('Sign in to see your profile and bookings.');
    expect(signInReason('/events')).toBe('Sign in to book an event.');
    expect(signInReason('/events?book=e1')).toBe('Sign in to reserve your spot.');
    expect(signInReason('/admin-enhanced')).toBe('Sign in to open the admin dashboard.');
    expect(signInReason('/reserve?party=2&date=2026-12-01&time=19%3A00')).toBe(
      'Sign in or sign up to reserve your table.',
    );
    expect(signInReason('/reserve?manage=KX7M2Q')).toBe(
      'Sign in to change or cancel your reservation.',
    );
    expect(signInReason('/reserved')).toBeNull();
    expect(signInReason('/djsx')).toBeNull();
    expect(signInReason('/contact')).toBeNull();
    expect(signInReason(null)).toBeNull();
  });
});
