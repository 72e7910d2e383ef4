import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { profileKeys } from './keys';

export type ProfileRow = Tables<'profiles'>;

/** The member's profile (profiles: select by user_id, single); null before one exists. */
export async function fetchProfile(
  vars: { userId: string },
  signal?: AbortSignal,
): Promise<ProfileRow | null> {
  let query = getSupabase().from('profiles').select('*').eq('user_id', vars.userId);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query.maybeSingle());
}

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => fetchProfile({ userId }, signal),
  });

export const useProfile = (userId: string | undefined) =>
  useQuery({ ...profileQueryOptions(userId ?? ''), enabled: Boolean(userId) });
