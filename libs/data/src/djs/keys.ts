/** Query keys of the djs domain. */
export const djKeys = {
  all: ['djs'] as const,
  active: () => [...djKeys.all, 'active'] as const,
  live: () => [...djKeys.all, 'live'] as const,
};
