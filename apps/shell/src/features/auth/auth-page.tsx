import { Link } from 'react-router-dom';
import { useAuthStore, selectViewer } from '@bistro/auth';
import { routeTable, RoutePlaceholder } from '@bistro/ui';

const authRoute = routeTable.find((r) => r.path === '/auth')!;

/** The shell's /auth route. The sign-in, sign-up and reset forms land with the auth issue. */
export function AuthPage() {
  const viewer = useAuthStore(selectViewer);
  return (
    <>
      <RoutePlaceholder route={authRoute} area="shell" viewer={viewer} />
      <p style={{ textAlign: 'center' }}>
        <Link to="/">Back to Home</Link>
      </p>
    </>
  );
}
