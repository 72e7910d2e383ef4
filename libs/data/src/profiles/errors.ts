import { serverFailureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const profileUpdated: ToastMessage = successToast(
  'Profile Updated',
  'Your profile has been updated successfully.',
);

export const profileUpdateFailed = (error: unknown): ToastMessage =>
  serverFailureToast('Update Failed', error, 'Failed to update profile');
