import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { DataError } from '../lib/errors';
import { adminUserKeys } from './keys';

export type AdminUser = Pick<
  Tables<'profiles'>,
  | 'user_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'vip_status'
  | 'total_bookings'
  | 'created_at'
>;

export const USERS_PAGE_SIZE = 25;
const USER_COLUMNS =
  'user_id, first_name, last_name, email, phone, vip_status, total_bookings, created_at';

export interface UsersPageVars {
  /** 0-based. */
  page: number;
  search: string;
}

export interface UsersPage {
  rows: AdminUser[];
  total: number;
  page: number;
  pageCount: number;
  /** The search these rows answer (the list may still show the previous one while loading). */
  search: string;
}

/**
 * The PostgREST `or` filter for a name or e-mail search, or null for no search.
 * Characters that structure the filter (commas, parentheses, quotes, wildcards,
 * backslashes) are dropped; `*` is PostgREST's wildcard. "maya lopez" also
 * matches first_name ~ maya and last_name ~ lopez.
 */
export function userSearchFilter(search: string): string | null {
  const words = search
    .replace(/[,()"'*%\\:]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4);
  if (words.length === 0) return null;
  const term = words.join(' ');
  const like = (column: string, value: string) => `${column}.ilike.*${value}*`;
  const branches = [like('first_name', term), like('last_name', term), like('email', term)];
  if (words.length >= 2) {
    const [first, ...rest] = words;
    branches.push(`and(${like('first_name', first!)},${like('last_name', rest.join(' '))})`);
  }
  return branches.join(',');
}

/**
 * One page of profiles, newest first, with the exact total: the server pages
 * and searches, so the list stays fast with 5,000+ members.
 */
export async function fetchUsersPage(
  vars: UsersPageVars,
  signal?: AbortSignal,
): Promise<UsersPage> {
  const from = vars.page * USERS_PAGE_SIZE;
  let query = getSupabase()
    .from('profiles')
    .select(USER_COLUMNS, { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('user_id');
  const filter = userSearchFilter(vars.search);
  if (filter) query = query.or(filter);
  query = query.range(from, from + USERS_PAGE_SIZE - 1);
  if (signal) query = query.abortSignal(signal);
  const { data, error, count } = await query;
  // A page past the end (after deletions, or a narrower search) answers 416: start over.
  if (error && error.code === 'PGRST103' && vars.page > 0) {
    return fetchUsersPage({ ...vars, page: 0 }, signal);
  }
  if (error) throw new DataError(error);
  const total = count ?? data.length;
  return {
    rows: data,
    total,
    page: vars.page,
    search: vars.search,
    pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
  };
}

export const usersPageQueryOptions = (vars: UsersPageVars) =>
  queryOptions({
    queryKey: adminUserKeys.page(vars),
    queryFn: ({ signal }) => fetchUsersPage(vars, signal),
    placeholderData: keepPreviousData,
  });

export const useUsersPage = (vars: UsersPageVars) => useQuery(usersPageQueryOptions(vars));
