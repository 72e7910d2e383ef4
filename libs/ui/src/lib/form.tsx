import styled from 'styled-components';
import { theme } from './theme';

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  margin-bottom: ${theme.space(4)};
`;

export const Label = styled.label`
  font-weight: 600;
  font-size: 0.95rem;
`;

const control = `
  width: 100%;
  min-height: 44px;
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.bg};
  color: ${theme.colors.text};
  &::placeholder { color: ${theme.colors.textMuted}; opacity: 0.8; }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 1px; }
  &[aria-invalid='true'] { border-color: ${theme.colors.danger}; }
`;

export const Input = styled.input`
  ${control}
`;

export const Select = styled.select`
  ${control}
`;

export const Textarea = styled.textarea`
  ${control}
  min-height: 96px;
  resize: vertical;
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: 0.9rem;
`;
