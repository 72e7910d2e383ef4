import { success } from '../admin-overview/errors';

export const bookingMessages = {
  approved: success('Booking Approved', 'The guest is being notified by e-mail.'),
  rejected: success('Booking Rejected', 'The guest is being notified by e-mail.'),
} as const;
