import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { DataError, unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';

export interface EventCapacityVars {
  eventId: string;
  /** Guests; null for unlimited. */
  capacity: number | null;
}

/**
 * The capacity an admin typed: '' is unlimited (null), a whole number from 1
 * up is a capacity; anything else is refused with the message to show.
 */
export function parseCapacity(value: string): { capacity: number | null } | { error: string } {
  const text = value.trim();
  if (text === '') return { capacity: null };
  if (!/^\d+$/.test(text)) return { error: 'Capacity must be a whole number of guests.' };
  const capacity = Number(text);
  if (capacity < 1)
    return { error: 'Capacity must be at least 1 guest (leave it empty for no limit).' };
  if (capacity > 100000) return { error: 'Capacity must be at most 100,000 guests.' };
  return { capacity };
}

/** Sets an event's capacity in guests (admins only, by RLS; the database checks capacity > 0). */
export async function setEventCapacity(vars: EventCapacityVars): Promise<{ id: string }> {
  if (vars.capacity !== null && !(Number.isInteger(vars.capacity) && vars.capacity > 0)) {
    throw new DataError({ code: '23514', message: 'Capacity must be at least 1 guest.' });
  }
  return requireRow(
    unwrap(
      await getSupabase()
        .from('events')
        .update({ capacity: vars.capacity })
        .eq('id', vars.eventId)
        .select('id'),
    ),
    'event',
  );
}

export const useEventCapacityMutation = (
  options: MutationHookOptions<{ id: string }, EventCapacityVars> = {},
) => useAdminMutation(setEventCapacity, options);
