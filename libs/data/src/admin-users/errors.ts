import { errorCode, errorMessage } from '../lib/errors';
import { success, type AdminMessage } from '../admin-overview/errors';

export const SELF_DELETE_MESSAGE = 'You cannot delete your own admin account.';

export const userMessages = {
  vipUpdated: (vip: boolean) =>
    success('VIP Status Updated', vip ? 'The member is now a VIP.' : 'VIP status removed.'),
  deleted: success('User Deleted', 'The account and all of its data have been removed.'),
  seeded: (created: number, existing: number) =>
    success(
      'Test Users Ready',
      created > 0
        ? `${created} test member${created === 1 ? '' : 's'} created${existing ? `, ${existing} already there` : ''}.`
        : 'The test members already exist.',
    ),
} as const;

/** admin_delete_user refusals: the self-delete guard is 'Action blocked', the rest 'Deletion Failed'. */
export function userDeleteFailed(error: unknown): AdminMessage {
  const message = errorMessage(error);
  if (message?.includes(SELF_DELETE_MESSAGE) || errorCode(error) === 'P0001') {
    return {
      title: 'Action blocked',
      description: message ?? SELF_DELETE_MESSAGE,
      variant: 'destructive',
    };
  }
  return {
    title: 'Deletion Failed',
    description: message ?? 'The user could not be deleted.',
    variant: 'destructive',
  };
}

export function seedFailed(error: unknown): AdminMessage {
  return {
    title: 'Seeding Failed',
    description: errorMessage(error) ?? 'Could not create the test users.',
    variant: 'destructive',
  };
}

export function vipFailed(error: unknown): AdminMessage {
  return {
    title: 'Error',
    description: errorMessage(error) ?? 'Could not update VIP status.',
    variant: 'destructive',
  };
}
