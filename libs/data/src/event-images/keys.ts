export const eventImageKeys = {
  all: ['event-images'] as const,
  ofEvent: (eventId: string) => [...eventImageKeys.all, eventId] as const,
};
