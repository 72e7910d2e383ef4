import { adminKeys } from '../lib/admin';

export const adminUserKeys = {
  all: () => [...adminKeys.all, 'users'] as const,
  pages: () => [...adminUserKeys.all(), 'page'] as const,
  page: (vars: { page: number; search: string }) =>
    [...adminUserKeys.pages(), vars.page, vars.search] as const,
} as const;
