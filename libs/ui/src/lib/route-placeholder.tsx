import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Card, Heading, Muted, Page } from './primitives';
import { routesOwnedBy, type AreaName, type RouteEntry } from './routes';

/**
 * The page a remote shows for a route whose feature has not landed yet. It names
 * the screen, the area that serves it and who is viewing, so a reviewer can see
 * the route is mounted from the right remote and reads the shared session.
 */
export function RoutePlaceholder({
  route,
  area,
  viewer,
}: {
  route: RouteEntry;
  area: AreaName;
  viewer: string;
}) {
  return (
    <Page data-area={area} data-route={route.path}>
      <Heading>{route.screen}</Heading>
      <Card>
        <Muted>
          This screen is served by the <strong>{area}</strong> area. Its full feature is being
          built.
        </Muted>
        <Muted data-testid="viewer">Viewing as: {viewer}</Muted>
      </Card>
    </Page>
  );
}

/**
 * Mounts a placeholder page for each path an area owns, matched against the
 * full URL. A remote replaces entries with real pages as its features land.
 */
export function PlaceholderRoutes({
  area,
  viewer,
  pages = {},
}: {
  area: AreaName;
  viewer: string;
  pages?: Partial<Record<string, ReactNode>>;
}) {
  return (
    <Routes>
      {routesOwnedBy(area).map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            pages[route.path] ?? <RoutePlaceholder route={route} area={area} viewer={viewer} />
          }
        />
      ))}
    </Routes>
  );
}
