import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const DELETE_ACCOUNT_CONFIRM =
  'Are you sure you want to delete your account? This action cannot be undone.';

export const dataExported: ToastMessage = successToast(
  'Data exported',
  'Your data has been downloaded as a JSON file.',
);

export const exportFailed: ToastMessage = failureToast(
  'Export failed',
  'Failed to export your data. Please try again.',
);

export const accountDeleted: ToastMessage = successToast(
  'Account deleted',
  'Your data has been removed and you have been signed out.',
);

export const deleteFailed: ToastMessage = failureToast(
  'Deletion failed',
  'Failed to delete your account. Please contact support.',
);
