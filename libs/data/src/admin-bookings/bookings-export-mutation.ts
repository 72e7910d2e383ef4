import { useMutation } from '@tanstack/react-query';
import type { MutationHookOptions } from '../lib/mutation';
import { bookingsToCsv } from './bookings-csv';
import { fetchAllAdminBookings, type AdminBookingFilters } from './bookings-query';

export interface BookingsExport {
  csv: string;
  rows: number;
}

/** Every booking the filters match, as CSV (reads only, so nothing to invalidate). */
export async function exportBookings(filters: AdminBookingFilters): Promise<BookingsExport> {
  const rows = await fetchAllAdminBookings(filters);
  return { csv: bookingsToCsv(rows), rows: rows.length };
}

export const useBookingsExportMutation = (
  options: MutationHookOptions<BookingsExport, AdminBookingFilters> = {},
) => useMutation({ ...options, mutationFn: exportBookings });
