// @vitest-environment node
import { GUEST_RANGE_ERROR, readGuestCount, stepGuestCount } from './guest-count';

describe('readGuestCount', () => {
  it('keeps whole numbers from 1 to 20', () => {
    expect(readGuestCount('1')).toEqual({ guests: 1 });
    expect(readGuestCount('4')).toEqual({ guests: 4 });
    expect(readGuestCount(' 20 ')).toEqual({ guests: 20 });
    expect(readGuestCount(7)).toEqual({ guests: 7 });
  });

  it('turns a non-numeric value into 1', () => {
    for (const value of ['', 'abc', null, undefined, Number.NaN]) {
      expect(readGuestCount(value)).toEqual({ guests: 1 });
    }
  });

  it('refuses a party outside 1 to 20 instead of changing its size', () => {
    for (const value of ['0', '-3', '21', '500', 0, 21]) {
      expect(readGuestCount(value)).toEqual({ error: GUEST_RANGE_ERROR });
    }
    expect(GUEST_RANGE_ERROR).toBe('Please choose from 1 to 20 guests.');
  });

  it('drops fractions', () => {
    expect(readGuestCount('3.7')).toEqual({ guests: 3 });
    expect(readGuestCount(2.9)).toEqual({ guests: 2 });
  });
});

describe('stepGuestCount', () => {
  it('steps by one within 1 to 20', () => {
    expect(stepGuestCount('1', 1)).toBe(2);
    expect(stepGuestCount('1', -1)).toBe(1);
    expect(stepGuestCount('20', 1)).toBe(20);
    expect(stepGuestCount('', 1)).toBe(2);
    expect(stepGuestCount('35', -1)).toBe(20);
    expect(stepGuestCount('0', 1)).toBe(1);
  });
});
