import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';

export interface SetVipVars {
  userId: string;
  vip: boolean;
}

export async function setVipStatus(vars: SetVipVars): Promise<void> {
  requireRow(
    unwrap(
      await getSupabase()
        .from('profiles')
        .update({ vip_status: vars.vip })
        .eq('user_id', vars.userId)
        .select('user_id'),
    ),
    'profile',
  );
}

export const useUserVipMutation = (options: MutationHookOptions<void, SetVipVars> = {}) =>
  useAdminMutation(setVipStatus, options);
