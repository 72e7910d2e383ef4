import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@bistro/auth';

/** The reset form's address: new password and confirm fields for a signed-in recovery session. */
export const RESET_PATH = '/auth?reset=1';

/**
 * A session that arrived for recovery (PASSWORD_RECOVERY) goes to the reset form once, wherever
 * its link landed: a password-reset link lands there already, and a confirmation that the server
 * could not trust with the pending password (someone else signed up with the address too) lands
 * on the page the sign-up named, with the account's password cleared. Leaving the form later is
 * not undone.
 */
export function RecoveryRedirect() {
  const recovery = useAuthStore((s) => s.recovery);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onResetForm = pathname === '/auth' && new URLSearchParams(search).get('reset') === '1';
  useEffect(() => {
    if (recovery && !onResetForm) navigate(RESET_PATH, { replace: true });
    // only when recovery starts: a member who leaves the form is not sent back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recovery]);
  return null;
}
