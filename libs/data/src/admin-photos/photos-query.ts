import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { fetchNewestFirst } from '../lib/admin';
import { adminPhotoKeys } from './keys';

export type AdminPhoto = Tables<'photo_wall'>;

/** Every photo on the wall, newest first (admins only, by RLS). */
export const fetchAdminPhotos = (signal?: AbortSignal): Promise<AdminPhoto[]> =>
  fetchNewestFirst('photo_wall', signal);

export const adminPhotosQueryOptions = () =>
  queryOptions({
    queryKey: adminPhotoKeys.list(),
    queryFn: ({ signal }) => fetchAdminPhotos(signal),
  });

export const useAdminPhotos = () => useQuery(adminPhotosQueryOptions());
