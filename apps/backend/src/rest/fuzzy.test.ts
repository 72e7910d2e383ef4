/** The "Perhaps you meant ..." hint: the closest name, none when nothing is close, and bounded work. */
import { describe, expect, it } from 'vitest';
import { closestName } from './fuzzy.js';

describe('closestName', () => {
  const names = ['request_song', 'remove_vote', 'cancel_reservation', 'book_reservation'];

  it('finds the name a typo meant, and none for an unrelated one', () => {
    expect(closestName('reqest_song', names)).toBe('request_song');
    expect(closestName('cancel_reservaton', names)).toBe('cancel_reservation');
    expect(closestName('zzzzqqq', names)).toBeNull();
  });

  // without the bound, this edit distance alone would run for minutes (the test's timeout)
  it('gives no hint for a name longer than any identifier', () => {
    expect(closestName('request_song'.repeat(100_000), names)).toBeNull();
  });
});
