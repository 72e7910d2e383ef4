import { adminKeys } from '../lib/admin';

export const venueKeys = {
  all: ['venue'] as const,
  /** The venue record with its weekly hours and coming dates with other hours. */
  record: () => [...venueKeys.all, 'record'] as const,
  /** The history of changes (admins only), under the admin root so every admin change refreshes it. */
  changes: () => [...adminKeys.all, 'venue-changes'] as const,
};
