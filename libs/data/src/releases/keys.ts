import { adminKeys } from '../lib/admin';

/** Under the admin root, so the dashboard's refresh covers it. */
export const releaseKeys = {
  all: [...adminKeys.all, 'releases'] as const,
  status: () => [...releaseKeys.all, 'status'] as const,
} as const;
