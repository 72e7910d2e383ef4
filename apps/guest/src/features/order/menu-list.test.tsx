import { fireEvent, render, screen, within } from '@testing-library/react';
import { groupMenu } from '@bistro/data';
import { MenuList } from './menu-list';

const menu = groupMenu(
  [
    {
      id: 's1',
      slug: 'small-plates',
      title: 'Small Plates',
      note: 'Made for sharing.',
      position: 1,
      is_visible: true,
      created_at: '',
    },
    {
      id: 's2',
      slug: 'mains',
      title: 'Mains',
      note: '',
      position: 2,
      is_visible: true,
      created_at: '',
    },
  ],
  [
    ['fries', 's1', 'Truffle Fries', 900, ['vegetarian'], null],
    [
      'sprouts',
      's1',
      'Charred Brussels Sprouts',
      1050,
      ['vegan', 'gluten-free', 'contains-nuts'],
      '2026-11-27',
    ],
    ['burger', 's2', 'Lakeshore Burger', 1800, [], null],
  ].map(([id, section_id, name, price_cents, tags, eighty_sixed_on], position) => ({
    id: id as string,
    section_id: section_id as string,
    name: name as string,
    description: `About ${name as string}`,
    price_cents: price_cents as number,
    unit: '',
    tags: tags as string[],
    position,
    is_bottle: false,
    is_visible: true,
    eighty_sixed_on: eighty_sixed_on as string | null,
    created_at: '',
    updated_at: '',
  })),
);

const renderMenu = () =>
  render(
    <MenuList
      menu={{ data: menu, isPending: false, isError: false, refetch: () => undefined }}
      tonight="2026-11-27"
    />,
  );

describe('MenuList', () => {
  it('lists sections and items with prices, tags and what is 86d tonight', () => {
    renderMenu();
    const plates = screen.getByRole('region', { name: 'Small Plates' });
    expect(plates).toHaveTextContent('Truffle Fries $9');
    expect(plates).toHaveTextContent('Charred Brussels Sprouts $10.50');
    expect(
      within(plates).getByRole('list', { name: 'About Charred Brussels Sprouts' }),
    ).toHaveTextContent("86'd tonight (sold out)VeganGluten-freeContains nuts");
    expect(screen.getByRole('status')).toHaveTextContent('3 items');
  });

  it('filters by every chosen tag and says how many match', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Vegan' }));
    expect(screen.getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1 item vegan');
    expect(screen.queryByRole('region', { name: 'Mains' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Vegetarian' }));
    expect(
      screen.getByText('Nothing on the menu matches every filter. Try fewer filters.'),
    ).toBeInTheDocument();
  });

  it('shows loading and error states', () => {
    const { rerender } = render(
      <MenuList menu={{ isPending: true, isError: false, refetch: () => undefined }} tonight="x" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the menu…');
    rerender(
      <MenuList menu={{ isPending: false, isError: true, refetch: () => undefined }} tonight="x" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the menu');
  });
});
