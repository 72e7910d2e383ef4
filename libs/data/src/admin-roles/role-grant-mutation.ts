import type { MutationHookOptions } from '../lib/mutation';
import { useAdminMutation } from '../lib/admin';
import { getSupabase } from '../lib/supabase-client';
import { DataError, unwrap } from '../lib/errors';
import { USER_NOT_FOUND } from './errors';

/** Grant to a user id (from the user list) or to whoever signed up with an e-mail address. */
export type GrantAdminVars = { userId: string } | { email: string };

async function resolveUserId(vars: GrantAdminVars): Promise<string> {
  if ('userId' in vars) return vars.userId;
  const email = vars.email.trim();
  const rows = unwrap(
    await getSupabase().from('profiles').select('user_id').ilike('email', email).limit(1),
  );
  const id = rows?.[0]?.user_id;
  if (!id) throw new DataError({ code: 'PGRST116', message: USER_NOT_FOUND });
  return id;
}

/**
 * Inserts the admin role. An existing role is reported as a unique violation
 * (23505), whether our pre-check or the database's constraint catches it.
 */
export async function grantAdmin(vars: GrantAdminVars): Promise<string> {
  const supabase = getSupabase();
  const userId = await resolveUserId(vars);
  const existing = unwrap(
    await supabase
      .from('user_roles')
      .select('user_id')
      .eq('user_id', userId)
      .eq('role', 'admin')
      .maybeSingle(),
  );
  if (existing) {
    throw new DataError({ code: '23505', message: 'This user already has admin rights' });
  }
  unwrap(await supabase.from('user_roles').insert({ user_id: userId, role: 'admin' }));
  return userId;
}

export const useRoleGrantMutation = (options: MutationHookOptions<string, GrantAdminVars> = {}) =>
  useAdminMutation(grantAdmin, options);
