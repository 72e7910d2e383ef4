import type { Json } from '@bistro/data';

const labels: Record<string, string> = {
  offer_redeemed: 'Offer redeemed',
  photo_uploaded: 'Photo uploaded',
  booking_created: 'Booking created',
  signed_up: 'Signed up',
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isIdField(key: string, value: Json | undefined): boolean {
  return (
    key === 'id' || key.endsWith('_id') || (typeof value === 'string' && uuidPattern.test(value))
  );
}

export function eventTypeLabel(type: string): string {
  return labels[type] ?? type.replace(/_/g, ' ');
}

/**
 * The activity as the admin reads it: rows a member's app sent (it could forge them) say so;
 * bookings and sign-ups come from the database itself.
 */
export function activityLabel(type: string, clientReported: boolean): string {
  return clientReported ? `${eventTypeLabel(type)} (reported by the app)` : eventTypeLabel(type);
}

/** A one-line summary of event_data: for bookings the event title and guests. */
export function eventDataSummary(data: Json): string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return '';
  const record = data as Record<string, Json | undefined>;
  const parts: string[] = [];
  if (typeof record['event_title'] === 'string') parts.push(record['event_title']);
  if (typeof record['guests'] === 'number') {
    parts.push(`${record['guests']} ${record['guests'] === 1 ? 'guest' : 'guests'}`);
  }
  if (typeof record['offer_title'] === 'string') parts.push(record['offer_title']);
  if (parts.length > 0) return parts.join(' · ');
  // Ids mean nothing to a reader: only named, human values are shown.
  return Object.entries(record)
    .filter(([key, value]) => value !== null && typeof value !== 'object' && !isIdField(key, value))
    .slice(0, 3)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(' · ');
}
