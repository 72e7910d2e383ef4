import type { Notice } from './notice';

export const DELETE_ACCOUNT_CONFIRM =
  'Are you sure you want to delete your account? This action cannot be undone.';

export const dataExported: Notice = {
  title: 'Data exported',
  description: 'Your data has been downloaded as a JSON file.',
  variant: 'success',
};

export const exportFailed: Notice = {
  title: 'Export failed',
  description: 'Failed to export your data. Please try again.',
  variant: 'destructive',
};

export const accountDeleted: Notice = {
  title: 'Account deleted',
  description: 'Your data has been removed and you have been signed out.',
  variant: 'success',
};

export const deleteFailed: Notice = {
  title: 'Deletion failed',
  description: 'Failed to delete your account. Please contact support.',
  variant: 'destructive',
};
