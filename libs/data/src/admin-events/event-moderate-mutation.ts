import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';

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

export const useEventModerateMutation = (
  options: MutationHookOptions<void, { id: string; action: EventAction }> = {},
) => useAdminMutation(moderateEvent, options);
