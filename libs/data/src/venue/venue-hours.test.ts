import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatException,
  hoursOn,
  upcomingExceptions,
  weekRows,
  weeklySummary,
  type DayHours,
  type HoursException,
} from './venue-hours';

const daily = (opens = '11:00:00', closes = '01:00:00'): DayHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    is_closed: false,
    opens_at: opens,
    closes_at: closes,
  }));

describe('venue hours in words', () => {
  it('writes clock times the venue way', () => {
    expect(formatClock('11:00:00')).toBe('11AM');
    expect(formatClock('01:00')).toBe('1AM');
    expect(formatClock('00:00')).toBe('12AM');
    expect(formatClock('12:00')).toBe('12PM');
    expect(formatClock('21:30:00')).toBe('9:30PM');
  });

  it('says "daily 11AM to 1AM" when every day agrees', () => {
    expect(weeklySummary(daily())).toBe('daily 11AM to 1AM');
  });

  it('joins runs of days from Monday, with Sunday last', () => {
    const hours = daily();
    hours[0] = { weekday: 0, is_closed: false, opens_at: '12:00', closes_at: '22:00' };
    expect(weeklySummary(hours)).toBe('Mon–Sat 11AM to 1AM, Sun 12PM to 10PM');
    hours[1] = { weekday: 1, is_closed: true, opens_at: null, closes_at: null };
    hours[5] = { weekday: 5, is_closed: false, opens_at: '11:00', closes_at: '02:00' };
    expect(weeklySummary(hours)).toBe(
      'Mon closed, Tue–Thu 11AM to 1AM, Fri 11AM to 2AM, Sat 11AM to 1AM, Sun 12PM to 10PM',
    );
    expect(weekRows(hours)[0]).toEqual({ day: 'Monday', hours: 'closed' });
    expect(weekRows(hours)[6]).toEqual({ day: 'Sunday', hours: '12PM to 10PM' });
  });

  const thanksgiving: HoursException = {
    id: 'a',
    on_date: '2026-11-26',
    label: 'Thanksgiving Day',
    is_closed: true,
    opens_at: null,
    closes_at: null,
  };
  const buyout: HoursException = {
    id: 'b',
    on_date: '2026-12-31',
    label: 'Private buyout',
    is_closed: false,
    opens_at: '11:00',
    closes_at: '17:00',
  };

  it('lists the dates with other hours in the coming days, soonest first', () => {
    expect(upcomingExceptions([buyout, thanksgiving], '2026-11-20', 45)).toEqual([
      thanksgiving,
      buyout,
    ]);
    expect(upcomingExceptions([buyout, thanksgiving], '2026-11-27', 30)).toEqual([]);
    expect(formatException(thanksgiving)).toBe('Thanksgiving Day, Thursday, November 26: closed');
    expect(formatException(buyout)).toBe('Private buyout, Thursday, December 31: 11AM to 5PM');
  });

  it('gives a date its exception, else its weekday', () => {
    expect(hoursOn('2026-11-26', daily(), [thanksgiving]).span).toBe('closed');
    // 2026-11-29 is a Sunday
    const hours = daily();
    hours[0] = { weekday: 0, is_closed: false, opens_at: '12:00', closes_at: '22:00' };
    expect(hoursOn('2026-11-29', hours, [thanksgiving])).toEqual({
      span: '12PM to 10PM',
      exception: null,
    });
  });
});
