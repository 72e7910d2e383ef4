import { success } from '../admin-overview/errors';
import type { PhotoAction } from './photo-moderate-mutation';

export const photoMessages: Record<PhotoAction, ReturnType<typeof success>> = {
  approve: success('Photo Approved', 'The photo is on the wall.'),
  reject: success('Photo Rejected', 'The photo will not be shown.'),
  feature: success('Photo Featured', 'The photo is featured on the home page.'),
  unfeature: success('Photo Unfeatured', 'The photo is no longer featured.'),
  hide: success('Photo Hidden', 'The photo has been taken off the wall.'),
};
