import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { BUSINESS_RULES } from '../business-rules';

export const reservationKeys = {
  all: ['reservations'] as const,
  /** A night's start times for a party size: change with every booking and cancellation. */
  availability: (date: string, party: number) =>
    [...reservationKeys.all, 'availability', date, party] as const,
  mine: (userId: string) => [...reservationKeys.all, 'mine', userId] as const,
  byCode: (code: string) => [...reservationKeys.all, 'code', code] as const,
  rules: () => [...reservationKeys.all, 'rules'] as const,
  occasions: () => [...reservationKeys.all, 'occasions'] as const,
};

export interface ReservationSlot {
  /** ISO instant of the start. */
  startsAt: string;
  available: boolean;
}

export interface Reservation {
  id: string;
  code: string;
  partySize: number;
  startsAt: string;
  endsAt: string;
  status: string;
  guestName: string;
  phone: string;
  occasion: string;
  specialRequests: string;
  tables: string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One row of public.reservation_availability, checked field by field. */
export function parseSlot(row: Record<string, unknown>): ReservationSlot {
  const startsAt = row['starts_at'];
  if (typeof startsAt !== 'string' || typeof row['available'] !== 'boolean') {
    throw new DataError({ message: 'The server did not return the free times.' });
  }
  return { startsAt: new Date(startsAt).toISOString(), available: row['available'] };
}

/** The reservation the booking functions answer with, checked field by field. */
export function parseReservation(value: unknown): Reservation {
  if (!value || typeof value !== 'object') {
    throw new DataError({ message: 'The server did not return the reservation.' });
  }
  const r = value as Record<string, unknown>;
  if (typeof r['id'] !== 'string' || typeof r['code'] !== 'string') {
    throw new DataError({ message: 'The server did not return the reservation.' });
  }
  return {
    id: r['id'],
    code: r['code'],
    partySize: Number(r['party_size']),
    startsAt: new Date(text(r['starts_at'])).toISOString(),
    endsAt: new Date(text(r['ends_at'])).toISOString(),
    status: text(r['status']),
    guestName: text(r['guest_name']),
    phone: text(r['phone']),
    occasion: text(r['occasion']),
    specialRequests: text(r['special_requests']),
    tables: Array.isArray(r['tables']) ? r['tables'].map(String) : [],
  };
}

/**
 * The free start times nearest a full one: the closest available slot before
 * and the closest after (either null when there is none that night).
 */
export function nearestAlternatives(
  slots: readonly ReservationSlot[],
  wanted: string,
): { before: ReservationSlot | null; after: ReservationSlot | null } {
  const at = Date.parse(wanted);
  let before: ReservationSlot | null = null;
  let after: ReservationSlot | null = null;
  for (const s of slots) {
    if (!s.available) continue;
    const t = Date.parse(s.startsAt);
    if (t < at && (!before || t > Date.parse(before.startsAt))) before = s;
    if (t > at && (!after || t < Date.parse(after.startsAt))) after = s;
  }
  return { before, after };
}

/** A night's start times (business date YYYY-MM-DD) for a party, from public.reservation_availability. */
export async function fetchReservationAvailability(
  date: string,
  party: number,
  signal?: AbortSignal,
): Promise<ReservationSlot[]> {
  let query = getSupabase().rpc('reservation_availability', { p_date: date, p_party: party });
  if (signal) query = query.abortSignal(signal);
  return ((unwrap(await query) ?? []) as Record<string, unknown>[]).map(parseSlot);
}

export const reservationAvailabilityQueryOptions = (date: string, party: number) =>
  queryOptions({
    queryKey: reservationKeys.availability(date, party),
    queryFn: ({ signal }) => fetchReservationAvailability(date, party, signal),
  });

export const useReservationAvailability = (date: string | null, party: number) =>
  useQuery({
    ...reservationAvailabilityQueryOptions(date ?? '', party),
    enabled: !!date && party > 0,
  });

export interface BookReservationInput {
  startsAt: string;
  partySize: number;
  occasion?: string;
  specialRequests?: string;
}

/** Books a table (public.book_reservation): the database assigns it or says why not. */
export async function bookReservation(input: BookReservationInput): Promise<Reservation> {
  return parseReservation(
    unwrap(
      await getSupabase().rpc('book_reservation', {
        p_starts_at: input.startsAt,
        p_party_size: input.partySize,
        p_occasion: input.occasion ?? '',
        p_special_requests: input.specialRequests ?? '',
      }),
    ),
  );
}

export interface ChangeReservationInput {
  id: string;
  startsAt: string;
  partySize: number;
}

/** Changes time and party size (public.change_reservation); the old table stays when refused. */
export async function changeReservation(input: ChangeReservationInput): Promise<Reservation> {
  return parseReservation(
    unwrap(
      await getSupabase().rpc('change_reservation', {
        p_id: input.id,
        p_starts_at: input.startsAt,
        p_party_size: input.partySize,
      }),
    ),
  );
}

/** Cancels a reservation (public.cancel_reservation), freeing its table. */
export async function cancelReservation(id: string): Promise<Reservation> {
  return parseReservation(unwrap(await getSupabase().rpc('cancel_reservation', { p_id: id })));
}

/** "Notify me if a table opens" for a full time (public.join_reservation_waitlist). */
export async function joinReservationWaitlist(input: {
  startsAt: string;
  partySize: number;
}): Promise<string> {
  return String(
    unwrap(
      await getSupabase().rpc('join_reservation_waitlist', {
        p_starts_at: input.startsAt,
        p_party_size: input.partySize,
      }),
    ),
  );
}

const RESERVATION_COLUMNS =
  'id, code, party_size, starts_at, ends_at, status, guest_name, phone, occasion, special_requests';

/** Reservation codes: 6 letters and digits without look-alikes (the database's format). */
export const RESERVATION_CODE = /^[A-HJ-NP-Z2-9]{6}$/;

/**
 * One of the member's own reservations by its code (the link in reservation
 * mails), or null when there is none they may read: row-level security shows
 * a guest their own reservations only.
 */
export async function fetchReservationByCode(
  code: string,
  signal?: AbortSignal,
): Promise<Reservation | null> {
  const wanted = code.trim().toUpperCase();
  if (!RESERVATION_CODE.test(wanted)) return null;
  let query = getSupabase().from('reservations').select(RESERVATION_COLUMNS).eq('code', wanted);
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query.limit(1));
  const row = rows?.[0];
  return row ? parseReservation({ ...row, tables: [] }) : null;
}

