import { queryOptions, useQuery } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { bookingKeys } from './keys';

export interface EventAvailability {
  eventId: string;
  /** Guests; null when unlimited. */
  capacity: number | null;
  /** Approved plus pending guests. */
  guestsBooked: number;
  /** null when unlimited. */
  spotsLeft: number | null;
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** One row of public.event_availability, checked field by field. */
export function parseAvailabilityRow(row: Record<string, unknown>): EventAvailability {
  const eventId = row['event_id'];
  if (typeof eventId !== 'string') {
    throw new DataError({ message: 'The server did not return the availability.' });
  }
  return {
    eventId,
    capacity: count(row['capacity']),
    guestsBooked: count(row['guests_booked']) ?? 0,
    spotsLeft: count(row['spots_left']),
  };
}

/**
 * Spots left for the given events (all visible events when `eventIds` is
 * omitted), from public.event_availability: visitors see approved events,
 * admins every event.
 */
export async function fetchEventAvailability(
  eventIds: readonly string[] | undefined,
  signal?: AbortSignal,
): Promise<Map<string, EventAvailability>> {
  let query = getSupabase().rpc('event_availability', eventIds ? { event_ids: [...eventIds] } : {});
  if (signal) query = query.abortSignal(signal);
  const rows = (unwrap(await query) ?? []).map(parseAvailabilityRow);
  return new Map(rows.map((row) => [row.eventId, row]));
}

export const eventAvailabilityQueryOptions = (eventIds: readonly string[]) =>
  queryOptions({
    queryKey: bookingKeys.availability(eventIds),
    queryFn: ({ signal }) => fetchEventAvailability(eventIds, signal),
  });

/** Spots left per event id; waits until there are events to ask about. */
export const useEventAvailability = (eventIds: readonly string[]) =>
  useQuery({ ...eventAvailabilityQueryOptions(eventIds), enabled: eventIds.length > 0 });
