import { PlaceholderRoutes } from '@bistro/ui';
import { selectViewer, useAuthStore } from '@bistro/auth';

/** The guest area: every path it owns (ARCHITECTURE.md, Route ownership). */
export default function GuestApp() {
  const viewer = useAuthStore(selectViewer);
  return <PlaceholderRoutes area="guest" viewer={viewer} />;
}
