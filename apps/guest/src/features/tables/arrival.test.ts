import { describe, expect, it } from 'vitest';
import { arrivalInstant, eventTime } from './arrival';

describe('arrivalInstant', () => {
  // 22:00 in New York on Friday, November 27, 2026 (EST, UTC-5)
  const event = '2026-11-28T03:00:00Z';

  it('is the time on the event night, after midnight on the next day', () => {
    expect(arrivalInstant(event, '22:30')).toBe('2026-11-28T03:30:00.000Z');
    expect(arrivalInstant(event, '00:30')).toBe('2026-11-28T05:30:00.000Z');
  });

  it('keeps an event that starts after midnight on its night', () => {
    // 00:30 on Saturday belongs to Friday's night: 23:00 is Friday 23:00
    expect(arrivalInstant('2026-11-28T05:30:00Z', '23:00')).toBe('2026-11-28T04:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    expect(arrivalInstant(event, '25:00')).toBeNull();
    expect(arrivalInstant(event, 'soon')).toBeNull();
  });
});

describe('eventTime', () => {
  it('is the start in venue time', () => {
    expect(eventTime('2026-11-28T03:00:00Z')).toBe('22:00');
  });
});
