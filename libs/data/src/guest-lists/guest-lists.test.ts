import { describe, expect, it } from 'vitest';
import {
  defaultGuestListClose,
  guestListClosesText,
  guestListClosesTextAt,
  isGuestListOpen,
} from './guest-lists';

describe('guestListClosesText', () => {
  it('says the close time in the venue time zone, on the hour without minutes', () => {
    // 03:00 UTC on a November night is 10 PM in New York (EST)
    expect(guestListClosesText('2026-11-28T03:00:00Z')).toBe('Guest list closes at 10 PM');
    expect(guestListClosesText('2026-11-28T03:30:00Z')).toBe('Guest list closes at 10:30 PM');
    // in summer (EDT) 02:00 UTC is 10 PM
    expect(guestListClosesText('2026-07-18T02:00:00Z')).toBe('Guest list closes at 10 PM');
  });
});

describe('isGuestListOpen', () => {
  it('is open until the close time, closed from it', () => {
    const closes = '2026-11-28T03:00:00Z';
    expect(isGuestListOpen(closes, new Date('2026-11-28T02:59:59Z'))).toBe(true);
    expect(isGuestListOpen(closes, new Date('2026-11-28T03:00:00Z'))).toBe(false);
  });
});

describe('guestListClosesTextAt', () => {
  it('says a venue time of day the same way', () => {
    expect(guestListClosesTextAt('22:00:00')).toBe('Guest list closes at 10 PM');
    expect(guestListClosesTextAt('00:30:00')).toBe('Guest list closes at 12:30 AM');
  });
});

describe('defaultGuestListClose', () => {
  it('is the close time on the event night, after midnight on the next day', () => {
    // an event at 11 PM on Friday, November 27, 2026 (EST)
    expect(defaultGuestListClose('2026-11-28T04:00:00Z', '22:00:00')).toBe(
      '2026-11-28T03:00:00.000Z',
    );
    expect(defaultGuestListClose('2026-11-28T04:00:00Z', '01:00:00')).toBe(
      '2026-11-28T06:00:00.000Z',
    );
  });
});
