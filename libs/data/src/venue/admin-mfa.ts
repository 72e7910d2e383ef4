import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { venueKeys } from './keys';

/**
 * Turns on (true) or off (false) the venue's rule that admin actions need a session completed
 * with an authenticator code. Admins only; turning it on needs such a session already (the
 * database refuses it otherwise with 42501).
 */
export async function setAdminRequiresMfa(required: boolean): Promise<void> {
  const rows = unwrap(
    await getSupabase()
      .from('venue_settings')
      .update({ admin_requires_mfa: required })
      .eq('id', true)
      .select('admin_requires_mfa'),
  );
  // an update that row-level security filtered out returns no row: the refusal it is
  if (!rows || rows.length === 0) throw new Error('Only admins can change this setting.');
}

export function useAdminMfaMutation(options: MutationHookOptions<void, boolean> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setAdminRequiresMfa,
    async onSuccess(...args) {
      await client.invalidateQueries({ queryKey: venueKeys.all });
      await options.onSuccess?.(...args);
    },
  });
}
