import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getStorage, getSupabase } from '../lib/supabase-client';

/**
 * Deletes the member's own data: rows in
 * photo_wall, user_offers, event_bookings, profiles and user_roles by user_id,
 * plus their analytics events and the files under their folder in photo-wall.
 * The database ends the account with its data (the login goes too, so no once-only
 * fact starts again under a new profile); the caller then signs out.
 */
export async function deleteAccountData(vars: { userId: string }): Promise<void> {
  // Uploaded photo files first (best effort: their rows are what the app shows).
  try {
    const bucket = (await getStorage()).from('photo-wall');
    const { data: files } = await bucket.list(vars.userId, { limit: 1000 });
    const paths = (files ?? []).map((f) => `${vars.userId}/${f.name}`);
    if (paths.length) {
      const { error } = await bucket.remove(paths);
      if (error) console.warn('Could not remove uploaded photos', error);
    }
  } catch (error) {
    console.warn('Could not remove uploaded photos', error);
  }
  // One call removes the rows of every table above in one transaction; a
  // member cannot delete a redemption on its own.
  unwrap(await getSupabase().rpc('delete_my_account_data'));
}

export function useAccountDeleteMutation({
  onSuccess,
  ...options
}: MutationHookOptions<void, { userId: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteAccountData,
    async onSuccess(...args) {
      queryClient.clear();
      await onSuccess?.(...args);
    },
  });
}
