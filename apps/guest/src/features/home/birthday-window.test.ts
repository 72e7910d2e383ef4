// @vitest-environment node
import { birthdayDistance, isBirthdayWeek } from './birthday-window';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15, 0);

describe('isBirthdayWeek', () => {
  it('is true on the birthday and up to 7 days either side', () => {
    expect(isBirthdayWeek('1990-06-14', day(2025, 6, 14))).toBe(true);
    expect(isBirthdayWeek('1990-06-14', day(2025, 6, 7))).toBe(true);
    expect(isBirthdayWeek('1990-06-14', day(2025, 6, 21))).toBe(true);
  });

  it('is false 8 days away', () => {
    expect(isBirthdayWeek('1990-06-14', day(2025, 6, 6))).toBe(false);
    expect(isBirthdayWeek('1990-06-14', day(2025, 6, 22))).toBe(false);
  });

  it('wraps around the new year', () => {
    expect(isBirthdayWeek('1990-01-02', day(2025, 12, 30))).toBe(true);
    expect(isBirthdayWeek('1990-12-30', day(2026, 1, 5))).toBe(true);
    expect(isBirthdayWeek('1990-12-20', day(2026, 1, 5))).toBe(false);
  });

  it('puts a Feb 29 birthday on Feb 28 in common years', () => {
    expect(birthdayDistance('2000-02-29', { y: 2025, m: 2, d: 7 })).toBe(7);
    expect(isBirthdayWeek('2000-02-29', day(2025, 3, 7))).toBe(true);
    expect(isBirthdayWeek('2000-02-29', day(2025, 3, 8))).toBe(false);
  });

  it('is false without a birthday or with a malformed one', () => {
    expect(isBirthdayWeek(null, day(2025, 6, 14))).toBe(false);
    expect(isBirthdayWeek(undefined)).toBe(false);
    expect(isBirthdayWeek('June 14', day(2025, 6, 14))).toBe(false);
  });
});
