import { errorMessage } from '../lib/errors';
import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const menuSaved: ToastMessage = successToast(
  'Menu Updated',
  'Guests see it on the menu now.',
);

export function menuSaveFailed(error: unknown): ToastMessage {
  const message = errorMessage(error) ?? '';
  const known: [string, string][] = [
    ['price_range', 'Enter a price between $0 and $10,000.'],
    ['tags_known', 'Pick tags from the list.'],
    ['name_length', 'The name is required (at most 100 characters).'],
    ['description_length', 'The description is at most 500 characters.'],
  ];
  const hit = known.find(([key]) => message.includes(key));
  return failureToast('Update Failed', hit?.[1] ?? (message || 'Could not save the menu.'));
}
