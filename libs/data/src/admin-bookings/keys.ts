import { adminKeys } from '../lib/admin';

export const adminBookingKeys = {
  all: () => [...adminKeys.all, 'bookings'] as const,
  list: () => [...adminBookingKeys.all(), 'list'] as const,
} as const;
