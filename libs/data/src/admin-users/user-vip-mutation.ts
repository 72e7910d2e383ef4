import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { refreshAfterAdminChange } from '../admin-overview/keys';
import { requireRow } from '../admin-overview/errors';

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

export function useSetVipStatus(options: { onSuccess?: (vars: SetVipVars) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVipStatus,
    onSuccess: async (_data, vars) => {
      await refreshAfterAdminChange(queryClient);
      options.onSuccess?.(vars);
    },
  });
}
