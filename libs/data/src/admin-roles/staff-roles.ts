import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MutationHookOptions } from '../lib/mutation';
import { requireRow, useAdminMutation } from '../lib/admin';
import { getSupabase } from '../lib/supabase-client';
import { DataError, errorMessage, isUniqueViolation, unwrap } from '../lib/errors';
import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';
import { adminRoleKeys } from './keys';
import { USER_NOT_FOUND } from './errors';

/** The roles besides admin that admins grant in Admin Rights. */
export const STAFF_ROLES = ['staff', 'promoter'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffRoleLabel: Record<StaffRole, string> = {
  staff: 'Staff',
  promoter: 'Promoter',
};

export interface StaffAccount {
  userId: string;
  role: StaffRole;
  grantedAt: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const isStaffRole = (role: unknown): role is StaffRole =>
  typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);

/** The members holding a staff or promoter role, with their names, oldest grant first. */
export async function fetchStaffAccounts(signal?: AbortSignal): Promise<StaffAccount[]> {
  const supabase = getSupabase();
  let rolesQuery = supabase
    .from('user_roles')
    .select('user_id, role, created_at')
    .in('role', [...STAFF_ROLES])
    .order('created_at');
  if (signal) rolesQuery = rolesQuery.abortSignal(signal);
  const roles = (unwrap(await rolesQuery) ?? []).filter((r) => isStaffRole(r.role));
  if (roles.length === 0) return [];
  let profilesQuery = supabase
    .from('profiles')
    .select('user_id, first_name, last_name, email')
    .in(
      'user_id',
      roles.map((r) => r.user_id),
    );
  if (signal) profilesQuery = profilesQuery.abortSignal(signal);
  const profiles = new Map((unwrap(await profilesQuery) ?? []).map((p) => [p.user_id, p]));
  return roles.map((r) => {
    const profile = profiles.get(r.user_id);
    return {
      userId: r.user_id,
      role: r.role as StaffRole,
      grantedAt: r.created_at,
      firstName: profile?.first_name ?? null,
      lastName: profile?.last_name ?? null,
      email: profile?.email ?? null,
    };
  });
}

export const staffAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminRoleKeys.all(), 'staff'] as const,
    queryFn: ({ signal }) => fetchStaffAccounts(signal),
  });

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions());

export interface StaffRoleVars {
  email: string;
  role: StaffRole;
}

/** Grants a staff or promoter role to whoever signed up with the e-mail address. */
export async function grantStaffRole({ email, role }: StaffRoleVars): Promise<string> {
  const supabase = getSupabase();
  const rows = unwrap(
    await supabase.from('profiles').select('user_id').ilike('email', email.trim()).limit(1),
  );
  const userId = rows?.[0]?.user_id;
  if (!userId) throw new DataError({ code: 'PGRST116', message: USER_NOT_FOUND });
  unwrap(await supabase.from('user_roles').insert({ user_id: userId, role }));
  return userId;
}

export async function revokeStaffRole(vars: { userId: string; role: StaffRole }): Promise<void> {
  requireRow(
    unwrap(
      await getSupabase()
        .from('user_roles')
        .delete()
        .eq('user_id', vars.userId)
        .eq('role', vars.role)
        .select('user_id'),
    ),
    `${vars.role} role`,
  );
}

export const useStaffRoleGrantMutation = (
  options: MutationHookOptions<string, StaffRoleVars> = {},
) => useAdminMutation(grantStaffRole, options);

export const useStaffRoleRevokeMutation = (
  options: MutationHookOptions<void, { userId: string; role: StaffRole }> = {},
) => useAdminMutation(revokeStaffRole, options);

export const staffRoleMessages = {
  granted: (role: StaffRole) =>
    successToast(
      'Role Granted',
      role === 'staff'
        ? 'They can now open the door (tonight’s arrivals).'
        : 'They can now bring guests as a promoter.',
    ),
  revoked: (role: StaffRole) =>
    successToast('Role Revoked', `They no longer hold the ${staffRoleLabel[role]} role.`),
};

export function staffGrantFailed(error: unknown, role: StaffRole): ToastMessage {
  if (isUniqueViolation(error))
    return failureToast(
      'Already Granted',
      `This user already holds the ${staffRoleLabel[role]} role`,
    );
  if (errorMessage(error) === USER_NOT_FOUND)
    return failureToast('User Not Found', 'No member has signed up with that e-mail address.');
  return failureToast('Error', errorMessage(error) ?? 'Could not grant the role.');
}
