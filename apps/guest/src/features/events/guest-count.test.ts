import { coerceGuestCount } from './guest-count';

describe('coerceGuestCount', () => {
  it('keeps whole numbers from 1 to 20', () => {
    expect(coerceGuestCount('1')).toBe(1);
    expect(coerceGuestCount('4')).toBe(4);
    expect(coerceGuestCount(' 20 ')).toBe(20);
    expect(coerceGuestCount(7)).toBe(7);
  });

  it('turns a non-numeric value into 1', () => {
    expect(coerceGuestCount('')).toBe(1);
    expect(coerceGuestCount('abc')).toBe(1);
    expect(coerceGuestCount(null)).toBe(1);
    expect(coerceGuestCount(undefined)).toBe(1);
    expect(coerceGuestCount(Number.NaN)).toBe(1);
  });

  it('keeps the count within 1 to 20', () => {
    expect(coerceGuestCount('0')).toBe(1);
    expect(coerceGuestCount('-3')).toBe(1);
    expect(coerceGuestCount('21')).toBe(20);
    expect(coerceGuestCount('500')).toBe(20);
  });

  it('drops fractions', () => {
    expect(coerceGuestCount('3.7')).toBe(3);
    expect(coerceGuestCount(2.9)).toBe(2);
  });
});
