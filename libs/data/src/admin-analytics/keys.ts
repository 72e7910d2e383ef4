import { adminKeys } from '../admin-overview/keys';

export const adminAnalyticsKeys = {
  all: () => [...adminKeys.all, 'analytics'] as const,
  latest: () => [...adminAnalyticsKeys.all(), 'latest'] as const,
} as const;
