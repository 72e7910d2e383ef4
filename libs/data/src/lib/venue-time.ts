import { BUSINESS_RULES } from '../business-rules';

/**
 * The venue's time zone: the business night, event times and review times are
 * shown in it. It is the database's private.venue_time_zone() (generated into
 * business-rules.ts); venue-time.test.ts checks the offset rule below against it.
 */
export const VENUE_TIME_ZONE = BUSINESS_RULES.venue_time_zone;

/** A wall-clock reading: what a clock on the venue's wall (or the phone's) shows. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** 0 to 23. */
  hour: number;
  minute: number;
  second: number;
  /** 0 (Sunday) to 6 (Saturday). */
  weekday: number;
}

/**
 * The venue's UTC offset (hours) at an instant, by the United States' daylight
 * saving rule in force since 2007: Eastern Daylight Time (UTC-4) from the
 * second Sunday of March at 02:00 standard time to the first Sunday of
 * November at 02:00 daylight time, Eastern Standard Time (UTC-5) otherwise.
 * Used for 2007 to 2099 instead of Intl: a page's first Intl.DateTimeFormat
 * costs ~40 ms of main thread (ICU start-up), ~160 ms on a throttled phone,
 * right in the first render. venue-time.test.ts checks it against the time-zone
 * database over the whole range, so a change of the rule fails the tests.
 */
const RULE_FROM = Date.UTC(2007, 0, 1);
const RULE_UNTIL = Date.UTC(2100, 0, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 00:00 UTC of the n-th Sunday (1-based) of a month (0-based). */
function nthSunday(year: number, monthIndex: number, n: number): number {
  const first = Date.UTC(year, monthIndex, 1);
  return first + (((7 - new Date(first).getUTCDay()) % 7) + 7 * (n - 1)) * DAY;
}

function easternOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const daylightFrom = nthSunday(year, 2, 2) + 7 * HOUR; // 02:00 EST is 07:00 UTC
  const daylightUntil = nthSunday(year, 10, 1) + 6 * HOUR; // 02:00 EDT is 06:00 UTC
  return ms >= daylightFrom && ms < daylightUntil ? -4 : -5;
}

/** Outside the rule's range: the time-zone database, through Intl (created on first use). */
let venueParts: Intl.DateTimeFormat | null = null;

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The venue's wall clock at an instant, wherever the phone is. */
export function venueWallClock(instant: Date | number | string): WallClock {
  const ms = new Date(instant).getTime();
  if (ms >= RULE_FROM && ms < RULE_UNTIL) {
    const local = new Date(ms + easternOffset(ms) * HOUR);
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      second: local.getUTCSeconds(),
      weekday: local.getUTCDay(),
    };
  }
  venueParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: VENUE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const fields: Record<string, number> = {};
  for (const part of venueParts.formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN } = fields;
  return { year, month, day, hour, minute, second, weekday: weekdayOf(year, month, day) };
}

/** The phone's own wall clock at an instant (its local time zone). */
export function localWallClock(instant: Date | number | string): WallClock {
  const date = new Date(instant);
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
    weekday: date.getDay(),
  };
}

/** The calendar day before a wall-clock date (months, years and leap days handled). */
export function previousDay({ year, month, day }: WallClock): WallClock {
  const date = new Date(Date.UTC(year, month - 1, day - 1));
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  return { year: y, month: m, day: d, hour: 0, minute: 0, second: 0, weekday: weekdayOf(y, m, d) };
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Formats a wall-clock reading in US English with date-fns's pattern letters
 * (the subset the suite uses): `yyyy`, `MMMM` (August), `MMM` (Aug), `MM`,
 * `dd`, `d`, `EEEE` (Friday), `EEE` (Fri), `h` (1-12), `HH` (00-23), `mm`, `ss`, `a` (AM/PM),
 * and text in single quotes. Any other letter is an error, so a pattern never
 * prints something date-fns would not.
 */
export function formatWallClock(clock: WallClock, pattern: string): string {
  const tokens: Record<string, () => string> = {
    yyyy: () => String(clock.year),
    MMMM: () => monthNames[clock.month - 1] ?? '',
    MMM: () => (monthNames[clock.month - 1] ?? '').slice(0, 3),
    MM: () => pad2(clock.month),
    dd: () => pad2(clock.day),
    d: () => String(clock.day),
    EEEE: () => weekdayNames[clock.weekday] ?? '',
    EEE: () => (weekdayNames[clock.weekday] ?? '').slice(0, 3),
    h: () => String(clock.hour % 12 === 0 ? 12 : clock.hour % 12),
    HH: () => pad2(clock.hour),
    mm: () => pad2(clock.minute),
    ss: () => pad2(clock.second),
    a: () => (clock.hour < 12 ? 'AM' : 'PM'),
  };
  return pattern.replace(/'([^']*)'|([A-Za-z])\2*/g, (match: string, quoted?: string) => {
    if (quoted !== undefined) return quoted;
    const token = tokens[match];
    if (!token) throw new RangeError(`Unsupported date pattern token: ${match}`);
    return token();
  });
}

/**
 * A `date` column as Postgres sends it ("2026-08-14") as a wall-clock reading at
 * midnight: a calendar date has no time zone, so it is shown as it is stored.
 * Anything else is a RangeError (as date-fns's format of an unparsable date).
 */
export function calendarDate(isoDate: string): WallClock {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const [year = NaN, month = NaN, day = NaN] = match ? match.slice(1).map(Number) : [];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    throw new RangeError(`Invalid calendar date: ${isoDate}`);
  return { year, month, day, hour: 0, minute: 0, second: 0, weekday: date.getUTCDay() };
}

/** The venue's offset from UTC (ms) at an instant. */
function venueOffsetMs(ms: number): number {
  const c = venueWallClock(ms);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant (epoch ms) the venue's clock shows a wall-clock date and time,
 * wherever the phone is. As @date-fns/tz's TZDate does: a time skipped by the
 * spring switch (2:30 AM) moves an hour on (3:30 AM EDT); a time read twice at
 * the autumn switch (1:30 AM) is the first one (EDT).
 */
export function venueInstant(wall: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = asUtc - venueOffsetMs(asUtc - DAY);
  const after = asUtc - venueOffsetMs(asUtc + DAY);
  // The same offset either side of the day: no switch to worry about.
  if (before === after) return before;
  // Around a switch: the earlier reading that the venue's clock really shows,
  // else (a skipped time) the offset from before the switch.
  for (const candidate of [Math.min(before, after), Math.max(before, after)]) {
    if (asUtc - venueOffsetMs(candidate) === candidate) return candidate;
  }
  return before;
}
