/**
 * Query keys more than one domain uses. A booking changes the member's booking
 * count, so the bookings domain refreshes the profile by this key.
 */
export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: string) => [...profileKeys.all, 'detail', userId] as const,
};
