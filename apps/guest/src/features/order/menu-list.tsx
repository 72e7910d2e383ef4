import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Card,
  ErrorState,
  LoadingState,
  Muted,
  media,
  theme,
  VisuallyHidden,
} from '@bistro/ui';
import {
  MENU_TAGS,
  filterMenu,
  formatPrice,
  isEightySixed,
  tagLabel,
  type MenuSection,
} from '@bistro/data';

const MenuLoading = styled.div`
  min-height: 60vh;
`;

const FullMenu = styled.section`
  margin-top: 32px;
`;

const FullMenuTitle = styled.h2`
  margin-bottom: 4px;
`;

const SectionCard = styled(Card)`
  margin-top: 16px;
`;

const SectionHeading = styled.h3`
  margin: 0 0 4px;
`;

const SectionNote = styled(Muted)`
  margin-top: 0;
`;

const Unit = styled(Muted)`
  font-weight: 400;
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  margin: ${theme.space(3)} 0;
`;

const Chip = styled.button`
  min-height: 44px;
  padding: 0 ${theme.space(4)};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.text};
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${theme.colors.accent};
    background: ${theme.colors.accent};
    color: ${theme.colors.accentText};
    font-weight: 700;
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(4)};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Item = styled.li<{ $out: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  opacity: ${({ $out }) => ($out ? 0.65 : 1)};
  h4 {
    margin: 0;
    font-size: 1.05rem;
    display: flex;
    justify-content: space-between;
    gap: ${theme.space(3)};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)};
`;

/**
 * The full menu under the order page's image: sections with their items
 * (description, price, dietary and allergen tags), what has run out tonight,
 * and a filter by tag. Screen readers hear each item as one list entry:
 * name, price, description, tags and whether it is sold out.
 */
export function MenuList({
  menu,
  tonight,
}: {
  menu: {
    data?: MenuSection[];
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  tonight: string;
}) {
  const id = useId();
  const [tags, setTags] = useState<string[]>([]);
  if (menu.isPending) {
    // About the menu's height, so the page below does not jump when it arrives.
    return (
      <MenuLoading>
        <LoadingState label="Loading the menu…" />
      </MenuLoading>
    );
  }
  if (menu.isError || !menu.data) {
    return (
      <ErrorState
        title="Could not load the menu"
        message="Please check your connection and try again."
        onRetry={() => void menu.refetch()}
      />
    );
  }
  const shown = filterMenu(menu.data, tags);
  const count = shown.reduce((n, s) => n + s.items.length, 0);
  const toggle = (tag: string) =>
    setTags((current) =>
      current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag],
    );

  return (
    <FullMenu aria-labelledby={`${id}-title`}>
      <FullMenuTitle id={`${id}-title`}>Full Menu</FullMenuTitle>
      {menu.data.every((s) => s.items.length === 0) ? (
        <Muted role="status">
          Our menu is being updated. Ask your server for tonight's dishes.
        </Muted>
      ) : (
        <>
          <Filters role="group" aria-label="Filter by dietary need">
            {MENU_TAGS.map(({ tag, label }) => (
              <Chip
                key={tag}
                type="button"
                aria-pressed={tags.includes(tag)}
                onClick={() => toggle(tag)}
              >
                {label}
              </Chip>
            ))}
          </Filters>
          <Muted role="status" aria-live="polite">
            {tags.length
              ? `${count} ${count === 1 ? 'item' : 'items'} ${tags.map(tagLabel).join(', ').toLowerCase()}`
              : `${count} items`}
          </Muted>
          {shown.length === 0 ? (
            <Muted>Nothing on the menu matches every filter. Try fewer filters.</Muted>
          ) : null}
          {shown.map((section, i) => (
            <SectionCard as="section" key={section.id} aria-labelledby={`${id}-${section.slug}`}>
              <SectionHeading
                id={`${id}-${section.slug}`}
                elementtiming={i === 0 ? 'order-menu' : undefined}
              >
                {section.title}
              </SectionHeading>
              {section.note ? <SectionNote>{section.note}</SectionNote> : null}
              <Items aria-label={section.title}>
                {section.items.map((item) => {
                  const out = isEightySixed(item, tonight);
                  return (
                    <Item key={item.id} $out={out}>
                      <h4>
                        <span>{item.name}</span>{' '}
                        <span>
                          {formatPrice(item.price_cents)}
                          {item.unit ? <Unit as="span"> / {item.unit}</Unit> : null}
                        </span>
                      </h4>
                      {item.description ? <Muted as="p">{item.description}</Muted> : null}
                      {out || item.tags.length ? (
                        <Tags aria-label={`About ${item.name}`}>
                          {out ? (
                            <li>
                              <Badge $tone="danger" $solid>
                                86'd tonight
                              </Badge>
                              <VisuallyHidden> (sold out)</VisuallyHidden>
                            </li>
                          ) : null}
                          {item.tags.map((tag) => (
                            <li key={tag}>
                              <Badge $tone="muted">{tagLabel(tag)}</Badge>
                            </li>
                          ))}
                        </Tags>
                      ) : null}
                    </Item>
                  );
                })}
              </Items>
            </SectionCard>
          ))}
        </>
      )}
    </FullMenu>
  );
}
