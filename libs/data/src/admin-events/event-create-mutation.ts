import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { DataError, unwrap } from '../lib/errors';
import { refreshAfterAdminChange } from '../admin-overview/keys';

export interface CreateEventVars {
  title: string;
  description: string;
  /** An ISO timestamp. */
  eventDate: string;
  featuredImageUrl: string | null;
  adminId: string;
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
      })
      .select()
      .single(),
  );
  if (!created) throw new DataError({ message: 'The event was not created.' });
  return created;
}

export function useCreateEvent(options: { onSuccess?: (event: Tables<'events'>) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: async (event) => {
      await refreshAfterAdminChange(queryClient);
      options.onSuccess?.(event);
    },
  });
}
