import type { MutationHookOptions } from '../lib/mutation';
import { useAdminMutation } from '../lib/admin';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';

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

export const useUserDeleteMutation = (options: MutationHookOptions<void, DeleteUserVars> = {}) =>
  useAdminMutation(deleteUser, options);