export const useReservationByCode = (code: string | null, userId: string | null) =>
  useQuery({
    queryKey: [...reservationKeys.byCode(code ?? ''), userId ?? ''] as const,
    queryFn: ({ signal }) => fetchReservationByCode(code ?? '', signal),
    enabled: !!code && !!userId,
  });

/** The reservation numbers a guest's choices are bounded by. */
export interface ReservationRules {
  partyMin: number;
  partyMax: number;
  daysAhead: number;
}

const generatedRules: ReservationRules = {
  partyMin: BUSINESS_RULES.reservation_party_min,
  partyMax: BUSINESS_RULES.reservation_party_max,
  daysAhead: BUSINESS_RULES.reservation_days_ahead,
};

/** The venue's current numbers (public.business_rules(), which the admin's settings change). */
export async function fetchReservationRules(signal?: AbortSignal): Promise<ReservationRules> {
  let query = getSupabase().rpc('business_rules');
  if (signal) query = query.abortSignal(signal);
  const rules = unwrap(await query) as Record<string, unknown> | null;
  const num = (key: string, fallback: number) => {
    const v = rules?.[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  };
  return {
    partyMin: num('reservation_party_min', generatedRules.partyMin),
    partyMax: num('reservation_party_max', generatedRules.partyMax),
    daysAhead: num('reservation_days_ahead', generatedRules.daysAhead),
  };
}

/**
 * The rules, shown at once from the numbers generated from the database at
 * build time and replaced by the venue's current ones when they arrive.
 */
export const useReservationRules = () =>
  useQuery({
    queryKey: reservationKeys.rules(),
    queryFn: ({ signal }) => fetchReservationRules(signal),
    placeholderData: generatedRules,
    staleTime: 5 * 60_000,
  });

/** The occasions the venue offers when booking a table, in its order (its own list). */
export async function fetchReservationOccasions(signal?: AbortSignal): Promise<string[]> {
  let query = getSupabase().from('reservation_settings').select('occasions').limit(1);
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query) as { occasions: unknown }[] | null;
  const list = rows?.[0]?.occasions;
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
}

export const useReservationOccasions = () =>
  useQuery({
    queryKey: reservationKeys.occasions(),
    queryFn: ({ signal }) => fetchReservationOccasions(signal),
    staleTime: 5 * 60_000,
  });

/** The member's own reservations, soonest first. */
export async function fetchMyReservations(userId: string): Promise<Reservation[]> {
  const rows = unwrap(
    await getSupabase()
      .from('reservations')
      .select(RESERVATION_COLUMNS)
      .eq('user_id', userId)
      .order('starts_at', { ascending: true }),
  );
  return (rows ?? []).map((r) => parseReservation({ ...r, tables: [] }));
}

export const useMyReservations = (userId: string | null) =>
  useQuery({
    queryKey: reservationKeys.mine(userId ?? ''),
    queryFn: () => fetchMyReservations(userId ?? ''),
    enabled: !!userId,
  });

function useInvalidating<TData, TVars>(
  fn: (vars: TVars) => Promise<TData>,
  { onSuccess, ...options }: MutationHookOptions<TData, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: fn,
    async onSuccess(data, vars, ...rest) {
      await queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      await onSuccess?.(data, vars, ...rest);
    },
  });
}

export const useBookReservation = (
  options?: MutationHookOptions<Reservation, BookReservationInput>,
) => useInvalidating(bookReservation, options);
export const useChangeReservation = (
  options?: MutationHookOptions<Reservation, ChangeReservationInput>,
) => useInvalidating(changeReservation, options);
export const useCancelReservation = (options?: MutationHookOptions<Reservation, string>) =>
  useInvalidating(cancelReservation, options);
export const useJoinReservationWaitlist = (
  options?: MutationHookOptions<string, { startsAt: string; partySize: number }>,
) => useInvalidating(joinReservationWaitlist, options);
