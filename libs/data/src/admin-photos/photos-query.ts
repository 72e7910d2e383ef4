import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getStorage, getSupabase } from '../lib/supabase-client';
import { fetchNewestFirst } from '../lib/admin';
import { adminPhotoKeys } from './keys';

export type AdminPhoto = Tables<'photo_wall'> & {
  /** Who uploaded it: their name and e-mail from their profile (null when it is gone). */
  uploader: string | null;
};

/** A photo-wall file's name in its public URL (null for any other address). */
const PHOTO_WALL_PATH = /\/storage\/v1\/object\/public\/photo-wall\/([^?#]+)/;

/** How long an admin's preview link of a photo that is not public yet stays valid. */
const PREVIEW_SECONDS = 3600;

/**
 * The storage serves a photo-wall file by its public URL only once its photo is approved; for
 * the others the admin gets a signed link (valid for an hour) in image_url, so the review grid
 * still shows them.
 */
function decoded(name: string): string | null {
  try {
    return decodeURI(name);
  } catch {
    return null;
  }
}

async function withPreviews(photos: AdminPhoto[]): Promise<AdminPhoto[]> {
  const pending = photos.flatMap((p) => {
    const raw = p.is_approved ? undefined : PHOTO_WALL_PATH.exec(p.image_url)?.[1];
    const name = raw ? decoded(raw) : null;
    return name ? [{ id: p.id, name }] : [];
  });
  if (pending.length === 0) return photos;
  const signed = await (await getStorage()).from('photo-wall').createSignedUrls(
    pending.map((p) => p.name),
    PREVIEW_SECONDS,
  );
  const byName = new Map((signed.data ?? []).map((s) => [s.path, s.signedUrl]));
  const byId = new Map(pending.map((p) => [p.id, byName.get(p.name)]));
  return photos.map((p) => {
    const url = byId.get(p.id);
    return url ? { ...p, image_url: url } : p;
  });
}

/** "Maya Brooks (maya@example.com)" for each uploader (admins read every profile). */
async function withUploaders(
  photos: Tables<'photo_wall'>[],
  signal?: AbortSignal,
): Promise<AdminPhoto[]> {
  const ids = [...new Set(photos.map((p) => p.user_id))];
  const names = new Map<string, string>();
  if (ids.length) {
    let query = getSupabase()
      .from('profiles')
      .select('user_id, first_name, last_name, email')
      .in('user_id', ids);
    if (signal) query = query.abortSignal(signal);
    for (const p of unwrap(await query) ?? []) {
      const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
      const email = p.email ? `(${p.email})` : '';
      names.set(p.user_id, [name, email].filter(Boolean).join(' ') || 'Unnamed member');
    }
  }
  return photos.map((p) => ({ ...p, uploader: names.get(p.user_id) ?? null }));
}

/** Every photo on the wall, newest first, with who uploaded it (admins only, by RLS). */
export async function fetchAdminPhotos(signal?: AbortSignal): Promise<AdminPhoto[]> {
  return withPreviews(await withUploaders(await fetchNewestFirst('photo_wall', signal), signal));
}

export const adminPhotosQueryOptions = () =>
  queryOptions({
    queryKey: adminPhotoKeys.list(),
    queryFn: ({ signal }) => fetchAdminPhotos(signal),
  });

export const useAdminPhotos = () => useQuery(adminPhotosQueryOptions());
