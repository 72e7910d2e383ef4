import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';

export type EventAction = 'approve' | 'reject' | 'delete';

/**
 * The row change of an approve or reject. Rejecting asks the database for its
 * rejection stamp (any non-null rejected_at; the trigger writes the server's
 * time); approving clears it (the trigger again).
 */
export function eventUpdate(
  action: 'approve' | 'reject',
  now: Date,
): { is_approved: boolean; rejected_at?: string } {
  return action === 'approve'
    ? { is_approved: true }
    : { is_approved: false, rejected_at: now.toISOString() };
}

export async function moderateEvent(vars: { id: string; action: EventAction }): Promise<void> {
  const events = getSupabase().from('events');
  if (vars.action === 'delete') {
    requireRow(unwrap(await events.delete().eq('id', vars.id).select('id')), 'event');
    return;
  }
  const change = eventUpdate(vars.action, new Date());
  requireRow(unwrap(await events.update(change).eq('id', vars.id).select('id')), 'event');
}

export const useEventModerateMutation = (
  options: MutationHookOptions<void, { id: string; action: EventAction }> = {},
) => useAdminMutation(moderateEvent, options);
