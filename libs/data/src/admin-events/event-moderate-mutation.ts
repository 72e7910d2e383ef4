import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { refreshAfterAdminChange } from '../admin-overview/keys';
import { requireRow } from '../admin-overview/errors';

export type EventAction = 'approve' | 'reject' | 'delete';

export async function moderateEvent(vars: { id: string; action: EventAction }): Promise<void> {
  const events = getSupabase().from('events');
  if (vars.action === 'delete') {
    requireRow(unwrap(await events.delete().eq('id', vars.id).select('id')), 'event');
    return;
  }
  requireRow(
    unwrap(
      await events
        .update({ is_approved: vars.action === 'approve' })
        .eq('id', vars.id)
        .select('id'),
    ),
    'event',
  );
}

export function useModerateEvent(
  options: { onSuccess?: (vars: { id: string; action: EventAction }) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateEvent,
    onSuccess: async (_data, vars) => {
      await refreshAfterAdminChange(queryClient);
      options.onSuccess?.(vars);
    },
  });
}
