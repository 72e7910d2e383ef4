import { errorCode, errorMessage } from '../lib/errors';
import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const SELF_DELETE_MESSAGE = 'You cannot delete your own admin account.';

export const userMessages = {
  vipUpdated: (vip: boolean) =>
    successToast('VIP Status Updated', vip ? 'The member is now a VIP.' : 'VIP status removed.'),
  deleted: successToast('User Deleted', 'The account and all of its data have been removed.'),
  seeded: (created: number, existing: number) =>
    successToast(
      'Test Users Ready',
      created > 0
        ? `${created} test member${created === 1 ? '' : 's'} created${existing ? `, ${existing} already there` : ''}.`
        : 'The test members already exist.',
    ),
} as const;

/** admin_delete_user refusals: the self-delete guard is 'Action blocked', the rest 'Deletion Failed'. */
export function userDeleteFailed(error: unknown): ToastMessage {
  const message = errorMessage(error);
  if (message?.includes(SELF_DELETE_MESSAGE) || errorCode(error) === 'P0001') {
    return failureToast('Action blocked', message ?? SELF_DELETE_MESSAGE);
  }
  return failureToast('Deletion Failed', message ?? 'The user could not be deleted.');
}

export function seedFailed(error: unknown): ToastMessage {
  return failureToast('Seeding Failed', errorMessage(error) ?? 'Could not create the test users.');
}

export function vipFailed(error: unknown): ToastMessage {
  return failureToast('Error', errorMessage(error) ?? 'Could not update VIP status.');
}
