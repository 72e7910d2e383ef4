import * as TabsPrimitive from '@radix-ui/react-tabs';
import styled from 'styled-components';
import { theme } from './theme';

export const Tabs = TabsPrimitive.Root;

export const TabsList = styled(TabsPrimitive.List)`
  display: flex;
  gap: ${theme.space(1)};
  padding: ${theme.space(1)};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.bg};
  border: 1px solid ${theme.colors.border};
  margin-bottom: ${theme.space(5)};
`;

export const TabsTrigger = styled(TabsPrimitive.Trigger)`
  flex: 1;
  min-height: 40px;
  border: 0;
  border-radius: ${theme.radii.pill};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;
  &[data-state='active'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
  }
`;

export const TabsContent = TabsPrimitive.Content;
