import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const eventMessages = {
  approved: successToast('Event Approved', 'The event is now visible to guests.'),
  rejected: successToast('Event Rejected', 'The event is hidden from guests.'),
  deleted: successToast('Event Deleted', 'The event has been removed.'),
  created: successToast('Event Created', 'The event is live on the events page.'),
  imageFailed: (message?: string): ToastMessage =>
    failureToast('Upload Failed', message ?? 'Could not upload the featured image.'),
} as const;
