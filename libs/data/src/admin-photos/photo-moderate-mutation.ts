import type { MutationHookOptions } from '../lib/mutation';
import type { TablesUpdate } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';

export type PhotoAction = 'approve' | 'reject' | 'feature' | 'unfeature' | 'hide';

/**
 * What each moderation action writes. Approving stamps approved_at/approved_by;
 * rejecting or hiding takes the photo off the wall (the trigger also clears the
 * stamps and the featured flag).
 */
export function photoUpdate(
  action: PhotoAction,
  adminId: string,
  now = new Date(),
): TablesUpdate<'photo_wall'> {
  switch (action) {
    case 'approve':
      return { is_approved: true, approved_at: now.toISOString(), approved_by: adminId };
    case 'feature':
      return { is_featured: true };
    case 'unfeature':
      return { is_featured: false };
    case 'reject':
    case 'hide':
      return { is_approved: false, is_featured: false, approved_at: null, approved_by: null };
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
        .update(photoUpdate(vars.action, vars.adminId))
        .eq('id', vars.id)
        .select('id'),
    ),
    'photo',
  );
}

export const usePhotoModerateMutation = (
  options: MutationHookOptions<void, ModeratePhotoVars> = {},
) => useAdminMutation(moderatePhoto, options);
