import { describe, expect, it } from 'vitest';
import {
  entryByCode,
  indexDoor,
  isScanResult,
  localRefusal,
  searchDoor,
  type DoorEntry,
} from './door-rules';

const entry = (over: Partial<DoorEntry>): DoorEntry => ({
  kind: 'event_booking',
  label: 'Event booking',
  sourceId: crypto.randomUUID(),
  guestName: 'Olivia Stone',
  partySize: 3,
  code: 'ABCD2345',
  status: 'approved',
  admissible: true,
  refusal: null,
  detail: 'Friday Night',
  idRequired: false,
  arrivesAt: null,
  arrived: 0,
  ...over,
});

describe('door search', () => {
  const list = [
    entry({ guestName: 'Olivia Stone', code: 'ABCD2345' }),
    entry({ guestName: 'José Núñez', code: 'QWER7788' }),
    entry({ guestName: 'Omar Ali', code: 'ZXCV9999', kind: 'dinner_reservation' }),
  ];
  const index = indexDoor(list);

  it('finds by any part of the name, in any order, ignoring case and accents', () => {
    expect(searchDoor(index, 'stone').map((e) => e.guestName)).toEqual(['Olivia Stone']);
    expect(searchDoor(index, 'nunez jose').map((e) => e.guestName)).toEqual(['José Núñez']);
    expect(searchDoor(index, 'o').length).toBe(3);
    expect(searchDoor(index, 'nobody')).toEqual([]);
  });

  it('finds by code, typed with dashes or spaces, the exact code first', () => {
    expect(searchDoor(index, 'qwer-7788').map((e) => e.guestName)).toEqual(['José Núñez']);
    expect(searchDoor(index, 'zxc').map((e) => e.guestName)).toEqual(['Omar Ali']);
    expect(entryByCode(list, 'abcd 2345')?.guestName).toBe('Olivia Stone');
    expect(entryByCode(list, 'ABCD2346')).toBeUndefined();
  });

  it('lists everyone for an empty query', () => {
    expect(searchDoor(index, '  ')).toHaveLength(3);
  });
});

describe('what the device decides before a scan goes out', () => {
  it('lets plus-ones in one by one up to the party size, naming the guest beyond it', () => {
    const e = entry({ partySize: 3, arrived: 1 });
    expect(localRefusal(e, 1, 0, false)).toBeNull();
    expect(localRefusal(e, 1, 1, false)).toBeNull();
    expect(localRefusal(e, 1, 2, false)).toBe("Already in: all 3 of Olivia Stone's party arrived");
    expect(localRefusal(e, 3, 0, false)).toBe(
      "Only 2 of Olivia Stone's party of 3 still to arrive",
    );
  });

  it('refuses what the booking does not allow and asks for the ID check', () => {
    expect(
      localRefusal(entry({ admissible: false, refusal: 'This booking was cancelled' }), 1, 0, true),
    ).toBe('This booking was cancelled');
    expect(localRefusal(entry({ idRequired: true }), 1, 0, false)).toBe('Check ID first');
    expect(localRefusal(entry({ idRequired: true }), 1, 0, true)).toBeNull();
  });

  it('recognises the server answer of a scan', () => {
    expect(isScanResult({ outcome: 'checked_in', arrived: 1 })).toBe(true);
    expect(isScanResult({ outcome: 'maybe', arrived: 1 })).toBe(false);
    expect(isScanResult(null)).toBe(false);
  });
});
