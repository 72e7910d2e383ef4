import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert, TablesUpdate } from '../database.types';
import { refreshAfterAdminChange, requireRow } from '../lib/admin';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { promotionKeys } from './keys';

export type PromotionInput = Pick<
  TablesInsert<'promotions'>,
  'title' | 'body' | 'starts_on' | 'ends_on' | 'is_active' | 'position'
>;
export type OfferTextPatch = Pick<
  TablesUpdate<'offers'>,
  'title' | 'description' | 'valid_until' | 'is_active'
>;

export async function savePromotion(vars: { id?: string; input: PromotionInput }): Promise<void> {
  const table = getSupabase().from('promotions');
  if (vars.id) {
    requireRow(unwrap(await table.update(vars.input).eq('id', vars.id).select('id')), 'promotion');
  } else {
    unwrap(await table.insert(vars.input));
  }
}

export async function removePromotion(id: string): Promise<void> {
  requireRow(
    unwrap(await getSupabase().from('promotions').delete().eq('id', id).select('id')),
    'promotion',
  );
}

export async function saveOfferText(vars: { id: string; patch: OfferTextPatch }): Promise<void> {
  requireRow(
    unwrap(await getSupabase().from('offers').update(vars.patch).eq('id', vars.id).select('id')),
    'offer',
  );
}

function useContentMutation<TVars>(
  mutationFn: (vars: TVars) => Promise<void>,
  { onSuccess, ...options }: MutationHookOptions<void, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, TVars>({
    ...options,
    mutationFn,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['offers'] });
      await refreshAfterAdminChange(queryClient);
      await onSuccess?.(...args);
    },
  });
}

export const usePromotionSaveMutation = (
  options?: MutationHookOptions<void, { id?: string; input: PromotionInput }>,
) => useContentMutation(savePromotion, options);
export const usePromotionRemoveMutation = (options?: MutationHookOptions<void, string>) =>
  useContentMutation(removePromotion, options);
export const useOfferTextMutation = (
  options?: MutationHookOptions<void, { id: string; patch: OfferTextPatch }>,
) => useContentMutation(saveOfferText, options);
