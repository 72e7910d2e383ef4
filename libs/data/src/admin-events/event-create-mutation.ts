import type { MutationHookOptions } from '../lib/mutation';
import { useAdminMutation } from '../lib/admin';
import type { Tables } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { DataError, unwrap } from '../lib/errors';

export interface CreateEventVars {
  title: string;
  description: string;
  /** An ISO timestamp. */
  eventDate: string;
  featuredImageUrl: string | null;
  adminId: string;
  /** Guests the event takes; omitted or null for no limit. */
  capacity?: number | null;
}

/** Events created by an admin are approved at once (the trigger enforces it too). */
export async function createEvent(vars: CreateEventVars): Promise<Tables<'events'>> {
  const description = vars.description.trim();
  const created = unwrap(
    await getSupabase()
      .from('events')
      .insert({
        title: vars.title.trim(),
        description: description || null,
        event_date: vars.eventDate,
        featured_image_url: vars.featuredImageUrl,
        created_by: vars.adminId,
        is_approved: true,
        ...(vars.capacity ? { capacity: vars.capacity } : {}),
      })
      .select()
      .single(),
  );
  if (!created) throw new DataError({ message: 'The event was not created.' });
  return created;
}

export const useEventCreateMutation = (
  options: MutationHookOptions<Tables<'events'>, CreateEventVars> = {},
) => useAdminMutation(createEvent, options);
