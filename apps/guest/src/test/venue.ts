import { toVenue, type Venue } from '@bistro/data';
import { testVenueHours, testVenueRow } from './venue-mock';

export { testVenueHours, testVenueRow };

/** The venue record as the database ships it, for component tests (the app reads the real one). */
export const testVenue: Venue = toVenue(testVenueRow, testVenueHours, []);
