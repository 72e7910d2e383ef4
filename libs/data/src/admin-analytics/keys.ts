import { adminKeys } from '../lib/admin';

export const adminAnalyticsKeys = {
  all: () => [...adminKeys.all, 'analytics'] as const,
  latest: () => [...adminAnalyticsKeys.all(), 'latest'] as const,
} as const;
