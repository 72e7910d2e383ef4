import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';

export async function revokeAdmin(vars: { userId: string }): Promise<void> {
  requireRow(
    unwrap(
      await getSupabase()
        .from('user_roles')
        .delete()
        .eq('user_id', vars.userId)
        .eq('role', 'admin')
        .select('user_id'),
    ),
    'admin role',
  );
}

export const useRoleRevokeMutation = (
  options: MutationHookOptions<void, { userId: string }> = {},
) => useAdminMutation(revokeAdmin, options);
