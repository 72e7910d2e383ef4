import { PlaceholderRoutes } from '@bistro/ui';
import { selectViewer, useAuthStore } from '@bistro/auth';

/** The admin area: every path it owns (ARCHITECTURE.md, Route ownership). */
export default function AdminApp() {
  const viewer = useAuthStore(selectViewer);
  return <PlaceholderRoutes area="admin" viewer={viewer} />;
}
