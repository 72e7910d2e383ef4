import { serverFailureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const photoUploaded: ToastMessage = successToast(
  'Photo Uploaded!',
  'Your photo will appear on the wall once our team approves it.',
);

export const photoUploadFailed = (error: unknown): ToastMessage =>
  serverFailureToast('Upload Failed', error, 'Could not upload your photo. Please try again.');
