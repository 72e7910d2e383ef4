import { describe, expect, it } from 'vitest';
import {
  committedMinimum,
  formatMinimum,
  minimumFrom,
  parseTableRequest,
  tableStatusLabel,
  type NightTable,
  type TableRequest,
} from './lounge-tables';

const table = (over: Partial<NightTable>): NightTable => ({
  id: 't',
  name: 'V1',
  sectionId: 's',
  seats: 6,
  gridX: 0,
  gridY: 0,
  minSpendCents: 50000,
  isFree: true,
  ...over,
});

describe('minimumFrom', () => {
  it('is the lowest minimum among the free tables that seat the party', () => {
    const tables = [
      table({ id: 'a', seats: 4, minSpendCents: 30000 }),
      table({ id: 'b', seats: 8, minSpendCents: 75000 }),
      table({ id: 'c', seats: 8, minSpendCents: 60000, isFree: false }),
    ];
    expect(minimumFrom(tables, 2)).toBe(30000);
    expect(minimumFrom(tables, 6)).toBe(75000);
  });

  it('falls back to every free table when none seats the party, and is null when all are taken', () => {
    expect(minimumFrom([table({ seats: 4, minSpendCents: 30000 })], 12)).toBe(30000);
    expect(minimumFrom([table({ isFree: false })], 2)).toBeNull();
  });
});

describe('formatMinimum', () => {
  it('writes whole dollars without cents', () => {
    expect(formatMinimum(150000)).toBe('$1,500');
    expect(formatMinimum(50050)).toBe('$500.50');
  });
});

describe('committedMinimum', () => {
  const req = (over: Partial<TableRequest>): TableRequest => ({
    id: 'r',
    code: 'ABCDEF',
    eventId: 'e',
    eventTitle: 'Night',
    businessDate: '2026-11-27',
    guestName: 'Ana',
    partySize: 4,
    arrivesAt: '2026-11-28T03:00:00Z',
    note: '',
    status: 'confirmed',
    tableId: 't',
    tableName: 'V1',
    minSpendCents: 50000,
    heldUntil: null,
    staffMessage: '',
    bottles: [],
    ...over,
  });

  it('sums the confirmed and arrived tables of the night only', () => {
    expect(
      committedMinimum(
        [
          req({}),
          req({ status: 'arrived', minSpendCents: 30000 }),
          req({ status: 'pending', minSpendCents: null }),
          req({ status: 'released' }),
          req({ businessDate: '2026-11-28' }),
        ],
        '2026-11-27',
      ),
    ).toBe(80000);
  });
});

describe('parseTableRequest', () => {
  it('reads the embedded event, table and bottles, bottles by name', () => {
    const r = parseTableRequest({
      id: 'r',
      code: 'ABCDEF',
      event_id: 'e',
      business_date: '2026-11-27',
      guest_name: 'Ana',
      party_size: 4,
      arrives_at: '2026-11-28T03:00:00Z',
      note: '',
      status: 'pending',
      table_id: null,
      min_spend_cents: null,
      held_until: null,
      staff_message: '',
      events: { title: 'Friday Night' },
      lounge_tables: null,
      table_request_bottles: [
        { quantity: 2, menu_items: { name: 'Premium Vodka' } },
        { quantity: 1, menu_items: { name: 'Champagne Brut' } },
      ],
    });
    expect(r.eventTitle).toBe('Friday Night');
    expect(r.tableName).toBeNull();
    expect(r.bottles).toEqual([
      { name: 'Champagne Brut', quantity: 1 },
      { name: 'Premium Vodka', quantity: 2 },
    ]);
    expect(tableStatusLabel(r.status)).toBe('Requested');
    expect(tableStatusLabel('no_show')).toBe('No-show');
  });
});
