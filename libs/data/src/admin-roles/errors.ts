import { errorMessage, isUniqueViolation } from '../lib/errors';
import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const roleMessages = {
  granted: successToast('Admin Rights Granted', 'They can now open the admin dashboard.'),
  revoked: successToast('Admin Rights Revoked', 'They no longer have admin access.'),
  alreadyAdmin: failureToast('Already Admin', 'This user already has admin rights'),
} as const;

export const USER_NOT_FOUND = 'user_not_found';

/** A grant that failed: a duplicate role (23505, or our pre-check) is 'Already Admin'. */
export function grantFailed(error: unknown): ToastMessage {
  if (isUniqueViolation(error)) return roleMessages.alreadyAdmin;
  if (errorMessage(error) === USER_NOT_FOUND) {
    return failureToast('User Not Found', 'No member has signed up with that e-mail address.');
  }
  return failureToast('Error', errorMessage(error) ?? 'Could not grant admin rights.');
}

export function revokeFailed(error: unknown): ToastMessage {
  return failureToast('Error', errorMessage(error) ?? 'Could not revoke admin rights.');
}
