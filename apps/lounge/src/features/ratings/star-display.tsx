import { memo } from 'react';
import { Star } from 'lucide-react';
import styled from 'styled-components';
import { theme } from '@bistro/ui';
import { BUSINESS_RULES } from '@bistro/data';

const STARS = BUSINESS_RULES.rating_stars_max;

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  color: ${theme.colors.accent};
  vertical-align: middle;
`;

/** Read-only stars ('4.5 out of 5 stars' for screen readers); half stars round to the nearest. */
export const StarDisplay = memo(function StarDisplay({
  value,
  size = 16,
}: {
  value: number;
  size?: number;
}) {
  const filled = Math.round(Number(value) || 0);
  const text = `${Number(value || 0)
    .toFixed(1)
    .replace(/\.0$/, '')} out of ${STARS} stars`;
  return (
    <Wrap role="img" aria-label={text}>
      {Array.from({ length: STARS }, (_, i) => (
        <Star key={i} aria-hidden size={size} fill={i < filled ? 'currentColor' : 'none'} />
      ))}
    </Wrap>
  );
});
