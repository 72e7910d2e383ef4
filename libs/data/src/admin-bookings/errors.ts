import { successToast } from '../lib/toast-message';

export const bookingMessages = {
  approved: successToast('Booking Approved', 'The guest is being notified by e-mail.'),
  rejected: successToast('Booking Rejected', 'The guest is being notified by e-mail.'),
} as const;
