// @vitest-environment node
import type { DiningTableRow, NightReservation } from '@bistro/data';
import { floorActions, groupByTable, timelineSpan } from './floor';

const table = (id: number, label: string, is_active = true): DiningTableRow => ({
  id,
  label,
  area: 'bistro',
  seats_min: 1,
  seats_max: 4,
  is_active,
});

const reservation = (id: string, start: string, tableIds: number[]): NightReservation => ({
  id,
  code: 'ABC234',
  partySize: 2,
  startsAt: start,
  endsAt: new Date(Date.parse(start) + 90 * 60_000).toISOString(),
  status: tableIds.length ? 'booked' : 'finished',
  guestName: id,
  phone: '',
  occasion: '',
  specialRequests: '',
  tables: [],
  tableIds,
  staffNotes: '',
  isWalkIn: false,
});

describe('the floor', () => {
  it('offers the next steps of the night, and a no-show only once the time has come', () => {
    expect(floorActions('booked', false).map((a) => a.label)).toEqual(['Arrived', 'Seated']);
    expect(floorActions('booked', true).map((a) => a.label)).toEqual([
      'Arrived',
      'Seated',
      'No-show',
    ]);
    expect(floorActions('arrived', true).map((a) => a.label)).toEqual(['Seated', 'No-show']);
    expect(floorActions('seated', true).map((a) => a.label)).toEqual(['Finished']);
    expect(floorActions('no_show', true)).toEqual([]);
    expect(floorActions('cancelled', true)).toEqual([]);
  });

  it('lists each table with its reservations by start, and the ones holding none apart', () => {
    const late = reservation('late', '2026-12-02T01:00:00Z', [1]);
    const early = reservation('early', '2026-12-01T23:00:00Z', [1, 2]);
    const done = reservation('done', '2026-12-01T22:00:00Z', []);
    const { byTable, elsewhere } = groupByTable(
      [late, early, done],
      [table(1, 'B1'), table(2, 'B2'), table(3, 'B3', false)],
    );
    expect(byTable.map((g) => [g.table.label, g.reservations.map((r) => r.id)])).toEqual([
      ['B1', ['early', 'late']],
      ['B2', ['early']],
    ]);
    expect(elsewhere.map((r) => r.id)).toEqual(['done']);
    expect(timelineSpan([late, early])).toEqual({
      from: Date.parse('2026-12-01T23:00:00Z'),
      to: Date.parse('2026-12-02T02:30:00Z'),
    });
    expect(timelineSpan([])).toBeNull();
  });
});
