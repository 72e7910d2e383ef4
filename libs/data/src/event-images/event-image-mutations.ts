import type { MutationHookOptions } from '../lib/mutation';
import { getStorage, getSupabase } from '../lib/supabase-client';
import { DataError, unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';
import { uploadImage } from '../lib/image-upload';
import type { EventImage } from './event-images-query';

const BUCKET = 'event-images';

export interface AddEventImageVars {
  eventId: string;
  adminId: string;
  file: File;
  altText: string;
  /** Where it goes: after the images the event has. */
  position: number;
}

/** Uploads the file to the event-images bucket and adds it to the event's images. */
export async function addEventImage(vars: AddEventImageVars): Promise<EventImage> {
  const altText = vars.altText.trim();
  if (!altText)
    throw new DataError({
      code: 'alt_text_missing',
      message: 'Describe the image for guests who cannot see it.',
    });
  const { publicUrl } = await uploadImage(BUCKET, vars.adminId, vars.file);
  return requireRow(
    unwrap(
      await getSupabase()
        .from('event_images')
        .insert({
          event_id: vars.eventId,
          image_url: publicUrl,
          alt_text: altText,
          position: vars.position,
        })
        .select('id, image_url, alt_text, position'),
    ),
    'event image',
  );
}

const BUCKET_OBJECT = new RegExp(`/storage/v1/object/public/${BUCKET}/([^?#]+)$`);

/** The object name of an event-images public URL, else undefined. */
export function eventImageObject(url: string): string | undefined {
  try {
    const m = BUCKET_OBJECT.exec(new URL(url).pathname);
    return m?.[1] ? decodeURI(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes an image off its event, then removes its file from the bucket unless an event still
 * shows it as its cover.
 */
export async function removeEventImage(vars: { id: string; imageUrl: string }): Promise<void> {
  requireRow(
    unwrap(await getSupabase().from('event_images').delete().eq('id', vars.id).select('id')),
    'event image',
  );
  const name = eventImageObject(vars.imageUrl);
  if (!name) return;
  const cover = unwrap(
    await getSupabase()
      .from('events')
      .select('id')
      .eq('featured_image_url', vars.imageUrl)
      .limit(1),
  );
  if (cover?.length) return;
  const { error } = await (await getStorage()).from(BUCKET).remove([name]);
  if (error) throw new DataError({ message: error.message, code: 'storage_error' });
}

export const useEventImageAddMutation = (
  options: MutationHookOptions<EventImage, AddEventImageVars> = {},
) => useAdminMutation(addEventImage, options);

export const useEventImageRemoveMutation = (
  options: MutationHookOptions<void, { id: string; imageUrl: string }> = {},
) => useAdminMutation(removeEventImage, options);
