import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert, TablesUpdate } from '../database.types';
import { refreshAfterAdminChange, requireRow } from '../lib/admin';
import { businessDate } from '../lib/business-date';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { menuKeys } from './keys';
import type { MenuItemRow } from './menu-rules';

export type MenuItemPatch = Omit<TablesUpdate<'menu_items'>, 'id' | 'created_at' | 'updated_at'>;
export type MenuItemInput = Pick<
  TablesInsert<'menu_items'>,
  'section_id' | 'name' | 'description' | 'price_cents' | 'unit' | 'tags' | 'position'
>;

export async function updateMenuItem(vars: { id: string; patch: MenuItemPatch }): Promise<void> {
  requireRow(
    unwrap(
      await getSupabase().from('menu_items').update(vars.patch).eq('id', vars.id).select('id'),
    ),
    'menu item',
  );
}

/** 86s an item for tonight's business night (it is back the next night), or puts it back. */
export const eightySixPatch = (soldOut: boolean, now: Date = new Date()): MenuItemPatch => ({
  eighty_sixed_on: soldOut ? businessDate(now) : null,
});

export async function addMenuItem(input: MenuItemInput): Promise<void> {
  unwrap(await getSupabase().from('menu_items').insert(input));
}

export async function removeMenuItem(id: string): Promise<void> {
  requireRow(
    unwrap(await getSupabase().from('menu_items').delete().eq('id', id).select('id')),
    'menu item',
  );
}

/**
 * Moves an item one place up or down within its section: the two neighbours
 * swap positions (renumbered 1..n first, so equal positions cannot stall a move).
 */
export async function moveMenuItem(vars: {
  items: readonly MenuItemRow[];
  id: string;
  direction: -1 | 1;
}): Promise<void> {
  const order = vars.items.map((i) => i.id);
  const at = order.indexOf(vars.id);
  const to = at + vars.direction;
  const neighbour = order[to];
  if (at < 0 || neighbour === undefined) return;
  order[to] = vars.id;
  order[at] = neighbour;
  const changed = order
    .map((id, index) => ({ id, position: index + 1 }))
    .filter(({ id, position }) => vars.items.find((i) => i.id === id)?.position !== position);
  for (const { id, position } of changed) await updateMenuItem({ id, patch: { position } });
}

export async function setMenuImage(url: string | null): Promise<void> {
  requireRow(
    unwrap(
      await getSupabase()
        .from('venue_settings')
        .update({ menu_image_url: url })
        .eq('id', true)
        .select('id'),
    ),
    'menu image',
  );
}

/** A change to the menu: the menu refetches everywhere, then the dashboard. */
function useMenuMutation<TVars>(
  mutationFn: (vars: TVars) => Promise<void>,
  { onSuccess, ...options }: MutationHookOptions<void, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, TVars>({
    ...options,
    mutationFn,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: menuKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['venue'] });
      await refreshAfterAdminChange(queryClient);
      await onSuccess?.(...args);
    },
  });
}

export const useMenuItemUpdateMutation = (
  options?: MutationHookOptions<void, { id: string; patch: MenuItemPatch }>,
) => useMenuMutation(updateMenuItem, options);
export const useMenuItemAddMutation = (options?: MutationHookOptions<void, MenuItemInput>) =>
  useMenuMutation(addMenuItem, options);
export const useMenuItemRemoveMutation = (options?: MutationHookOptions<void, string>) =>
  useMenuMutation(removeMenuItem, options);
export const useMenuItemMoveMutation = (
  options?: MutationHookOptions<
    void,
    { items: readonly MenuItemRow[]; id: string; direction: -1 | 1 }
  >,
) => useMenuMutation(moveMenuItem, options);
export const useMenuImageMutation = (options?: MutationHookOptions<void, string | null>) =>
  useMenuMutation(setMenuImage, options);
