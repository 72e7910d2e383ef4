export const photoKeys = {
  all: ['photos'] as const,
  latestApproved: (limit: number) => [...photoKeys.all, 'approved', { limit }] as const,
  /** The photos an admin featured: the home page shows them to everyone. */
  featured: (limit: number) => [...photoKeys.all, 'featured', { limit }] as const,
  /** A member's own photos still waiting for approval. */
  pending: (userId: string) => [...photoKeys.all, 'pending', userId] as const,
};
