// @vitest-environment node
import { businessDate } from './business-date';

describe('businessDate (America/New_York, 04:00 rollover)', () => {
  it.each([
    // winter (EST, UTC-5): 03:59 local is still the previous night, 04:00 starts a new one
    ['2026-01-15T08:59:00Z', '2026-01-14'],
    ['2026-01-15T09:00:00Z', '2026-01-15'],
    // summer (EDT, UTC-4)
    ['2026-07-04T07:59:59Z', '2026-07-03'],
    ['2026-07-04T08:00:00Z', '2026-07-04'],
    // evening and just after midnight belong to the same night
    ['2026-07-04T23:30:00-04:00', '2026-07-04'],
    ['2026-07-05T01:00:00-04:00', '2026-07-04'],
    // UTC midnight is not the rollover
    ['2026-07-05T00:30:00Z', '2026-07-04'],
    // year end
    ['2027-01-01T03:30:00-05:00', '2026-12-31'],
    ['2027-01-01T04:00:00-05:00', '2027-01-01'],
  ])('%s is the night of %s', (instant, expected) => {
    expect(businessDate(new Date(instant))).toBe(expected);
  });

  describe('DST', () => {
    // 2026-03-08: 02:00 EST jumps to 03:00 EDT.
    it('spring forward: 03:59 EDT is still the previous night, 04:00 EDT is the new one', () => {
      expect(businessDate(new Date('2026-03-08T03:59:00-04:00'))).toBe('2026-03-07');
      expect(businessDate(new Date('2026-03-08T04:00:00-04:00'))).toBe('2026-03-08');
      // 01:59 EST, right before the jump
      expect(businessDate(new Date('2026-03-08T01:59:00-05:00'))).toBe('2026-03-07');
    });

    // 2026-11-01: 02:00 EDT falls back to 01:00 EST (01:xx happens twice).
    it('fall back: both 01:30s and 03:59 EST are the previous night, 04:00 EST the new one', () => {
      expect(businessDate(new Date('2026-11-01T01:30:00-04:00'))).toBe('2026-10-31');
      expect(businessDate(new Date('2026-11-01T01:30:00-05:00'))).toBe('2026-10-31');
      expect(businessDate(new Date('2026-11-01T03:59:00-05:00'))).toBe('2026-10-31');
      expect(businessDate(new Date('2026-11-01T04:00:00-05:00'))).toBe('2026-11-01');
    });
  });

  it('does not depend on the machine time zone', () => {
    // 2026-01-15 03:00 in New York is 2026-01-15 in every zone east of it; still the 14th's night.
    expect(businessDate(new Date(Date.UTC(2026, 0, 15, 8, 0)))).toBe('2026-01-14');
  });
});
