import type { Notice } from '../account/notice';
import { errorMessage } from '../lib/errors';

export const profileUpdated: Notice = {
  title: 'Profile Updated',
  description: 'Your profile has been updated successfully.',
  variant: 'success',
};

export function profileUpdateFailed(error: unknown): Notice {
  return {
    title: 'Update Failed',
    description: errorMessage(error) ?? 'Failed to update profile',
    variant: 'destructive',
  };
}
