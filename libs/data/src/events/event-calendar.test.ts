import { describe, expect, it } from 'vitest';
import { eventCalendar } from './event-calendar';

const venue = {
  name: 'Lakeshore Bistro & Ultra Lounge',
  shortName: 'Lakeshore Bistro',
  addressLine: '1250 West 6th Street, Cleveland, OH 44113',
};

describe('eventCalendar', () => {
  it("writes the event at the venue's street address in venue time", () => {
    const c = eventCalendar(
      {
        id: 'e1',
        title: 'Friday Night Neon',
        // 10 PM in Cleveland on a winter Friday (EST, UTC-5)
        event_date: '2026-12-05T03:00:00Z',
        description: 'Glow paint, neon cocktails; DJ Nova.',
      },
      venue,
      new Date('2026-11-26T12:00:00Z'),
    );
    expect(c?.fileName).toBe('friday-night-neon.ics');
    const lines = c!.ics.split('\r\n');
    expect(lines).toContain('SUMMARY:Friday Night Neon at Lakeshore Bistro');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261204T220000');
    expect(lines).toContain('DTEND;TZID=America/New_York:20261205T010000');
    expect(lines).toContain('DESCRIPTION:Glow paint\\, neon cocktails\\; DJ Nova.');
    // LOCATION is folded at 75 octets: unfold before reading it
    expect(c!.ics.replace(/\r\n /g, '')).toContain(
      'LOCATION:Lakeshore Bistro & Ultra Lounge\\, 1250 West 6th Street\\, Cleveland\\, OH 44113',
    );
    expect(c!.googleUrl).toContain('location=Lakeshore+Bistro');
  });

  it('gives nothing for an event without a valid date', () => {
    expect(
      eventCalendar({ id: 'e', title: 'x', event_date: 'soon', description: null }, venue),
    ).toBeNull();
  });
});
