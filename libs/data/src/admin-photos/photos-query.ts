import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { adminPhotoKeys } from './keys';

export type AdminPhoto = Tables<'photo_wall'>;

/** Every photo on the wall, newest first (admins only, by RLS). */
export async function fetchAdminPhotos(signal?: AbortSignal): Promise<AdminPhoto[]> {
  let query = getSupabase()
    .from('photo_wall')
    .select('*')
    .order('created_at', { ascending: false })
    .order('id');
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const adminPhotosQueryOptions = () =>
  queryOptions({
    queryKey: adminPhotoKeys.list(),
    queryFn: ({ signal }) => fetchAdminPhotos(signal),
  });

export const useAdminPhotos = () => useQuery(adminPhotosQueryOptions());
