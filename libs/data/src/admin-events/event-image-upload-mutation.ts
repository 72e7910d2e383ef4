import { useMutation } from '@tanstack/react-query';
import type { MutationHookOptions } from '../lib/mutation';
import { getStorage } from '../lib/supabase-client';
import { DataError } from '../lib/errors';

export const EVENT_IMAGES_BUCKET = 'event-images';

/** `<admin id>/<timestamp>.<ext>`: the storage policy lets admins write anywhere in the bucket. */
export function eventImagePath(adminId: string, file: { name: string }, now = Date.now()): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(file.name);
  const ext = match ? match[1]!.toLowerCase() : 'jpg';
  return `${adminId}/${now}.${ext}`;
}

/** Uploads a featured image and returns its public URL. */
export async function uploadEventImage(vars: { adminId: string; file: File }): Promise<string> {
  if (!vars.file.type.startsWith('image/')) {
    throw new DataError({ message: 'The featured image must be an image file.' });
  }
  const storage = (await getStorage()).from(EVENT_IMAGES_BUCKET);
  const path = eventImagePath(vars.adminId, vars.file);
  const { error } = await storage.upload(path, vars.file, {
    contentType: vars.file.type,
    upsert: false,
  });
  if (error) throw new DataError({ message: error.message });
  return storage.getPublicUrl(path).data.publicUrl;
}

export const useEventImageUploadMutation = (
  options: MutationHookOptions<string, { adminId: string; file: File }> = {},
) => useMutation({ ...options, mutationFn: uploadEventImage });
