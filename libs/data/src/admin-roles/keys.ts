import { adminKeys } from '../lib/admin';

export const adminRoleKeys = {
  all: () => [...adminKeys.all, 'roles'] as const,
  admins: () => [...adminRoleKeys.all(), 'admins'] as const,
  /** Outside the dashboard's key space: the access check is not refetched by moderation changes. */
  isAdmin: (userId: string) => ['admin-access', userId] as const,
} as const;
