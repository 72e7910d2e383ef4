import styled, { css } from 'styled-components';
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

/**
 * A small rounded label: a status (Pending, Approved), an offer type, a count,
 * a game's difficulty. Outlined in the tone's colour, or filled when $solid.
 */
export const Badge = styled.span<BadgeProps>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${({ $tone = 'muted' }) => badgeToneColour[$tone]};
  font-weight: 700;
  white-space: nowrap;
  ${({ $size = 'sm' }) =>
    $size === 'md'
      ? css`
          padding: ${theme.space(1)} ${theme.space(3)};
          font-size: 0.875rem;
        `
      : css`
          padding: 2px ${theme.space(2)};
          font-size: 0.8rem;
        `}
  ${({ $tone = 'muted', $solid }) =>
    $solid
      ? css`
          color: ${theme.colors.bg};
          background: ${badgeToneColour[$tone]};
        `
      : css`
          color: ${badgeToneColour[$tone]};
        `}
`;
