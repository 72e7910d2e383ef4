import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { DataError } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { adminBookingKeys } from './keys';

export type AdminBooking = Tables<'event_bookings'>;
export type BookingStatus = 'pending' | 'approved' | 'rejected' | 'waitlisted' | 'cancelled';
export const BOOKING_STATUSES: readonly BookingStatus[] = [
  'pending',
  'approved',
  'waitlisted',
  'rejected',
  'cancelled',
];

/** approved, rejected, waitlisted and cancelled are kept; anything else is pending. */
export function bookingStatus(status: string | null | undefined): BookingStatus {
  return (BOOKING_STATUSES as readonly (string | null | undefined)[]).includes(status)
    ? (status as BookingStatus)
    : 'pending';
}

export const ADMIN_BOOKINGS_PAGE_SIZE = 25;

export interface AdminBookingFilters {
  /** '' for every status. */
  status: BookingStatus | '';
  /** '' for every event. */
  eventId: string;
  /** Name, e-mail or booking code; '' for none. */
  search: string;
}

export interface AdminBookingsPage {
  rows: AdminBooking[];
  total: number;
  page: number;
  pageCount: number;
  /** The filters these rows answer (the list may still show the previous ones while loading). */
  filters: AdminBookingFilters;
}

/**
 * The PostgREST `or` filter for a search by name, e-mail or booking code, or
 * null for none. Characters that structure the filter (commas, parentheses,
 * quotes, wildcards, backslashes, colons) are dropped; `*` is the wildcard.
 */
export function bookingSearchFilter(search: string): string | null {
  const term = search
    .replace(/[,()"'*%\\:]/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, 100);
  if (!term) return null;
  return ['name', 'email', 'booking_code'].map((column) => `${column}.ilike.*${term}*`).join(',');
}

/** The query of the filtered list, newest first, ties broken by id so pages never overlap. */
function filteredBookings(filters: AdminBookingFilters, count: boolean) {
  let query = getSupabase()
    .from('event_bookings')
    .select('*', count ? { count: 'exact' } : undefined)
    .order('created_at', { ascending: false })
    .order('id');
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.eventId) query = query.eq('event_id', filters.eventId);
  const search = bookingSearchFilter(filters.search);
  if (search) query = query.or(search);
  return query;
}

/**
 * One page of bookings with the exact total: the server filters, searches and
 * pages, so the tab stays fast with tens of thousands of bookings.
 */
export async function fetchAdminBookingsPage(
  vars: AdminBookingFilters & { page: number },
  signal?: AbortSignal,
): Promise<AdminBookingsPage> {
  const { page, ...filters } = vars;
  const from = page * ADMIN_BOOKINGS_PAGE_SIZE;
  let query = filteredBookings(filters, true).range(from, from + ADMIN_BOOKINGS_PAGE_SIZE - 1);
  if (signal) query = query.abortSignal(signal);
  const { data, error, count } = await query;
  // A page past the end (after a narrower filter) answers 416: start over.
  if (error && error.code === 'PGRST103' && page > 0) {
    return fetchAdminBookingsPage({ ...vars, page: 0 }, signal);
  }
  if (error) throw new DataError(error);
  const total = count ?? data.length;
  return {
    rows: data,
    total,
    page,
    filters,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_BOOKINGS_PAGE_SIZE)),
  };
}

/** Rows fetched per request when exporting (the server caps a response). */
const EXPORT_CHUNK = 1000;

/** Every booking the filters match, in list order, for the CSV export. */
export async function fetchAllAdminBookings(
  filters: AdminBookingFilters,
  signal?: AbortSignal,
): Promise<AdminBooking[]> {
  const rows: AdminBooking[] = [];
  for (let from = 0; ; from += EXPORT_CHUNK) {
    let query = filteredBookings(filters, false).range(from, from + EXPORT_CHUNK - 1);
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw new DataError(error);
    rows.push(...data);
    if (data.length < EXPORT_CHUNK) return rows;
  }
}

export const adminBookingsPageQueryOptions = (vars: AdminBookingFilters & { page: number }) =>
  queryOptions({
    queryKey: adminBookingKeys.page(vars),
    queryFn: ({ signal }) => fetchAdminBookingsPage(vars, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminBookingsPage = (vars: AdminBookingFilters & { page: number }) =>
  useQuery(adminBookingsPageQueryOptions(vars));
