import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { menuKeys } from './keys';
import { groupMenu, type MenuSection } from './menu-rules';

/** How often an open menu refreshes, so a price change or an 86 reaches the tables. */
export const MENU_REFRESH_MS = 60_000;

/** The menu: sections and items in order (row-level security shows guests what is visible). */
export async function fetchMenu(_vars: object = {}, signal?: AbortSignal): Promise<MenuSection[]> {
  const supabase = getSupabase();
  let sections = supabase.from('menu_sections').select('*').order('position').order('id');
  let items = supabase.from('menu_items').select('*').order('position').order('id');
  if (signal) {
    sections = sections.abortSignal(signal);
    items = items.abortSignal(signal);
  }
  const [s, i] = await Promise.all([sections, items]);
  return groupMenu(unwrap(s) ?? [], unwrap(i) ?? []);
}

export const menuQueryOptions = () =>
  queryOptions({
    queryKey: menuKeys.list(),
    queryFn: ({ signal }) => fetchMenu({}, signal),
  });

export const useMenu = (options: { live?: boolean } = {}) =>
  useQuery({
    ...menuQueryOptions(),
    ...(options.live ? { refetchInterval: MENU_REFRESH_MS } : {}),
  });
