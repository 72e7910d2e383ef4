import styled from 'styled-components';
import { theme } from '@bistro/ui';

export const AuthCard = styled.div`
  width: 100%;
  max-width: 440px;
  margin: 0 auto;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  padding: ${theme.space(6)} ${theme.space(5)};
`;

export const FullWidth = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  & > button {
    width: 100%;
  }
`;

export const LinkButton = styled.button`
  background: none;
  border: 0;
  padding: ${theme.space(2)} 0;
  color: ${theme.colors.accent};
  text-decoration: underline;
  cursor: pointer;
  min-height: 44px;
`;

export const NameRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space(3)};
`;

/** Why the visitor was sent to sign in ("Sign in to request songs and vote."). */
export const Reason = styled.p`
  margin: 0 0 ${theme.space(3)};
  padding: ${theme.space(2)} ${theme.space(3)};
  border-left: 3px solid ${theme.colors.accent};
  background: ${theme.colors.surfaceRaised};
  font-weight: 600;
`;

/** The line under the optional birthday field. */
export const BirthdayHint = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.875rem;
`;
