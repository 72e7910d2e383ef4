import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { refreshAfterAdminChange } from '../admin-overview/keys';
import { requireRow } from '../admin-overview/errors';

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

export function useRevokeAdmin(options: { onSuccess?: (vars: { userId: string }) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdmin,
    onSuccess: async (_data, vars) => {
      await refreshAfterAdminChange(queryClient);
      options.onSuccess?.(vars);
    },
  });
}
