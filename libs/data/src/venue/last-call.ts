import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { LOUNGE_POLL_INTERVAL_MS } from '../lib/polling';
import { getSupabase } from '../lib/supabase-client';
import { venueKeys } from './keys';

const lastCallKey = () => [...venueKeys.all, 'last-call'] as const;

/** When staff raised last call (ISO time), or null: read by everyone, polled with the lounge. */
export async function fetchLastCall(signal?: AbortSignal): Promise<string | null> {
  let query = getSupabase().from('venue_settings').select('last_call_at').limit(1);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query)?.[0]?.last_call_at ?? null;
}

export const useLastCall = (pollMs: number = LOUNGE_POLL_INTERVAL_MS) =>
  useQuery({
    queryKey: lastCallKey(),
    queryFn: ({ signal }) => fetchLastCall(signal),
    refetchInterval: pollMs,
  });

/** Raises (true) or lowers (false) last call; admins only (the venue record's update policy). */
export async function setLastCall(raised: boolean): Promise<void> {
  const rows = unwrap(
    await getSupabase()
      .from('venue_settings')
      .update({ last_call_at: raised ? new Date().toISOString() : null })
      .eq('id', true)
      .select('last_call_at'),
  );
  // an update that row-level security filtered out returns no row: the refusal it is
  if (!rows || rows.length === 0) throw new Error('Only staff can call last call.');
}

export function useLastCallMutation(options: MutationHookOptions<void, boolean> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setLastCall,
    async onSuccess(...args) {
      await client.invalidateQueries({ queryKey: lastCallKey() });
      await options.onSuccess?.(...args);
    },
  });
}
