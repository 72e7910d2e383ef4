import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { refreshAfterAdminChange } from '../admin-overview/keys';

export interface DeleteUserVars {
  userId: string;
  adminId: string;
}

/** admin_delete_user removes every row of the member and the auth user (the server refuses self-deletion). */
export async function deleteUser(vars: DeleteUserVars): Promise<void> {
  unwrap(
    await getSupabase().rpc('admin_delete_user', {
      _user_id: vars.userId,
      _admin_id: vars.adminId,
    }),
  );
}

export function useDeleteUser(options: { onSuccess?: (vars: DeleteUserVars) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_data, vars) => {
      await refreshAfterAdminChange(queryClient);
      options.onSuccess?.(vars);
    },
  });
}
