import type { BadgeTone } from '@bistro/ui';
import type { DiningTableRow, NightReservation } from '@bistro/data';

const labels: Record<string, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

export const statusLabel = (status: string) => labels[status] ?? status;

export function statusTone(status: string): BadgeTone {
  if (status === 'booked') return 'primary';
  if (status === 'arrived') return 'accent';
  if (status === 'seated') return 'success';
  if (status === 'no_show' || status === 'cancelled') return 'danger';
  return 'muted';
}

/**
 * The buttons a reservation offers on the floor, in the order of the night:
 * a booked party arrives (or, once its time has come, is a no-show), an
 * arrived party is seated, a seated one finishes. The database refuses a
 * no-show before the reservation's time.
 */
export function floorActions(
  status: string,
  started: boolean,
): { status: 'arrived' | 'seated' | 'finished' | 'no_show'; label: string }[] {
  switch (status) {
    case 'booked':
      return [
        { status: 'arrived', label: 'Arrived' },
        { status: 'seated', label: 'Seated' },
        ...(started ? [{ status: 'no_show' as const, label: 'No-show' }] : []),
      ];
    case 'arrived':
      return [
        { status: 'seated', label: 'Seated' },
        ...(started ? [{ status: 'no_show' as const, label: 'No-show' }] : []),
      ];
    case 'seated':
      return [{ status: 'finished', label: 'Finished' }];
    default:
      return [];
  }
}

/**
 * Every table with the reservations holding it (by start), and the
 * reservations holding none (finished, cancelled, no-shows).
 */
export function groupByTable(
  reservations: readonly NightReservation[],
  tables: readonly DiningTableRow[],
) {
  const byTable = tables
    .filter((t) => t.is_active || reservations.some((r) => r.tableIds.includes(t.id)))
    .map((table) => ({
      table,
      reservations: reservations
        .filter((r) => r.tableIds.includes(table.id))
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)),
    }));
  const elsewhere = reservations.filter((r) => r.tableIds.length === 0);
  return { byTable, elsewhere };
}

/** The night's span on the timeline: the first start to the last end (null when empty). */
export function timelineSpan(
  reservations: readonly NightReservation[],
): { from: number; to: number } | null {
  if (reservations.length === 0) return null;
  const from = Math.min(...reservations.map((r) => Date.parse(r.startsAt)));
  const to = Math.max(...reservations.map((r) => Date.parse(r.endsAt)));
  return to > from ? { from, to } : null;
}
