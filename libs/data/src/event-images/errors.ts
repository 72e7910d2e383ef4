import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const eventImageMessages = {
  added: successToast('Image Added', "Guests see it in the event's gallery."),
  removed: successToast('Image Removed', "It is no longer in the event's gallery."),
  failed: (error: { message?: string } | null | undefined): ToastMessage =>
    failureToast(
      'Image Not Saved',
      error?.message || 'Could not save the image. Please try again.',
    ),
};
