import { success, type AdminMessage } from '../admin-overview/errors';

export const eventMessages = {
  approved: success('Event Approved', 'The event is now visible to guests.'),
  rejected: success('Event Rejected', 'The event is hidden from guests.'),
  deleted: success('Event Deleted', 'The event has been removed.'),
  created: success('Event Created', 'The event is live on the events page.'),
  imageFailed: (message?: string): AdminMessage => ({
    title: 'Upload Failed',
    description: message ?? 'Could not upload the featured image.',
    variant: 'destructive',
  }),
} as const;
