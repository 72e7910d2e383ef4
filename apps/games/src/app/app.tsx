import { PlaceholderRoutes } from '@bistro/ui';
import { selectViewer, useAuthStore } from '@bistro/auth';

/** The games area: every path it owns (ARCHITECTURE.md, Route ownership). */
export default function GamesApp() {
  const viewer = useAuthStore(selectViewer);
  return <PlaceholderRoutes area="games" viewer={viewer} />;
}
