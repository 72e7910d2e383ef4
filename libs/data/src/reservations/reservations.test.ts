import { describe, expect, it } from 'vitest';
import {
  RESERVATION_CODE,
  fetchReservationByCode,
  nearestAlternatives,
  parseReservation,
  parseSlot,
} from './reservations';

const slot = (hhmm: string, available: boolean) => ({
  startsAt: `2026-12-01T${hhmm}:00.000Z`,
  available,
});

describe('nearestAlternatives', () => {
  it('offers the closest free time before and after a full one', () => {
    const slots = [
      slot('18:30', true),
      slot('18:45', true),
      slot('19:00', false),
      slot('19:15', true),
      slot('19:30', true),
    ];
    const { before, after } = nearestAlternatives(slots, '2026-12-01T19:00:00.000Z');
    expect(before?.startsAt).toBe('2026-12-01T18:45:00.000Z');
    expect(after?.startsAt).toBe('2026-12-01T19:15:00.000Z');
  });

  it('skips full neighbours and answers null when a side has nothing free', () => {
    const slots = [
      slot('18:45', false),
      slot('19:00', false),
      slot('19:15', false),
      slot('19:30', true),
    ];
    const { before, after } = nearestAlternatives(slots, '2026-12-01T19:00:00.000Z');
    expect(before).toBeNull();
    expect(after?.startsAt).toBe('2026-12-01T19:30:00.000Z');
  });
});

describe('parsers', () => {
  it('reads a slot and refuses a malformed one', () => {
    expect(parseSlot({ starts_at: '2026-12-01T19:00:00+00:00', available: true })).toEqual({
      startsAt: '2026-12-01T19:00:00.000Z',
      available: true,
    });
    expect(() => parseSlot({ starts_at: 5, available: true })).toThrow(/free times/);
  });

  it('reads a reservation with its tables', () => {
    const r = parseReservation({
      id: 'a',
      code: 'ABC234',
      party_size: 2,
      starts_at: '2026-12-01T19:00:00+00:00',
      ends_at: '2026-12-01T20:30:00+00:00',
      status: 'booked',
      guest_name: 'Dana',
      phone: '',
      occasion: 'Birthday',
      special_requests: '',
      tables: ['B1'],
    });
    expect(r).toMatchObject({ code: 'ABC234', partySize: 2, tables: ['B1'] });
    expect(() => parseReservation(null)).toThrow(/reservation/);
  });
});

describe('reservation codes', () => {
  it("matches the database's format and answers a malformed code without asking the server", async () => {
    expect(RESERVATION_CODE.test('KX7M2Q')).toBe(true);
    // look-alikes (I, O, 0, 1) are never issued
    expect(RESERVATION_CODE.test('KX7M2O')).toBe(false);
    expect(RESERVATION_CODE.test('KX7M21')).toBe(false);
    expect(RESERVATION_CODE.test('KX7M2QQ')).toBe(false);
    await expect(fetchReservationByCode('not a code')).resolves.toBeNull();
  });
});
