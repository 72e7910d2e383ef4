import type { MutationHookOptions } from '../lib/mutation';
import type { TablesUpdate } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';

export type PhotoAction = 'approve' | 'reject' | 'feature' | 'unfeature' | 'hide';

/**
 * What each moderation action writes. Rejecting or hiding takes the photo off
 * the wall; the database stamps approved_at/approved_by on approval and clears
 * them (and the featured flag) on rejection (clients cannot write the stamps).
 * Rejecting also asks for the rejection stamp (any non-null rejected_at; the
 * trigger writes the server's time), so the uploader sees it was turned down;
 * hiding an approved photo is not a rejection.
 */
export function photoUpdate(
  action: PhotoAction,
  now: Date = new Date(),
): TablesUpdate<'photo_wall'> {
  switch (action) {
    case 'approve':
      return { is_approved: true };
    case 'feature':
      return { is_featured: true };
    case 'unfeature':
      return { is_featured: false };
    case 'reject':
      return { is_approved: false, is_featured: false, rejected_at: now.toISOString() };
    case 'hide':
      return { is_approved: false, is_featured: false };
  }
}

export interface ModeratePhotoVars {
  id: string;
  action: PhotoAction;
  adminId: string;
}

export async function moderatePhoto(vars: ModeratePhotoVars): Promise<void> {
  requireRow(
    unwrap(
      await getSupabase()
        .from('photo_wall')
        .update(photoUpdate(vars.action))
        .eq('id', vars.id)
        .select('id'),
    ),
    'photo',
  );
}

export const usePhotoModerateMutation = (
  options: MutationHookOptions<void, ModeratePhotoVars> = {},
) => useAdminMutation(moderatePhoto, options);
