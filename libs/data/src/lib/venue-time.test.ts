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
  'yyyy-MM-dd HH:mm:ss',
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

  it('agrees with the time-zone database from 2007 to 2099, and uses it outside', () => {
    const database = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const reference = (ms: number) => {
      const p = Object.fromEntries(database.formatToParts(ms).map((x) => [x.type, x.value]));
      return `${p['year']}-${p['month']}-${p['day']} ${p['hour']}:${p['minute']}:${p['second']}`;
    };
    const ours = (ms: number) => formatWallClock(venueWallClock(ms), 'yyyy-MM-dd HH:mm:ss');
    const checked: number[] = [];
    // Every 23 h 17 min, and the minutes around 2 AM on each day a DST switch may fall on.
    for (let ms = Date.UTC(2006, 11, 1); ms < Date.UTC(2100, 1, 1); ms += (23 * 60 + 17) * 60_000) {
      checked.push(ms);
    }
    for (let year = 2007; year < 2100; year++) {
      for (const month of [2, 10]) {
        for (let day = 1; day <= 14; day++) {
          for (const minutes of [5 * 60 + 59, 6 * 60, 6 * 60 + 59, 7 * 60, 7 * 60 + 59, 8 * 60]) {
            checked.push(Date.UTC(year, month, day) + minutes * 60_000);
          }
        }
      }
    }
    checked.push(Date.UTC(1999, 6, 4, 12), Date.UTC(2150, 6, 4, 12), Date.UTC(1970, 0, 1));
    const wrong = checked.filter((ms) => ours(ms) !== reference(ms));
    expect(wrong.map((ms) => new Date(ms).toISOString())).toEqual([]);
    expect(checked.length).toBeGreaterThan(40_000);
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
