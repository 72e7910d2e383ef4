export { venue, venueAddressLine } from './lib/venue';
export {
  routeTable,
  remoteNames,
  findRoute,
  routesOwnedBy,
  type AreaName,
  type RemoteName,
  type RouteEntry,
} from './lib/routes';
export { theme, media, GlobalStyle, type Theme } from './lib/theme';
export {
  Page,
  Heading,
  Subheading,
  Muted,
  Card,
  Button,
  ButtonLink,
  Stack,
  Row,
  Centered,
} from './lib/primitives';
export { LoadingState, ErrorState } from './lib/area-status';
export { RoutePlaceholder, PlaceholderRoutes } from './lib/route-placeholder';
