// @vitest-environment node
import { longEventDate, shortEventDate } from './format-date';

describe('event dates in venue time', () => {
  it('formats in America/New_York', () => {
    expect(longEventDate('2030-08-16T02:00:00Z')).toBe('Thursday, August 15, 2030 at 10:00 PM');
    expect(shortEventDate('2030-08-16T02:00:00Z')).toBe('Thu, Aug 15 · 10:00 PM');
  });
});
