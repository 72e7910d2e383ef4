import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { profileKeys } from './keys';
import type { ProfileRow } from './profile-query';

export interface ProfileInput {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD, sent only while the profile has none: a member sets it once. */
  birthday?: string | null;
}

/** A blank field is stored as null: no profile field is required. */
const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * Saves the member's contact fields (profiles upsert {user_id, first_name, last_name, email,
 * phone}) and, when given, the birthday (refused with 42501 once one is set).
 */
export async function upsertProfile(input: ProfileInput): Promise<ProfileRow> {
  const row = unwrap(
    await getSupabase()
      .from('profiles')
      .upsert(
        {
          user_id: input.userId,
          first_name: orNull(input.firstName),
          last_name: orNull(input.lastName),
          email: orNull(input.email),
          phone: orNull(input.phone),
          ...(input.birthday ? { birthday: input.birthday } : {}),
        },
        { onConflict: 'user_id' },
      )
      .select()
      .single(),
  );
  if (!row) throw new DataError({ message: 'Failed to update profile' });
  return row;
}

export function useProfileUpsertMutation({
  onSuccess,
  ...options
}: MutationHookOptions<ProfileRow, ProfileInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: upsertProfile,
    async onSuccess(row, vars, ...rest) {
      queryClient.setQueryData(profileKeys.detail(vars.userId), row);
      await queryClient.invalidateQueries({ queryKey: profileKeys.detail(vars.userId) });
      await onSuccess?.(row, vars, ...rest);
    },
  });
}
