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
  CardGrid,
  VisuallyHidden,
} from './lib/primitives';
export { LoadingState, ErrorState } from './lib/area-status';
export { RoutePlaceholder, PlaceholderRoutes } from './lib/route-placeholder';
export {
  toast,
  dismissToasts,
  useToastStore,
  type ToastInput,
  type ToastVariant,
} from './lib/toast-store';
export { LazyToaster as Toaster, preloadToaster } from './lib/lazy-toaster';
export { ToastAnnouncer } from './lib/toast-announcer';
export { Dialog, DialogClose } from './lib/dialog';
export { useHydrated } from './lib/use-hydrated';
export { QrCode } from './lib/qr-code';
export { FloorPlan, type FloorPlanTable } from './lib/floor-plan';
export { safeImageUrl } from './lib/safe-url';
export { Field, Label, Input, Select, Textarea, FieldError } from './lib/form';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './lib/tabs';
export { Badge, badgeToneColour, type BadgeTone, type BadgeProps } from './lib/badge';
