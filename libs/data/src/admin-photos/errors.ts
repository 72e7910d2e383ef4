import { successToast, type ToastMessage } from '../lib/toast-message';
import type { PhotoAction } from './photo-moderate-mutation';

export const photoMessages: Record<PhotoAction, ToastMessage> = {
  approve: successToast('Photo Approved', 'The photo is on the wall.'),
  reject: successToast('Photo Rejected', 'The photo will not be shown.'),
  feature: successToast('Photo Featured', 'The photo is featured on the home page.'),
  unfeature: successToast('Photo Unfeatured', 'The photo is no longer featured.'),
  hide: successToast('Photo Hidden', 'The photo has been taken off the wall.'),
};
