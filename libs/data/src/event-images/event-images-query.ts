import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { adminEventKeys } from '../admin-events/keys';
import { eventImageKeys } from './keys';

export type EventImage = Pick<Tables<'event_images'>, 'id' | 'image_url' | 'alt_text' | 'position'>;

/**
 * An event's images in their order (the first is its cover in the gallery). Row-level security
 * shows them to whoever may see the event.
 */
export async function fetchEventImages(
  vars: { eventId: string },
  signal?: AbortSignal,
): Promise<EventImage[]> {
  let query = getSupabase()
    .from('event_images')
    .select('id, image_url, alt_text, position')
    .eq('event_id', vars.eventId)
    .order('position', { ascending: true })
    .order('created_at', { ascending: true });
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const eventImagesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventImageKeys.ofEvent(eventId),
    queryFn: ({ signal }) => fetchEventImages({ eventId }, signal),
  });

export const useEventImages = (eventId: string | undefined) =>
  useQuery({ ...eventImagesQueryOptions(eventId ?? ''), enabled: Boolean(eventId) });

/** The dashboard's copy of an event's images (refetched with the dashboard after every change). */
export const adminEventImagesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: adminEventKeys.images(eventId),
    queryFn: ({ signal }) => fetchEventImages({ eventId }, signal),
  });

export const useAdminEventImages = (eventId: string) =>
  useQuery(adminEventImagesQueryOptions(eventId));
