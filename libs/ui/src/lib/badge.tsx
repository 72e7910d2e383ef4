import type { HTMLAttributes } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

/** What a badge says by its colour: a state, an offer type, a count. */
export type BadgeTone = 'accent' | 'primary' | 'success' | 'warning' | 'danger' | 'muted';

/** The colour of each tone, for icons and text that go with a badge. */
export const badgeToneColour: Record<BadgeTone, string> = {
  accent: theme.colors.accent,
  primary: theme.colors.primary,
  success: theme.colors.success,
  warning: theme.colors.warning,
  danger: theme.colors.danger,
  muted: theme.colors.textMuted,
};

export interface BadgeProps {
  /** Default: muted. */
  $tone?: BadgeTone;
  /** Filled with the tone's colour (dark text) instead of outlined. */
  $solid?: boolean;
  /** md is the larger label of the games (difficulty, score, level). Default: sm. */
  $size?: 'sm' | 'md';
}

const tones = Object.keys(badgeToneColour) as BadgeTone[];
const toneRules = tones
  .map((tone) => {
    const colour = badgeToneColour[tone];
    return `&[data-tone='${tone}'] { border-color: ${colour}; color: ${colour}; }
  &[data-tone='${tone}'][data-solid] { background: ${colour}; color: ${theme.colors.bg}; }`;
  })
  .join('\n');

/**
 * A small rounded label: a status (Pending, Approved), an offer type, a count,
 * a game's difficulty. Outlined in the tone's colour, or filled when $solid.
 * The props become data attributes that the CSS selects on, so the CSS has no
 * interpolated props: it is built once for the page, not per badge and render.
 */
export const Badge = styled.span.attrs<BadgeProps>(
  ({ $tone = 'muted', $solid, $size = 'sm' }) =>
    // data-* attributes are valid on any element; React's types list none of them
    ({
      'data-tone': $tone,
      'data-solid': $solid ? '' : undefined,
      'data-size': $size,
    }) as HTMLAttributes<HTMLSpanElement>,
)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  border-radius: ${theme.radii.pill};
  border: 1px solid;
  font-weight: 700;
  white-space: nowrap;
  padding: 2px ${theme.space(2)};
  font-size: 0.8rem;
  &[data-size='md'] {
    padding: ${theme.space(1)} ${theme.space(3)};
    font-size: 0.875rem;
  }
  ${toneRules}
`;
