import type { BadgeTone } from '@bistro/ui';

const labels: Record<string, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

/** A reservation's status as the guest reads it. */
export const reservationStatusLabel = (status: string) => labels[status] ?? status;

/** Whether the reservation is still to come and can be changed or cancelled by the guest. */
export const isChangeable = (status: string) => status === 'booked';

export function reservationStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'booked':
    case 'arrived':
    case 'seated':
      return 'success';
    case 'cancelled':
    case 'no_show':
      return 'danger';
    default:
      return 'muted';
  }
}
