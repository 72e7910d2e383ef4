import { adminKeys } from '../lib/admin';

export const adminPhotoKeys = {
  all: () => [...adminKeys.all, 'photos'] as const,
  list: () => [...adminPhotoKeys.all(), 'list'] as const,
} as const;
