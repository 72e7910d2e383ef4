import { serverFailureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const bookingMessages = {
  approved: successToast('Booking Approved', 'The guest is being notified by e-mail.'),
  rejected: successToast('Booking Rejected', 'The guest is being notified by e-mail.'),
  capacitySaved: successToast('Capacity Updated', 'Spots left are shown to guests right away.'),
} as const;

export const capacityFailed = (error: unknown): ToastMessage =>
  serverFailureToast('Error', error, 'Could not update the capacity.');

export const bookingsExportFailed = (error: unknown): ToastMessage =>
  serverFailureToast('Export Failed', error, 'Could not export the bookings.');
