import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { formatWallClock, venueWallClock } from '../lib/venue-time';
import { nightInstant } from '../lib/business-date';

/**
 * Guest lists: one per event night with a close time and a plus-one cap (set by the venue);
 * a member's own entry and pass; staff and promoters adding names; promoters and their link
 * codes; the admin's report of who brought whom and how many arrived. The database refuses
 * additions after the close time and plus-ones over the cap, whoever writes.
 */
export const guestListKeys = {
  all: ['guest-lists'] as const,
  list: (eventId: string) => [...guestListKeys.all, 'list', eventId] as const,
  mine: (userId: string) => [...guestListKeys.all, 'mine', userId] as const,
  entries: (eventId: string) => [...guestListKeys.all, 'entries', eventId] as const,
  promoters: () => [...guestListKeys.all, 'promoters'] as const,
  report: (eventId: string) => [...guestListKeys.all, 'report', eventId] as const,
};

export type GuestListRow = Tables<'guest_lists'>;
export type PromoterRow = Tables<'promoters'>;

/** "Guest list closes at 10 PM" ("10:30 PM" when not on the hour), in the venue's time zone. */
export function guestListClosesText(closesAt: string): string {
  const clock = venueWallClock(closesAt);
  return `Guest list closes at ${formatWallClock(clock, clock.minute ? 'h:mm a' : 'h a')}`;
}

