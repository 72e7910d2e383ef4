// @vitest-environment node
import { format, parseISO } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import {
  calendarDate,
  formatWallClock,
  localWallClock,
  previousDay,
  venueInstant,
  venueWallClock,
} from './venue-time';

// date-fns with @date-fns/tz is the reference: the venue-time helpers must print
// exactly what it prints, for every pattern the suite uses.
const patterns = [
  "EEE, MMM d '·' h:mm a",
  "EEEE, MMMM d, yyyy 'at' h:mm a",
  'MMM d, yyyy',
  'h:mm:ss a',
  'h:mm a',
  'EEE, MMM d, yyyy, h:mm a',
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

const DAY_MS = 86_400_000;

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

  it('prints a calendar date as date-fns prints its parseISO', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2029, 0, 1); t += 3 * DAY_MS + 7 * 3_600_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(formatWallClock(calendarDate(iso), 'EEE, MMM d, yyyy')).toBe(
        format(parseISO(iso), 'EEE, MMM d, yyyy'),
      );
    }
    expect(calendarDate('2028-02-29')).toEqual({
      year: 2028,
      month: 2,
      day: 29,
      hour: 0,
      minute: 0,
      second: 0,
      weekday: 2,
    });
  });

  it('refuses a calendar date that is not one', () => {
    for (const bad of ['2027-02-29', '2026-13-01', '2026-08-14T00:00:00Z', '14/08/2026', '']) {
      expect(() => calendarDate(bad)).toThrow(RangeError);
    }
  });

  it('finds the instant of a venue wall-clock time as TZDate does, switches included', () => {
    const walls: [number, number, number, number, number][] = [];
    for (let t = Date.UTC(2025, 11, 1); t < Date.UTC(2027, 11, 31); t += (17 * 60 + 30) * 60_000) {
      const d = new Date(t);
      walls.push([
        d.getUTCFullYear(),
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      ]);
    }
    // the skipped hour in March and the repeated hour in November, 2026 and 2027
    for (const [y, m, d] of [
      [2026, 2, 8],
      [2026, 10, 1],
      [2027, 2, 14],
      [2027, 10, 7],
    ] as const) {
      for (let minutes = 0; minutes < 4 * 60; minutes += 15) {
        walls.push([y, m, d, Math.floor(minutes / 60), minutes % 60]);
      }
    }
    walls.push([1999, 6, 4, 21, 0], [2150, 0, 15, 9, 30]);
    for (const [year, monthIndex, day, hour, minute] of walls) {
      expect(
        new Date(venueInstant({ year, month: monthIndex + 1, day, hour, minute })).toISOString(),
      ).toBe(
        new Date(
          new TZDate(year, monthIndex, day, hour, minute, 'America/New_York').getTime(),
        ).toISOString(),
      );
    }
  });

  it('rejects a pattern letter it does not implement', () => {
    expect(() => formatWallClock(venueWallClock(0), 'yyyy QQ')).toThrow(/QQ/);
  });
});
