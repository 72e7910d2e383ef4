import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { adminRoleKeys } from './keys';

export interface AdminAccount {
  userId: string;
  grantedAt: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** The admins (user_roles rows with role admin) with their names, oldest grant first. */
export async function fetchAdmins(signal?: AbortSignal): Promise<AdminAccount[]> {
  const supabase = getSupabase();
  let rolesQuery = supabase
    .from('user_roles')
    .select('user_id, created_at')
    .eq('role', 'admin')
    .order('created_at');
  if (signal) rolesQuery = rolesQuery.abortSignal(signal);
  const roles = unwrap(await rolesQuery) ?? [];
  if (roles.length === 0) return [];
  // user_roles and profiles both reference auth.users, not each other: two reads.
  let profilesQuery = supabase
    .from('profiles')
    .select('user_id, first_name, last_name, email')
    .in(
      'user_id',
      roles.map((r) => r.user_id),
    );
  if (signal) profilesQuery = profilesQuery.abortSignal(signal);
  const profiles = new Map((unwrap(await profilesQuery) ?? []).map((p) => [p.user_id, p]));
  return roles.map((role) => {
    const profile = profiles.get(role.user_id);
    return {
      userId: role.user_id,
      grantedAt: role.created_at,
      firstName: profile?.first_name ?? null,
      lastName: profile?.last_name ?? null,
      email: profile?.email ?? null,
    };
  });
}

export const adminsQueryOptions = () =>
  queryOptions({
    queryKey: adminRoleKeys.admins(),
    queryFn: ({ signal }) => fetchAdmins(signal),
  });

export const useAdmins = () => useQuery(adminsQueryOptions());
