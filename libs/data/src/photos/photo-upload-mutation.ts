import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { recordAnalytics } from '../analytics/analytics-record';
import { DataError, unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { uploadImage } from './image-upload';
import { photoKeys } from './keys';

export const PHOTO_CAPTION = 'Victory moment!';

/**
 * Uploads a member's photo to the photo-wall bucket and adds it to the wall,
 * unapproved (it waits for an admin), then records photo_uploaded.
 */
export async function uploadPhoto(vars: {
  userId: string;
  file: File;
}): Promise<Tables<'photo_wall'>> {
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

export function useUploadPhoto(
  options: {
    onSuccess?: (row: Tables<'photo_wall'>) => void;
    onError?: (error: unknown) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async (row) => {
      await queryClient.invalidateQueries({ queryKey: photoKeys.all });
      options.onSuccess?.(row);
    },
    onError: (error) => options.onError?.(error),
  });
}
