import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { authRedirectState } from './auth-redirect';

/**
 * Sends a visitor to /auth, replacing the history entry (so Back does not bounce
 * them here again) and carrying the page they wanted, so /auth can say why and
 * bring them back after sign-in. Navigates once per page, never from /auth itself.
 */
export function RedirectToAuth() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname === '/auth') return;
    void navigate('/auth', { replace: true, state: authRedirectState(pathname + search) });
  }, [navigate, pathname, search]);
  return null;
}
