import type { Tables } from '../database.types';

export type MenuItemRow = Tables<'menu_items'>;
export type MenuSectionRow = Tables<'menu_sections'>;
export interface MenuSection extends MenuSectionRow {
  items: MenuItemRow[];
}

/** The tags a dish or drink may carry (the database checks the same list), with their labels. */
export const MENU_TAGS = [
  { tag: 'vegetarian', label: 'Vegetarian', short: 'V' },
  { tag: 'vegan', label: 'Vegan', short: 'VG' },
  { tag: 'gluten-free', label: 'Gluten-free', short: 'GF' },
  { tag: 'dairy-free', label: 'Dairy-free', short: 'DF' },
  { tag: 'contains-nuts', label: 'Contains nuts', short: 'N' },
  { tag: 'contains-shellfish', label: 'Contains shellfish', short: 'SF' },
  { tag: 'spicy', label: 'Spicy', short: 'S' },
  { tag: 'non-alcoholic', label: 'Non-alcoholic', short: 'NA' },
] as const;

export type MenuTag = (typeof MENU_TAGS)[number]['tag'];

export const tagLabel = (tag: string): string => MENU_TAGS.find((t) => t.tag === tag)?.label ?? tag;

/** "$14", "$14.50", "$325". */
export function formatPrice(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return `$${dollars.toLocaleString('en-US')}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** "14.50" -> 1450; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const m = /^\s*\$?\s*(\d{1,5})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Sold out for tonight: 86'd on the current business night (it is back the next night). */
export const isEightySixed = (item: Pick<MenuItemRow, 'eighty_sixed_on'>, tonight: string) =>
  item.eighty_sixed_on === tonight;

/**
 * The menu a guest filtering by `tags` sees: items carrying every chosen tag,
 * sections without such items left out.
 */
export function filterMenu(sections: readonly MenuSection[], tags: readonly string[]) {
  if (!tags.length) return sections.filter((s) => s.items.length > 0);
  return sections
    .map((s) => ({ ...s, items: s.items.filter((i) => tags.every((t) => i.tags.includes(t))) }))
    .filter((s) => s.items.length > 0);
}

/** Sections in order, each with its items in order. */
export function groupMenu(
  sections: readonly MenuSectionRow[],
  items: readonly MenuItemRow[],
): MenuSection[] {
  const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
    a.position - b.position || (a.id < b.id ? -1 : 1);
  return [...sections].sort(byPosition).map((s) => ({
    ...s,
    items: items.filter((i) => i.section_id === s.id).sort(byPosition),
  }));
}
