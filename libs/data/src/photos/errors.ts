import type { Notice } from '../account/notice';
import { errorMessage } from '../lib/errors';

export const photoUploaded: Notice = {
  title: 'Photo Uploaded!',
  description: 'Your photo will appear on the wall once our team approves it.',
  variant: 'success',
};

export function photoUploadFailed(error: unknown): Notice {
  return {
    title: 'Upload Failed',
    description: errorMessage(error) ?? 'Could not upload your photo. Please try again.',
    variant: 'destructive',
  };
}
