import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@bistro/ui';
import { formatPrice, isEightySixed, type MenuSection } from '@bistro/data';

/** The drawn menu shows the first items of these sections (the full menu is listed below it). */
export const MENU_IMAGE_SECTIONS = ['small-plates', 'mains', 'cocktails'] as const;
const ITEMS_PER_SECTION = 3;
const WIDTH = 600;

/** The menu image, as wide as the column up to its own width. */
const imageStyles = `
  width: 100%;
  max-width: ${WIDTH}px;
  height: auto;
  display: block;
  margin: 0 auto;
`;
const MenuImg = styled.img`
  ${imageStyles}
`;
const MenuSvg = styled.svg`
  ${imageStyles}
`;
const HEADER = 120;
const SECTION_HEIGHT = 40 + ITEMS_PER_SECTION * 34 + 24;
/** Always the same size, whatever the menu holds, so nothing moves when it arrives. */
export const MENU_IMAGE_HEIGHT = HEADER + MENU_IMAGE_SECTIONS.length * SECTION_HEIGHT;

/**
 * The menu as an image (SVG, crisp on any phone): the venue's name and the
 * first items of the small plates, mains and cocktails, drawn from the menu
 * itself, so prices have one source. An admin may replace it with an upload.
 */
export function MenuImage({
  venueName,
  sections,
  tonight,
  uploadedUrl,
}: {
  venueName: string;
  sections: readonly MenuSection[] | undefined;
  tonight: string;
  uploadedUrl?: string | null;
}) {
  if (uploadedUrl) {
    return (
      <MenuImg
        src={uploadedUrl}
        alt={`${venueName} menu`}
        width={WIDTH}
        height={MENU_IMAGE_HEIGHT}
      />
    );
  }
  const rows: ReactNode[] = [];
  let y = HEADER;
  for (const slug of MENU_IMAGE_SECTIONS) {
    const section = sections?.find((s) => s.slug === slug);
    if (section) {
      rows.push(
        <text
          key={section.id}
          x={40}
          y={y}
          fill={theme.colors.accent}
          fontSize={26}
          fontFamily="Georgia, serif"
        >
          {section.title}
        </text>,
      );
      section.items
        .filter((item) => !isEightySixed(item, tonight))
        .slice(0, ITEMS_PER_SECTION)
        .forEach((item, i) => {
          const rowY = y + 40 + i * 34;
          rows.push(
            <g key={item.id}>
              <text x={56} y={rowY} fill={theme.colors.text} fontSize={20}>
                {item.name}
              </text>
              <text x={WIDTH - 40} y={rowY} fill={theme.colors.text} fontSize={20} textAnchor="end">
                {formatPrice(item.price_cents)}
              </text>
            </g>,
          );
        });
    }
    y += SECTION_HEIGHT;
  }
  return (
    <MenuSvg
      role="img"
      aria-label={`${venueName} menu`}
      viewBox={`0 0 ${WIDTH} ${MENU_IMAGE_HEIGHT}`}
    >
      <rect
        x={4}
        y={4}
        width={WIDTH - 8}
        height={MENU_IMAGE_HEIGHT - 8}
        rx={18}
        fill="#181425"
        stroke={theme.colors.accent}
        strokeWidth={2}
      />
      <text
        x={WIDTH / 2}
        y={70}
        fill={theme.colors.text}
        fontSize={34}
        fontFamily="Georgia, serif"
        textAnchor="middle"
      >
        {venueName} Menu
      </text>
      {rows}
    </MenuSvg>
  );
}
