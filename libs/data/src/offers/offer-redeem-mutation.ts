import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordAnalytics } from '../lib/analytics';
import type { MutationHookOptions } from '../lib/mutation';
import { isUniqueViolation, unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { offerKeys } from './keys';
import type { OfferRow } from './offers-query';

/**
 * Redeems an offer: inserts the user_offers row (a second one fails with
 * 23505), records offer_redeemed and counts the usage (increment_offer_usage).
 * The redemption is what the member sees; the two follow-ups are logged on failure.
 */
export interface OfferRedeemVars {
  userId: string;
  offer: Pick<OfferRow, 'id' | 'title' | 'offer_type' | 'discount_percentage'>;
}

export async function redeemOffer(vars: OfferRedeemVars): Promise<void> {
  const supabase = getSupabase();
  unwrap(
    await supabase.from('user_offers').insert({ user_id: vars.userId, offer_id: vars.offer.id }),
  );
  await recordAnalytics(vars.userId, 'offer_redeemed', {
    offer_id: vars.offer.id,
    offer_title: vars.offer.title,
    offer_type: vars.offer.offer_type,
  });
  const { error } = await supabase.rpc('increment_offer_usage', { offer_id: vars.offer.id });
  if (error) console.warn('Could not count the offer usage', error);
}

export function useOfferRedeemMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<void, OfferRedeemVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: redeemOffer,
    async onSuccess(data, vars, ...rest) {
      await queryClient.invalidateQueries({ queryKey: offerKeys.redemptions(vars.userId) });
      await onSuccess?.(data, vars, ...rest);
    },
    async onError(error, vars, ...rest) {
      // Already redeemed elsewhere (another tab or device): show it as redeemed.
      if (isUniqueViolation(error)) {
        await queryClient.invalidateQueries({ queryKey: offerKeys.redemptions(vars.userId) });
      }
      await onError?.(error, vars, ...rest);
    },
  });
}
