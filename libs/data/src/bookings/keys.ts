export const bookingKeys = {
  all: ['bookings'] as const,
  recent: (userId: string, limit: number) =>
    [...bookingKeys.all, 'recent', userId, { limit }] as const,
  /** Spots left per event: changes with every booking, cancellation and decision. */
  availability: (eventIds: readonly string[]) =>
    [...bookingKeys.all, 'availability', [...eventIds].sort()] as const,
  /** The booking a cancel link names. */
  byToken: (token: string) => [...bookingKeys.all, 'by-token', token] as const,
};
