import { adminKeys } from '../lib/admin';

export const adminEventKeys = {
  all: () => [...adminKeys.all, 'events'] as const,
  list: () => [...adminEventKeys.all(), 'list'] as const,
  images: (eventId: string) => [...adminEventKeys.all(), 'images', eventId] as const,
  openBookings: (eventId: string) => [...adminEventKeys.all(), 'open-bookings', eventId] as const,
} as const;
