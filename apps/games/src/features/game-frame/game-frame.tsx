import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowLeft } from 'lucide-react';
import { Heading, Page, findRoute, theme } from '@bistro/ui';

/** The screen name of a games path, from the shared route table. */
export function screenOf(path: string): string {
  const route = findRoute(path);
  if (!route) throw new Error(`${path} is not in the route table`);
  return route.screen;
}

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  min-height: 44px;
  margin-bottom: ${theme.space(2)};
  color: ${theme.colors.textMuted};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    color: ${theme.colors.text};
  }
`;

const Narrow = styled.div`
  max-width: 720px;
`;

/**
 * The frame of every games page: the area markers the shell's tests look for,
 * a way back to the hub and the page's one h1.
 */
export function GamePage({
  path,
  backLink = true,
  children,
}: {
  path: string;
  backLink?: boolean;
  children: ReactNode;
}) {
  return (
    <Page data-area="games" data-route={path}>
      <Narrow>
        {backLink ? (
          <BackLink to="/games">
            <ArrowLeft size={18} aria-hidden="true" />
            Back to Games
          </BackLink>
        ) : null}
        <Heading>{screenOf(path)}</Heading>
        {children}
      </Narrow>
    </Page>
  );
}