/** The same words from a venue time of day ("22:00:00"), for a list not opened yet. */
export function guestListClosesTextAt(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  const minutes = m ? `:${String(m).padStart(2, '0')}` : '';
  return `Guest list closes at ${hour}${minutes} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * When a list not opened yet will close: the venue's close time on the event's night (a time
 * before the rollover hour is after midnight), as the database opens it.
 */
export function defaultGuestListClose(eventDateIso: string, time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return nightInstant(new Date(eventDateIso), hour, minute);
}

export const isGuestListOpen = (closesAt: string, now: Date = new Date()): boolean =>
  new Date(closesAt).getTime() > now.getTime();

/** The lists of these events (an event without a list opens one on the first name). */
export async function fetchGuestLists(eventIds: string[], signal?: AbortSignal) {
  if (!eventIds.length) return [] as GuestListRow[];
  let query = getSupabase().from('guest_lists').select('*').in('event_id', eventIds);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const useGuestLists = (eventIds: string[]) =>
  useQuery({
    queryKey: [...guestListKeys.all, 'lists', [...eventIds].sort().join(',')] as const,
    queryFn: ({ signal }) => fetchGuestLists(eventIds, signal),
    enabled: eventIds.length > 0,
  });

export interface GuestListEntry {
  id: string;
  listId: string;
  eventId: string;
  eventTitle: string;
  eventDate: string;
  closesAt: string;
  plusOnesMax: number;
  guestName: string;
  plusOnes: number;
  code: string;
  status: string;
  promoterName: string | null;
  arrivedPeople: number;
}

const ENTRY_COLUMNS =
  'id, list_id, guest_name, plus_ones, code, status, arrived_people, promoters(name), guest_lists(event_id, closes_at, plus_ones_max, events(title, event_date))';

interface EntryRow {
  id: string;
  list_id: string;
  guest_name: string;
  plus_ones: number;
  code: string;
  status: string;
  arrived_people: number;
  promoters: { name: string } | null;
  guest_lists: {
    event_id: string;
    closes_at: string;
    plus_ones_max: number;
    events: { title: string; event_date: string } | null;
  } | null;
}

export function parseEntry(r: EntryRow): GuestListEntry {
  return {
    id: r.id,
    listId: r.list_id,
    eventId: r.guest_lists?.event_id ?? '',
    eventTitle: r.guest_lists?.events?.title ?? '',
    eventDate: r.guest_lists?.events?.event_date ?? '',
    closesAt: r.guest_lists?.closes_at ?? '',
    plusOnesMax: r.guest_lists?.plus_ones_max ?? 0,
    guestName: r.guest_name,
    plusOnes: r.plus_ones,
    code: r.code,
    status: r.status,
    promoterName: r.promoters?.name ?? null,
    arrivedPeople: r.arrived_people,
  };
}

/** The member's own entries (their passes), newest night first. */
export async function fetchMyGuestListEntries(
  userId: string,
  signal?: AbortSignal,
): Promise<GuestListEntry[]> {
  let query = getSupabase().from('guest_list_entries').select(ENTRY_COLUMNS).eq('user_id', userId);
  if (signal) query = query.abortSignal(signal);
  return ((unwrap(await query) ?? []) as unknown as EntryRow[])
    .map(parseEntry)
    .sort((a, b) => b.eventDate.localeCompare(a.eventDate));
}

export const useMyGuestListEntries = (userId: string | null) =>
  useQuery({
    queryKey: guestListKeys.mine(userId ?? ''),
    queryFn: ({ signal }) => fetchMyGuestListEntries(userId ?? '', signal),
    enabled: !!userId,
  });

/** An event's entries as the reader may see them (staff tonight's, promoters their guests, admins all). */
export async function fetchGuestListEntries(
  eventId: string,
  signal?: AbortSignal,
): Promise<GuestListEntry[]> {
  const db = getSupabase();
  let listQuery = db.from('guest_lists').select('id').eq('event_id', eventId).limit(1);
  if (signal) listQuery = listQuery.abortSignal(signal);
  const list = unwrap(await listQuery)?.[0];
  if (!list) return [];
  let query = db
    .from('guest_list_entries')
    .select(ENTRY_COLUMNS)
    .eq('list_id', list.id)
    .order('guest_name');
  if (signal) query = query.abortSignal(signal);
  return ((unwrap(await query) ?? []) as unknown as EntryRow[]).map(parseEntry);
}

export const useGuestListEntries = (eventId: string | null) =>
  useQuery({
    queryKey: guestListKeys.entries(eventId ?? ''),
    queryFn: ({ signal }) => fetchGuestListEntries(eventId ?? '', signal),
    enabled: !!eventId,
    refetchInterval: 30_000,
  });

function parseEntryResult(value: unknown): { id: string; code: string; plusOnes: number } {
  const r = value as Record<string, unknown> | null;
  if (!r || typeof r['id'] !== 'string' || typeof r['code'] !== 'string') {
    throw new DataError({ message: 'The server did not return the guest list entry.' });
  }
  return { id: r['id'], code: r['code'], plusOnes: Number(r['plus_ones']) };
}

export interface JoinGuestListInput {
  eventId: string;
  plusOnes: number;
  /** A promoter's link code that brought the member. */
  promo?: string | null;
}

export async function joinGuestList(input: JoinGuestListInput) {
  return parseEntryResult(
    unwrap(
      await getSupabase().rpc('join_guest_list', {
        p_event_id: input.eventId,
        p_plus_ones: input.plusOnes,
        p_promo: input.promo ?? undefined,
      }),
    ),
  );
}

export async function addGuestListName(input: { eventId: string; name: string; plusOnes: number }) {
  return parseEntryResult(
    unwrap(
      await getSupabase().rpc('add_guest_list_name', {
        p_event_id: input.eventId,
        p_name: input.name,
        p_plus_ones: input.plusOnes,
      }),
    ),
  );
}

export async function leaveGuestList(id: string) {
  return parseEntryResult(unwrap(await getSupabase().rpc('leave_guest_list', { p_id: id })));
}

export interface GuestListReportRow {
  eventId: string;
  eventTitle: string;
  promoterId: string | null;
  promoterName: string;
  entries: number;
  expected: number;
  arrived: number;
}

/** Who brought whom: entries, people expected and arrived, per promoter and event (admins). */
export async function fetchGuestListReport(
  eventId: string | null,
  signal?: AbortSignal,
): Promise<GuestListReportRow[]> {
  let query = getSupabase().rpc('guest_list_report', eventId ? { p_event_id: eventId } : {});
  if (signal) query = query.abortSignal(signal);
  return ((unwrap(await query) ?? []) as Record<string, unknown>[]).map((r) => ({
    eventId: String(r['event_id']),
    eventTitle: String(r['event_title']),
    promoterId: typeof r['promoter_id'] === 'string' ? r['promoter_id'] : null,
    promoterName: String(r['promoter_name']),
    entries: Number(r['entries']),
    expected: Number(r['expected']),
    arrived: Number(r['arrived']),
  }));
}

export const useGuestListReport = (eventId: string | null) =>
  useQuery({
    queryKey: guestListKeys.report(eventId ?? ''),
    queryFn: ({ signal }) => fetchGuestListReport(eventId, signal),
  });

export async function fetchPromoters(signal?: AbortSignal): Promise<PromoterRow[]> {
  let query = getSupabase().from('promoters').select('*').order('name');
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const usePromoters = () =>
  useQuery({
    queryKey: guestListKeys.promoters(),
    queryFn: ({ signal }) => fetchPromoters(signal),
  });

export interface PromoterInput {
  id?: string;
  name: string;
  code: string;
  user_id: string | null;
  is_active: boolean;
}

export async function savePromoter({ id, ...row }: PromoterInput): Promise<void> {
  const db = getSupabase();
  const clean = { ...row, code: row.code.trim().toUpperCase(), name: row.name.trim() };
  unwrap(
    id === undefined
      ? await db.from('promoters').insert(clean)
      : await db.from('promoters').update(clean).eq('id', id),
  );
}

export interface GuestListSettingsInput {
  eventId: string;
  closesAt: string;
  plusOnesMax: number;
}

/** Opens an event's list with this close time and cap, or changes them (admins). */
export async function saveGuestList(input: GuestListSettingsInput): Promise<void> {
  const db = getSupabase();
  const existing = unwrap(
    await db.from('guest_lists').select('id').eq('event_id', input.eventId).limit(1),
  );
  const row = { closes_at: input.closesAt, plus_ones_max: input.plusOnesMax };
  unwrap(
    existing?.[0]
      ? await db.from('guest_lists').update(row).eq('id', existing[0].id)
      : await db.from('guest_lists').insert({ event_id: input.eventId, ...row }),
  );
}

function useInvalidating<TData, TVars>(
  fn: (vars: TVars) => Promise<TData>,
  { onSuccess, ...options }: MutationHookOptions<TData, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: fn,
    async onSuccess(data, vars, ...rest) {
      await queryClient.invalidateQueries({ queryKey: guestListKeys.all });
      await onSuccess?.(data, vars, ...rest);
    },
  });
}

type EntryResult = Awaited<ReturnType<typeof joinGuestList>>;

export const useJoinGuestList = (options?: MutationHookOptions<EntryResult, JoinGuestListInput>) =>
  useInvalidating(joinGuestList, options);
export const useAddGuestListName = (
  options?: MutationHookOptions<EntryResult, { eventId: string; name: string; plusOnes: number }>,
) => useInvalidating(addGuestListName, options);
export const useLeaveGuestList = (options?: MutationHookOptions<EntryResult, string>) =>
  useInvalidating(leaveGuestList, options);
export const useSavePromoter = (options?: MutationHookOptions<void, PromoterInput>) =>
  useInvalidating(savePromoter, options);
export const useSaveGuestList = (options?: MutationHookOptions<void, GuestListSettingsInput>) =>
  useInvalidating(saveGuestList, options);
