/**
 * Opening hours as guests read them: "daily 11AM to 1AM" when every day is the
 * same, otherwise runs of days ("Mon–Sat 11AM to 1AM, Sun 12PM to 10PM"), plus
 * the dates whose hours differ (holidays, private buyouts). Times are venue
 * wall-clock times ("HH:MM" or "HH:MM:SS"); a closing time at or before the
 * opening time is after midnight.
 */

export interface DayHours {
  /** 0 (Sunday) to 6 (Saturday). */
  weekday: number;
  is_closed: boolean;
  opens_at: string | null;
  closes_at: string | null;
}

export interface HoursException {
  id: string;
  /** YYYY-MM-DD, a venue date. */
  on_date: string;
  label: string;
  is_closed: boolean;
  opens_at: string | null;
  closes_at: string | null;
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Guests read a week from Monday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** "11AM", "12:30PM", "12AM" (midnight): the style of the venue's own "daily 11AM to 1AM". */
export function formatClock(time: string): string {
  const [h = '0', m = '0'] = time.split(':');
  const hour = Number(h);
  const minute = Number(m);
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0
    ? `${twelve}${suffix}`
    : `${twelve}:${String(minute).padStart(2, '0')}${suffix}`;
}

/** "11AM to 1AM", or "closed". */
export function formatSpan(day: Pick<DayHours, 'is_closed' | 'opens_at' | 'closes_at'>): string {
  if (day.is_closed || !day.opens_at || !day.closes_at) return 'closed';
  return `${formatClock(day.opens_at)} to ${formatClock(day.closes_at)}`;
}

/** The week, Monday first, with each day's hours ("Monday", "11AM to 1AM"). */
export function weekRows(hours: readonly DayHours[]): { day: string; hours: string }[] {
  return WEEK_ORDER.map((weekday) => {
    const day = hours.find((h) => h.weekday === weekday);
    return { day: WEEKDAY_NAMES[weekday], hours: day ? formatSpan(day) : 'closed' };
  });
}

/**
 * The week in one line: "daily 11AM to 1AM" when all seven days agree,
 * otherwise consecutive days with the same hours joined ("Mon–Thu 4PM to
 * 12AM, Fri–Sat 4PM to 2AM, Sun closed").
 */
export function weeklySummary(hours: readonly DayHours[]): string {
  const spans = WEEK_ORDER.map((weekday) => {
    const day = hours.find((h) => h.weekday === weekday);
    return { weekday, span: day ? formatSpan(day) : 'closed' };
  });
  const first = spans[0]?.span ?? 'closed';
  if (spans.every((s) => s.span === first)) return `daily ${first}`;
  const runs: { from: number; to: number; span: string }[] = [];
  for (const { weekday, span } of spans) {
    const last = runs[runs.length - 1];
    if (last && last.span === span) last.to = weekday;
    else runs.push({ from: weekday, to: weekday, span });
  }
  return runs
    .map((r) => {
      const days =
        r.from === r.to ? SHORT_DAYS[r.from] : `${SHORT_DAYS[r.from]}–${SHORT_DAYS[r.to]}`;
      return `${days} ${r.span}`;
    })
    .join(', ');
}

/** "Thursday, November 26" for a YYYY-MM-DD venue date. */
export function formatVenueDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  const month = [
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
  ][utc.getUTCMonth()];
  return `${WEEKDAY_NAMES[utc.getUTCDay()]}, ${month} ${utc.getUTCDate()}`;
}

/** "Thanksgiving Day, Thursday, November 26: closed". */
export function formatException(e: HoursException): string {
  return `${e.label}, ${formatVenueDate(e.on_date)}: ${formatSpan(e)}`;
}

/** The dates from `today` (YYYY-MM-DD) to `days` days later, soonest first. */
export function upcomingExceptions(
  exceptions: readonly HoursException[],
  today: string,
  days = 30,
): HoursException[] {
  const [y, m, d] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days))
    .toISOString()
    .slice(0, 10);
  return exceptions
    .filter((e) => e.on_date >= today && e.on_date <= last)
    .sort((a, b) => (a.on_date < b.on_date ? -1 : a.on_date > b.on_date ? 1 : 0));
}

/** The hours that hold on a venue date: its exception if it has one, else its weekday's. */
export function hoursOn(
  date: string,
  hours: readonly DayHours[],
  exceptions: readonly HoursException[],
): { span: string; exception: HoursException | null } {
  const exception = exceptions.find((e) => e.on_date === date) ?? null;
  if (exception) return { span: formatSpan(exception), exception };
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  const day = hours.find((h) => h.weekday === weekday);
  return { span: day ? formatSpan(day) : 'closed', exception: null };
}
