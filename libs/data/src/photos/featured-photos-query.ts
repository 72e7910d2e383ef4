import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getStorage, getSupabase } from '../lib/supabase-client';
import { photoKeys } from './keys';

/** What the home page shows of a featured photo (visitors may read only these columns). */
export type FeaturedPhoto = Pick<Tables<'photo_wall'>, 'id' | 'image_url' | 'caption'>;

/** How many featured photos the home page shows. */
export const FEATURED_PHOTOS = 6;

/** Photos an admin featured (approved and featured), the latest approved first. */
export async function fetchFeaturedPhotos(
  vars: { limit: number },
  signal?: AbortSignal,
): Promise<FeaturedPhoto[]> {
  let query = getSupabase()
    .from('photo_wall')
    .select('id, image_url, caption')
    .eq('is_approved', true)
    .eq('is_featured', true)
    .order('approved_at', { ascending: false })
    .order('id')
    .limit(vars.limit);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const featuredPhotosQueryOptions = (limit: number = FEATURED_PHOTOS) =>
  queryOptions({
    queryKey: photoKeys.featured(limit),
    queryFn: ({ signal }) => fetchFeaturedPhotos({ limit }, signal),
  });

export const useFeaturedPhotos = (limit: number = FEATURED_PHOTOS) =>
  useQuery(featuredPhotosQueryOptions(limit));

export type PendingPhoto = Pick<
  Tables<'photo_wall'>,
  'id' | 'image_url' | 'caption' | 'created_at' | 'rejected_at'
>;

/**
 * The member's own photos not on the wall, newest first: waiting for approval,
 * or rejected (rejected_at set; the row is kept so its uploader sees it). The
 * file of a photo that is not approved is private: its URL is swapped for a
 * signed link the uploader may open (an hour).
 */
export async function fetchMyPendingPhotos(
  vars: { userId: string; limit?: number },
  signal?: AbortSignal,
): Promise<PendingPhoto[]> {
  let query = getSupabase()
    .from('photo_wall')
    .select('id, image_url, caption, created_at, rejected_at')
    .eq('user_id', vars.userId)
    .eq('is_approved', false)
    .order('created_at', { ascending: false })
    .limit(vars.limit ?? 6);
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query) ?? [];
  const names = rows.map((r) => /\/photo-wall\/([^?#]+)/.exec(r.image_url)?.[1]);
  const wanted = names.filter((n): n is string => !!n).map((n) => decodeURI(n));
  if (!wanted.length) return rows;
  const signed = await (await getStorage()).from('photo-wall').createSignedUrls(wanted, 3600);
  const byName = new Map((signed.data ?? []).map((s) => [s.path, s.signedUrl]));
  return rows.map((r, i) => {
    const name = names[i];
    const url = name ? byName.get(decodeURI(name)) : undefined;
    return url ? { ...r, image_url: url } : r;
  });
}

export const myPendingPhotosQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: photoKeys.pending(userId),
    queryFn: ({ signal }) => fetchMyPendingPhotos({ userId }, signal),
  });

export const useMyPendingPhotos = (userId: string | undefined) =>
  useQuery({ ...myPendingPhotosQueryOptions(userId ?? ''), enabled: Boolean(userId) });
