export const eventKeys = {
  all: ['events'] as const,
  upcoming: (limit: number) => [...eventKeys.all, 'upcoming', { limit }] as const,
  approved: () => [...eventKeys.all, 'approved'] as const,
};
