import { describe, expect, it, vi } from 'vitest';
import {
  filterMenu,
  formatPrice,
  groupMenu,
  isEightySixed,
  parsePrice,
  type MenuItemRow,
  type MenuSectionRow,
} from './menu-rules';
import { eightySixPatch } from './menu-item-mutations';

const section = (id: string, position: number): MenuSectionRow => ({
  id,
  slug: id,
  title: id,
  note: '',
  position,
  is_visible: true,
  created_at: '',
});
const item = (id: string, section_id: string, position: number, tags: string[]): MenuItemRow => ({
  id,
  section_id,
  name: id,
  description: '',
  price_cents: 1000,
  unit: '',
  tags,
  position,
  is_bottle: false,
  is_visible: true,
  eighty_sixed_on: null,
  created_at: '',
  updated_at: '',
});

describe('menu rules', () => {
  it('writes and reads prices in dollars', () => {
    expect(formatPrice(1400)).toBe('$14');
    expect(formatPrice(1450)).toBe('$14.50');
    expect(formatPrice(32500)).toBe('$325');
    expect(formatPrice(1000000)).toBe('$10,000');
    expect(parsePrice('14.5')).toBe(1450);
    expect(parsePrice('$325')).toBe(32500);
    expect(parsePrice('14.555')).toBeNull();
    expect(parsePrice('free')).toBeNull();
  });

  it('orders sections and items, and filters by every chosen tag', () => {
    const menu = groupMenu(
      [section('mains', 2), section('plates', 1)],
      [
        item('fries', 'plates', 2, ['vegan', 'gluten-free']),
        item('calamari', 'plates', 1, ['contains-shellfish']),
        item('burger', 'mains', 1, []),
      ],
    );
    expect(menu.map((s) => [s.id, s.items.map((i) => i.id)])).toEqual([
      ['plates', ['calamari', 'fries']],
      ['mains', ['burger']],
    ]);
    expect(filterMenu(menu, ['vegan']).map((s) => s.items.map((i) => i.id))).toEqual([['fries']]);
    expect(filterMenu(menu, ['vegan', 'contains-shellfish'])).toEqual([]);
    expect(filterMenu(menu, [])).toHaveLength(2);
  });

  it("86's an item for tonight's business night only", () => {
    // 11:30 PM in Cleveland on Nov 27 2026 (04:30Z Nov 28): still the night of the 27th.
    const patch = eightySixPatch(true, new Date('2026-11-28T04:30:00Z'));
    expect(patch).toEqual({ eighty_sixed_on: '2026-11-27' });
    expect(isEightySixed({ eighty_sixed_on: '2026-11-27' }, '2026-11-27')).toBe(true);
    expect(isEightySixed({ eighty_sixed_on: '2026-11-27' }, '2026-11-28')).toBe(false);
    expect(eightySixPatch(false)).toEqual({ eighty_sixed_on: null });
  });
});

describe('moving a menu item', () => {
  it('swaps it with its neighbour and renumbers only what changed', async () => {
    const updates: { id: string; position: number }[] = [];
    vi.doMock('../lib/supabase-client', () => ({
      getSupabase: () => ({
        from: () => ({
          update: (patch: { position: number }) => ({
            eq: (_: string, id: string) => ({
              select: async () => {
                updates.push({ id, position: patch.position });
                return { data: [{ id }], error: null };
              },
            }),
          }),
        }),
      }),
    }));
    vi.resetModules();
    const { moveMenuItem } = await import('./menu-item-mutations');
    const items = [item('a', 's', 1, []), item('b', 's', 2, []), item('c', 's', 3, [])];
    await moveMenuItem({ items, id: 'c', direction: -1 });
    expect(updates).toEqual([
      { id: 'c', position: 2 },
      { id: 'b', position: 3 },
    ]);
    updates.length = 0;
    await moveMenuItem({ items, id: 'a', direction: -1 });
    expect(updates).toEqual([]);
    vi.doUnmock('../lib/supabase-client');
  });
});
