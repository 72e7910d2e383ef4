import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a mutation hook accepts: every useMutation option except the mutation
 * itself, as Supabase Studio types its data hooks. A hook runs its own
 * onSuccess work (cache invalidation) first, then the caller's.
 */
export type MutationHookOptions<TData, TVars> = Omit<
  UseMutationOptions<TData, Error, TVars>,
  'mutationFn'
>;
