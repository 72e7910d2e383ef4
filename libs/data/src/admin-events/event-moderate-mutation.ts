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
  // Rejecting asks the database for its rejection stamp (any non-null
  // rejected_at; the trigger writes the server's time); approving clears it.
  const change =
    vars.action === 'approve'
      ? { is_approved: true }
      : { is_approved: false, rejected_at: new Date().toISOString() };
  requireRow(unwrap(await events.update(change).eq('id', vars.id).select('id')), 'event');
}

export const useEventModerateMutation = (
  options: MutationHookOptions<void, { id: string; action: EventAction }> = {},
) => useAdminMutation(moderateEvent, options);
