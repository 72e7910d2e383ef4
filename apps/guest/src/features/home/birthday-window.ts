import { BUSINESS_RULES } from '@bistro/data';

/**
 * Birthday offers show within this many days of the member's birthday: the
 * database's private.birthday_offer_days(), which the offers policy uses.
 */
export const BIRTHDAY_WINDOW_DAYS = BUSINESS_RULES.birthday_offer_days;

const DAY_MS = 86_400_000;

function parseDateOnly(value: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  return { y: Number(match[1]), m: Number(match[2]) - 1, d: Number(match[3]) };
}

/** Feb 29 birthdays fall on Feb 28 in common years (as the database does). */
function birthdayInYear(month: number, day: number, year: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const d = month === 1 && day === 29 && !leap ? 28 : day;
  return Date.UTC(year, month, d);
}

/**
 * Whole days between a birthday (year ignored) and a calendar day, taking the
 * nearest occurrence across the new year (Dec 30 vs Jan 2 is 3 days).
 */
export function birthdayDistance(birthday: string, today: { y: number; m: number; d: number }) {
  const b = parseDateOnly(birthday);
  if (!b) return null;
  const todayUtc = Date.UTC(today.y, today.m, today.d);
  return Math.min(
    ...[-1, 0, 1].map((offset) =>
      Math.abs(Math.round((birthdayInYear(b.m, b.d, today.y + offset) - todayUtc) / DAY_MS)),
    ),
  );
}

/**
 * The member's birthday week: the profile birthday is within the window of now
 * (absolute difference), by the viewer's calendar day.
 */
export function isBirthdayWeek(
  birthday: string | null | undefined,
  now: Date = new Date(),
  days: number = BIRTHDAY_WINDOW_DAYS,
): boolean {
  if (!birthday) return false;
  const distance = birthdayDistance(birthday, {
    y: now.getFullYear(),
    m: now.getMonth(),
    d: now.getDate(),
  });
  return distance !== null && distance <= days;
}
