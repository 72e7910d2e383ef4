import { errorMessage } from '../lib/errors';
import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';

export const venueSaved: ToastMessage = successToast(
  'Venue Updated',
  'Guests see the change on their next page load.',
);

/** What each of the database's checks on the venue record means, in the admin's words. */
const CHECKS: [string, string][] = [
  ['phone_format', 'Enter the phone as (216) 555-0142.'],
  ['email_format', 'Enter a valid e-mail address.'],
  ['postal_code_format', 'Enter a 5-digit ZIP code.'],
  ['region_code_format', 'Enter the two-letter state code, such as OH.'],
  ['social_links_valid', 'Social links need a label and an https:// address (at most 8).'],
  ['minimum_age_range', 'The minimum age must be between 18 and 25.'],
  ['_times', 'An open day needs an opening and a closing time that differ.'],
  ['on_date_key', 'That date already has its own hours.'],
  ['_length', 'One of the texts is empty or too long.'],
];

export function venueSaveFailed(error: unknown): ToastMessage {
  const message = errorMessage(error) ?? '';
  const known = CHECKS.find(([key]) => message.includes(key));
  return failureToast(
    'Update Failed',
    known?.[1] ?? (message || 'Could not save the venue details. Please try again.'),
  );
}
