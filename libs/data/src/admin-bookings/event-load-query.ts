import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { adminBookingKeys } from './keys';

/** One event's guests booked (approved + pending) against its capacity. */
export interface EventLoad {
  eventId: string;
  title: string;
  eventDate: string;
  isApproved: boolean;
  capacity: number | null;
  guestsBooked: number;
  spotsLeft: number | null;
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** One row of public.event_availability: its event, guests booked and spots left. */
function availabilityRow(row: Record<string, unknown>) {
  return {
    eventId: typeof row['event_id'] === 'string' ? row['event_id'] : '',
    guestsBooked: count(row['guests_booked']) ?? 0,
    spotsLeft: count(row['spots_left']),
  };
}

/**
 * Every event from the start of `since` on, soonest first, with its guests
 * booked against capacity (public.event_availability, which answers admins
 * for every event).
 */
export async function fetchEventLoad(
  vars: { since: Date },
  signal?: AbortSignal,
): Promise<EventLoad[]> {
  const supabase = getSupabase();
  let events = supabase
    .from('events')
    .select('id, title, event_date, is_approved, capacity')
    .gte('event_date', vars.since.toISOString())
    .order('event_date', { ascending: true })
    .order('id');
  let availability = supabase.rpc('event_availability', {});
  if (signal) {
    events = events.abortSignal(signal);
    availability = availability.abortSignal(signal);
  }
  const [eventRows, loadRows] = await Promise.all([events, availability]);
  const list = unwrap(eventRows) ?? [];
  const load = new Map(
    (unwrap(loadRows) ?? []).map(availabilityRow).map((row) => [row.eventId, row]),
  );
  return list.map((event) => {
    const row = load.get(event.id);
    return {
      eventId: event.id,
      title: event.title,
      eventDate: event.event_date,
      isApproved: event.is_approved,
      capacity: event.capacity,
      guestsBooked: row?.guestsBooked ?? 0,
      spotsLeft: row ? row.spotsLeft : event.capacity,
    };
  });
}

/** Events from a week ago on: tonight's and last week's are still looked up at the door. */
export const eventLoadQueryOptions = () =>
  queryOptions({
    queryKey: adminBookingKeys.eventLoad(),
    queryFn: ({ signal }) =>
      fetchEventLoad({ since: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000) }, signal),
  });

export const useEventLoad = () => useQuery(eventLoadQueryOptions());
