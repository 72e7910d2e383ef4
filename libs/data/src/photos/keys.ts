export const photoKeys = {
  all: ['photos'] as const,
  latestApproved: (limit: number) => [...photoKeys.all, 'approved', { limit }] as const,
};
