import styled, { css } from 'styled-components';
import { theme, media } from './theme';

export const Page = styled.div`
  width: 100%;
  max-width: 1100px;
  margin: 0 auto;
  padding: ${theme.space(6)} ${theme.space(4)} ${theme.space(12)};
  ${media.md} {
    padding: ${theme.space(10)} ${theme.space(6)} ${theme.space(16)};
  }
`;

export const Heading = styled.h1`
  font-family: ${theme.font.display};
  font-size: clamp(1.75rem, 6vw, 2.75rem);
  line-height: 1.15;
  margin: 0 0 ${theme.space(3)};
`;

export const Subheading = styled.h2`
  font-size: 1.25rem;
  margin: ${theme.space(6)} 0 ${theme.space(3)};
`;

export const Muted = styled.p`
  color: ${theme.colors.textMuted};
  margin: 0 0 ${theme.space(3)};
`;

export const Card = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.space(5)};
  /* A word longer than the card (a pasted URL, a run of symbols) breaks instead of widening the page. */
  overflow-wrap: anywhere;
`;

type ButtonVariant = 'primary' | 'accent' | 'ghost' | 'danger';

const buttonVariants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
    border-color: ${theme.colors.primary};
  `,
  accent: css`
    background: ${theme.colors.accent};
    color: ${theme.colors.accentText};
    border-color: ${theme.colors.accent};
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.text};
    border-color: ${theme.colors.border};
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: #1b0606;
    border-color: ${theme.colors.danger};
  `,
};

const buttonBase = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(2)};
  min-height: 44px;
  padding: 0 ${theme.space(5)};
  border-radius: ${theme.radii.pill};
  border: 1px solid;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${({ $variant = 'primary' }) => buttonVariants[$variant]}
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export const Button = styled.button<{ $variant?: ButtonVariant }>`
  ${buttonBase}
`;

/** A link styled as a button (for react-router links pass `as={Link}`). */
export const ButtonLink = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonBase}
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 3 }) => theme.space($gap)};
`;

export const Row = styled.div<{ $gap?: number }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ $gap = 3 }) => theme.space($gap)};
`;

export const Centered = styled.div`
  min-height: 40vh;
  display: grid;
  place-items: center;
  text-align: center;
  padding: ${theme.space(8)} ${theme.space(4)};
`;

/** A list of cards: one column on phones, two from md, three from lg. */
export const CardGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

/** Read by screen readers, not drawn (`as="label"`, `as="div"` for other elements). */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
