import { errorMessage, isUniqueViolation } from '../lib/errors';
import { success, type AdminMessage } from '../admin-overview/errors';

export const roleMessages = {
  granted: success('Admin Rights Granted', 'They can now open the admin dashboard.'),
  revoked: success('Admin Rights Revoked', 'They no longer have admin access.'),
  alreadyAdmin: {
    title: 'Already Admin',
    description: 'This user already has admin rights',
    variant: 'destructive',
  } satisfies AdminMessage,
} as const;

export const USER_NOT_FOUND = 'user_not_found';

/** A grant that failed: a duplicate role (23505, or our pre-check) is 'Already Admin'. */
export function grantFailed(error: unknown): AdminMessage {
  if (isUniqueViolation(error)) return roleMessages.alreadyAdmin;
  if (errorMessage(error) === USER_NOT_FOUND) {
    return {
      title: 'User Not Found',
      description: 'No member has signed up with that e-mail address.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Error',
    description: errorMessage(error) ?? 'Could not grant admin rights.',
    variant: 'destructive',
  };
}

export function revokeFailed(error: unknown): AdminMessage {
  return {
    title: 'Error',
    description: errorMessage(error) ?? 'Could not revoke admin rights.',
    variant: 'destructive',
  };
}
