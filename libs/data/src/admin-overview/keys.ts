import { adminKeys } from '../lib/admin';

export const adminOverviewKeys = {
  all: () => [...adminKeys.all, 'overview'] as const,
  counts: () => [...adminOverviewKeys.all(), 'counts'] as const,
} as const;
