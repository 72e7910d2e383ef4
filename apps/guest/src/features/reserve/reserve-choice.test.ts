import {
  addDays,
  choicePath,
  dateRange,
  findSlot,
  loadExtras,
  readChoice,
  saveExtras,
  slotDate,
  slotLabel,
  slotTime,
  whenLabel,
} from './reserve-choice';

describe('the choice in the address', () => {
  it('reads party, date and time and ignores malformed parts', () => {
    expect(readChoice(new URLSearchParams('party=2&date=2026-12-01&time=19:00'))).toEqual({
      party: 2,
      date: '2026-12-01',
      time: '19:00',
    });
    expect(readChoice(new URLSearchParams('party=abc&date=tomorrow&time=7pm'))).toEqual({
      party: null,
      date: null,
      time: null,
    });
    expect(readChoice(new URLSearchParams('party=0&time=25:00')).party).toBeNull();
  });

  it('writes it back so sign-in returns to the same choice', () => {
    const choice = { party: 4, date: '2026-12-01', time: '18:45' };
    const path = choicePath(choice);
    expect(path).toBe('/reserve?party=4&date=2026-12-01&time=18%3A45');
    expect(readChoice(new URLSearchParams(path.split('?')[1]))).toEqual(choice);
    expect(choicePath({ party: null, date: null, time: null })).toBe('/reserve');
  });
});

describe('dates and times on the venue clock', () => {
  it('offers the venue today up to the days ahead, across month ends', () => {
    // 03:00 in Cleveland on Dec 2 still belongs to the night of Dec 1.
    expect(dateRange(60, new Date('2026-12-02T08:00:00Z'))).toEqual({
      min: '2026-12-01',
      max: '2027-01-30',
    });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('labels slots in the venue time zone in winter and summer', () => {
    expect(slotTime('2026-12-02T00:00:00Z')).toBe('19:00');
    expect(slotLabel('2026-12-02T00:00:00Z')).toBe('7:00 PM');
    expect(slotDate('2026-12-02T00:00:00Z')).toBe('2026-12-01');
    expect(slotLabel('2026-07-04T23:15:00Z')).toBe('7:15 PM');
    expect(whenLabel('2026-07-04T23:15:00Z')).toBe('Saturday, July 4 at 7:15 PM');
  });

  it('finds the slot of a wall-clock time', () => {
    const slots = [
      { startsAt: '2026-12-01T23:45:00.000Z', available: true },
      { startsAt: '2026-12-02T00:00:00.000Z', available: false },
    ];
    expect(findSlot(slots, '19:00')).toBe(slots[1]);
    expect(findSlot(slots, '20:00')).toBeUndefined();
    expect(findSlot(undefined, '19:00')).toBeUndefined();
  });
});

describe('occasion and requests kept while signing in', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps what was typed and forgets it once empty', () => {
    saveExtras({ occasion: 'Birthday', requests: 'A high chair' });
    expect(loadExtras()).toEqual({ occasion: 'Birthday', requests: 'A high chair' });
    saveExtras({ occasion: '', requests: ' ' });
    expect(window.localStorage.length).toBe(0);
    expect(loadExtras()).toEqual({ occasion: '', requests: '' });
  });
});
