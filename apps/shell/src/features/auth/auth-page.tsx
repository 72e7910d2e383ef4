import { Link } from 'react-router-dom';
import { useAuthStore, selectViewer } from '@bistro/auth';
import { findRoute, RoutePlaceholder, type RouteEntry } from '@bistro/ui';

const authRoute: RouteEntry = findRoute('/auth') ?? {
  path: '/auth',
  owner: 'shell',
  screen: 'Sign in, sign up, password reset',
};

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
