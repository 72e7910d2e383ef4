import { adminKeys } from '../lib/admin';
import type { AdminBookingFilters } from './bookings-query';

export const adminBookingKeys = {
  all: () => [...adminKeys.all, 'bookings'] as const,
  page: (vars: AdminBookingFilters & { page: number }) =>
    [...adminBookingKeys.all(), 'page', vars] as const,
  /** Guests booked against capacity, per event. */
  eventLoad: () => [...adminBookingKeys.all(), 'event-load'] as const,
} as const;
