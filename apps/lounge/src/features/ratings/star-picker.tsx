import { memo, useId } from 'react';
import { Star } from 'lucide-react';
import styled from 'styled-components';
import { theme } from '@bistro/ui';
import { BUSINESS_RULES } from '@bistro/data';

const Group = styled.fieldset`
  border: 0;
  margin: 0 0 ${theme.space(4)};
  padding: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  font-weight: 600;
  font-size: 0.95rem;
  margin-bottom: ${theme.space(1)};
  padding: 0;
`;

const Stars = styled.div`
  display: flex;
  gap: ${theme.space(1)};
`;

const Choice = styled.label<{ $on: boolean }>`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${theme.radii.sm};
  cursor: pointer;
  color: ${({ $on }) => ($on ? theme.colors.accent : theme.colors.textMuted)};
  &:has(input:focus-visible) {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
`;

const Hint = styled.span`
  display: block;
  margin-top: ${theme.space(1)};
  color: ${theme.colors.textMuted};
  font-size: 0.9rem;
`;

/** The most stars a rating takes: the database's dj_ratings_rating_check. */
export const MAX_STARS = BUSINESS_RULES.rating_stars_max;

/**
 * A 1-5 star picker: a native radio group, so Tab reaches it, arrow keys move
 * between stars and each star reads as '3 stars'. 0 means nothing picked yet.
 */
export const StarPicker = memo(function StarPicker({
  value,
  onChange,
  label = 'Your rating',
  disabled = false,
}: {
  value: number;
  onChange: (stars: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <Group disabled={disabled}>
      <Legend>{label}</Legend>
      <Stars>
        {Array.from({ length: MAX_STARS }, (_, i) => {
          const stars = i + 1;
          return (
            <Choice key={stars} $on={stars <= value} title={`${stars} star${stars > 1 ? 's' : ''}`}>
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                aria-label={`${stars} star${stars > 1 ? 's' : ''}`}
              />
              <Star aria-hidden size={30} fill={stars <= value ? 'currentColor' : 'none'} />
            </Choice>
          );
        })}
      </Stars>
      <Hint aria-live="polite">
        {value > 0 ? `${value} of ${MAX_STARS} stars` : 'Tap a star to rate'}
      </Hint>
    </Group>
  );
});
