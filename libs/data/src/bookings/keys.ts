export const bookingKeys = {
  all: ['bookings'] as const,
  recent: (userId: string, limit: number) =>
    [...bookingKeys.all, 'recent', userId, { limit }] as const,
};
