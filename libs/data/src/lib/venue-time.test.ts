import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { formatWallClock, localWallClock, previousDay, venueWallClock } from './venue-time';

// date-fns with @date-fns/tz is the reference: the venue-time helpers must print
// exactly what it prints, for every pattern the suite uses.
const patterns = [
  "EEE, MMM d '·' h:mm a",
  "EEEE, MMMM d, yyyy 'at' h:mm a",
  'MMM d, yyyy',
  'h:mm:ss a',
  'yyyy-MM-dd',
];

// Every 19 h 13 min over two years (all hours, weekdays, months, both DST
// switches), plus the switches themselves and midnight/noon edges.
const instants: Date[] = [];
for (let t = Date.UTC(2025, 11, 1); t < Date.UTC(2027, 11, 31); t += (19 * 60 + 13) * 60_000) {
  instants.push(new Date(t));
}
instants.push(
  new Date('2026-03-08T06:59:59Z'),
  new Date('2026-03-08T07:00:00Z'),
  new Date('2026-11-01T05:30:00Z'),
  new Date('2026-11-01T06:30:00Z'),
  new Date('2026-07-04T04:00:00Z'),
  new Date('2026-07-04T16:00:00Z'),
  new Date('2028-02-29T17:00:00Z'),
);

describe('venue time', () => {
  it('prints what date-fns prints in America/New_York', () => {
    for (const instant of instants) {
      for (const pattern of patterns) {
        expect(formatWallClock(venueWallClock(instant), pattern)).toBe(
          format(new TZDate(instant, 'America/New_York'), pattern),
        );
      }
    }
  });

  it("prints what date-fns prints in the phone's time zone", () => {
    for (const instant of instants.slice(0, 200)) {
      expect(formatWallClock(localWallClock(instant), 'MMM d, yyyy')).toBe(
        format(instant, 'MMM d, yyyy'),
      );
    }
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(venueWallClock('2030-08-16T02:00:00Z')).toEqual({
      year: 2030,
      month: 8,
      day: 15,
      hour: 22,
      minute: 0,
      second: 0,
      weekday: 4,
    });
    expect(venueWallClock(Date.UTC(2030, 0, 1, 5))).toMatchObject({ day: 1, hour: 0 });
  });

  it('steps back across months, years and leap days', () => {
    const day = (year: number, month: number, d: number) =>
      formatWallClock(
        previousDay({ year, month, day: d, hour: 1, minute: 0, second: 0, weekday: 0 }),
        'EEE yyyy-MM-dd',
      );
    expect(day(2027, 1, 1)).toBe('Thu 2026-12-31');
    expect(day(2028, 3, 1)).toBe('Tue 2028-02-29');
    expect(day(2026, 3, 1)).toBe('Sat 2026-02-28');
  });

  it('rejects a pattern letter it does not implement', () => {
    expect(() => formatWallClock(venueWallClock(0), 'yyyy QQ')).toThrow(/QQ/);
  });
});
