import { PlaceholderRoutes } from '@bistro/ui';
import { selectViewer, useAuthStore } from '@bistro/auth';

/** The lounge area: every path it owns (ARCHITECTURE.md, Route ownership). */
export default function LoungeApp() {
  const viewer = useAuthStore(selectViewer);
  return <PlaceholderRoutes area="lounge" viewer={viewer} />;
}
