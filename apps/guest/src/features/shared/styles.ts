import styled from 'styled-components';
import { Card, Muted, media, theme } from '@bistro/ui';

export const Grid = styled.div<{ $min?: number }>`
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = 260 }) => $min}px), 1fr));
`;

export const SectionTitle = styled.h2`
  font-size: 1.35rem;
  margin: ${theme.space(10)} 0 ${theme.space(4)};
  ${media.md} {
    font-size: 1.6rem;
  }
`;

export const CardTitle = styled.h3`
  margin: 0 0 ${theme.space(2)};
  font-size: 1.15rem;
`;

/** A card's title in a row beside its icon: no margin of its own. */
export const CardHeading = styled(CardTitle)`
  margin: 0;
`;

/** A muted line below a card's heading. */
export const InfoLine = styled(Muted)`
  margin-top: 8px;
`;

export const LinkCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  height: 100%;
`;

export const CoverImage = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
`;
