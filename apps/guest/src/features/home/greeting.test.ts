// @vitest-environment node
import { greetingFor, greetingForHour } from './greeting';

describe('greetingForHour', () => {
  it.each([
    [0, 'Good Morning'],
    [6, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [16, 'Good Afternoon'],
    [17, 'Good Evening'],
    [23, 'Good Evening'],
  ])('hour %i -> %s', (hour, expected) => {
    expect(greetingForHour(hour)).toBe(expected);
  });

  it('uses the local hour of a date', () => {
    expect(greetingFor(new Date(2025, 7, 15, 11, 59))).toBe('Good Morning');
    expect(greetingFor(new Date(2025, 7, 15, 12, 0))).toBe('Good Afternoon');
    expect(greetingFor(new Date(2025, 7, 15, 16, 59))).toBe('Good Afternoon');
    expect(greetingFor(new Date(2025, 7, 15, 17, 0))).toBe('Good Evening');
  });
});
