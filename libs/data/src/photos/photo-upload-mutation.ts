import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { recordAnalytics } from '../lib/analytics';
import { uploadImage } from '../lib/image-upload';
import type { MutationHookOptions } from '../lib/mutation';
import { DataError, unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { photoKeys } from './keys';

export const PHOTO_CAPTION = 'Victory moment!';

/**
 * Uploads a member's photo to the photo-wall bucket and adds it to the wall,
 * unapproved (it waits for an admin), then records photo_uploaded.
 */
export interface PhotoUploadVars {
  userId: string;
  file: File;
}

export async function uploadPhoto(vars: PhotoUploadVars): Promise<Tables<'photo_wall'>> {
  const { publicUrl } = await uploadImage('photo-wall', vars.userId, vars.file);
  const row = unwrap(
    await getSupabase()
      .from('photo_wall')
      .insert({ user_id: vars.userId, image_url: publicUrl, caption: PHOTO_CAPTION })
      .select()
      .single(),
  );
  if (!row) throw new DataError({ message: 'The photo was not saved.' });
  await recordAnalytics(vars.userId, 'photo_uploaded', { photo_id: row.id });
  return row;
}

export function usePhotoUploadMutation({
  onSuccess,
  ...options
}: MutationHookOptions<Tables<'photo_wall'>, PhotoUploadVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: uploadPhoto,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: photoKeys.all });
      await onSuccess?.(...args);
    },
  });
}
