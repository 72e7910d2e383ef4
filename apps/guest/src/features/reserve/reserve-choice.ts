import { businessDate, formatWallClock, venueWallClock, type ReservationSlot } from '@bistro/data';

/**
 * A guest's choice on /reserve, kept in the address (?party=2&date=2026-12-01&time=19:00) so a
 * visitor sent to sign in or sign up comes back to the same choice, and a choice can be shared.
 * Time is the venue's wall clock.
 */
export interface ReserveChoice {
  party: number | null;
  date: string | null;
  time: string | null;
}

/** The party size a new visitor starts from. */
export const DEFAULT_PARTY = 2;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function readChoice(params: URLSearchParams): ReserveChoice {
  const partyText = params.get('party');
  const party = partyText && /^\d{1,2}$/.test(partyText) ? Number(partyText) : null;
  const date = params.get('date');
  const time = params.get('time');
  return {
    party: party && party > 0 ? party : null,
    date: date && DATE.test(date) ? date : null,
    time: time && TIME.test(time) ? time : null,
  };
}

/** The address of a choice: /reserve with only the parts chosen. */
export function choicePath(choice: ReserveChoice): string {
  const params = new URLSearchParams();
  if (choice.party) params.set('party', String(choice.party));
  if (choice.date) params.set('date', choice.date);
  if (choice.time) params.set('time', choice.time);
  const query = params.toString();
  return query ? `/reserve?${query}` : '/reserve';
}

/** Adds days to a calendar date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The dates a table can be booked for: the venue's today up to daysAhead days on. */
export function dateRange(daysAhead: number, now: Date = new Date()) {
  const min = businessDate(now);
  return { min, max: addDays(min, daysAhead) };
}

/** A slot's start as the venue's "19:00" (the form the address keeps). */
export const slotTime = (startsAt: string) => formatWallClock(venueWallClock(startsAt), 'HH:mm');

/**
 * The date a start belongs to on the venue's clock (YYYY-MM-DD). Seatings end
 * before the night rolls over, so this is also the night's business date.
 */
export const slotDate = (startsAt: string) =>
  formatWallClock(venueWallClock(startsAt), 'yyyy-MM-dd');

/** A slot's start as "7:00 PM" on the venue's clock. */
export const slotLabel = (startsAt: string) => formatWallClock(venueWallClock(startsAt), 'h:mm a');

/** "Tuesday, December 1" for a calendar date. */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return formatWallClock(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
      weekday: d.getUTCDay(),
    },
    'EEEE, MMMM d',
  );
}

/** "Tuesday, December 1 at 7:00 PM" for an instant, on the venue's clock. */
export const whenLabel = (startsAt: string) =>
  formatWallClock(venueWallClock(startsAt), "EEEE, MMMM d 'at' h:mm a");

export const guestsLabel = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

/** The slot of a night at a venue wall-clock time, if the night has one. */
export function findSlot(
  slots: readonly ReservationSlot[] | undefined,
  time: string | null,
): ReservationSlot | undefined {
  if (!slots || !time) return undefined;
  return slots.find((s) => slotTime(s.startsAt) === time);
}

/** What the guest typed beside the choice, kept on the device while they sign in. */
export interface ReserveExtras {
  occasion: string;
  requests: string;
}

const EXTRAS_KEY = 'bistro.reserve.extras';

export function loadExtras(): ReserveExtras {
  try {
    const raw = window.localStorage.getItem(EXTRAS_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<ReserveExtras>) : {};
    return {
      occasion: typeof value.occasion === 'string' ? value.occasion : '',
      requests: typeof value.requests === 'string' ? value.requests : '',
    };
  } catch {
    return { occasion: '', requests: '' };
  }
}

export function saveExtras(extras: ReserveExtras): void {
  try {
    if (!extras.occasion.trim() && !extras.requests.trim())
      window.localStorage.removeItem(EXTRAS_KEY);
    else window.localStorage.setItem(EXTRAS_KEY, JSON.stringify(extras));
  } catch {
    // Storage may be off (private mode): the choice in the address still comes back.
  }
}
