import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables, TablesUpdate } from '../database.types';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { businessDate } from '../lib/business-date';

/**
 * VIP tables with bottle service: the venue's floor plan (sections, tables, minimum spend per
 * weekday or event night), its policy text and bottle list (menu items flagged as bottles);
 * a member's table requests; staff confirming, declining and seeing tonight's committed
 * minimum. Row-level security shows a member their own requests, staff tonight's, admins all;
 * every change of a request goes through a database function.
 */
export const loungeTableKeys = {
  all: ['lounge-tables'] as const,
  setup: () => [...loungeTableKeys.all, 'setup'] as const,
  night: (eventId: string) => [...loungeTableKeys.all, 'night', eventId] as const,
  mine: (userId: string) => [...loungeTableKeys.all, 'mine', userId] as const,
  staff: (fromDate: string) => [...loungeTableKeys.all, 'staff', fromDate] as const,
  bottles: () => [...loungeTableKeys.all, 'bottles'] as const,
};

export type LoungeSettingsRow = Tables<'lounge_settings'>;
export type LoungeSectionRow = Tables<'lounge_sections'>;
export type LoungeTableRow = Tables<'lounge_tables'>;
export type LoungeMinimumRow = Tables<'lounge_table_minimums'>;

export interface LoungeSetup {
  settings: LoungeSettingsRow;
  sections: LoungeSectionRow[];
  tables: LoungeTableRow[];
  minimums: LoungeMinimumRow[];
}

export async function fetchLoungeSetup(signal?: AbortSignal): Promise<LoungeSetup> {
  const db = getSupabase();
  const withSignal = <Q extends { abortSignal: (s: AbortSignal) => Q }>(q: Q) =>
    signal ? q.abortSignal(signal) : q;
  const [settings, sections, tables, minimums] = await Promise.all([
    withSignal(db.from('lounge_settings').select('*').limit(1)),
    withSignal(db.from('lounge_sections').select('*').order('position').order('name')),
    withSignal(db.from('lounge_tables').select('*').order('grid_y').order('grid_x')),
    withSignal(db.from('lounge_table_minimums').select('*').order('weekday')),
  ]);
  const row = unwrap(settings)?.[0];
  if (!row) throw new DataError({ message: 'The lounge settings are missing.' });
  return {
    settings: row,
    sections: unwrap(sections) ?? [],
    tables: unwrap(tables) ?? [],
    minimums: unwrap(minimums) ?? [],
  };
}

export const loungeSetupQueryOptions = () =>
  queryOptions({
    queryKey: loungeTableKeys.setup(),
    queryFn: ({ signal }) => fetchLoungeSetup(signal),
  });

export const useLoungeSetup = () => useQuery(loungeSetupQueryOptions());

export interface Bottle {
  id: string;
  name: string;
  description: string;
  priceCents: number;
}

/** The bottle list: visible menu items flagged as bottles, by name. */
export async function fetchBottles(signal?: AbortSignal): Promise<Bottle[]> {
  let query = getSupabase()
    .from('menu_items')
    .select('id, name, description, price_cents')
    .eq('is_bottle', true)
    .eq('is_visible', true)
    .order('name');
  if (signal) query = query.abortSignal(signal);
  return (unwrap(await query) ?? []).map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    priceCents: r.price_cents,
  }));
}

export const useBottles = () =>
  useQuery({
    queryKey: loungeTableKeys.bottles(),
    queryFn: ({ signal }) => fetchBottles(signal),
  });

/** A table on an event's night, with that night's minimum and whether it is still free. */
export interface NightTable {
  id: string;
  name: string;
  sectionId: string;
  seats: number;
  gridX: number;
  gridY: number;
  minSpendCents: number;
  isFree: boolean;
}

export function parseNightTable(row: Record<string, unknown>): NightTable {
  if (typeof row['table_id'] !== 'string' || typeof row['name'] !== 'string') {
    throw new DataError({ message: 'The server did not return the tables.' });
  }
  return {
    id: row['table_id'],
    name: row['name'],
    sectionId: String(row['section_id']),
    seats: Number(row['seats']),
    gridX: Number(row['grid_x']),
    gridY: Number(row['grid_y']),
    minSpendCents: Number(row['min_spend_cents']),
    isFree: row['is_free'] === true,
  };
}

export async function fetchNightTables(
  eventId: string,
  signal?: AbortSignal,
): Promise<NightTable[]> {
  let query = getSupabase().rpc('lounge_night_tables', { p_event_id: eventId });
  if (signal) query = query.abortSignal(signal);
  return ((unwrap(await query) ?? []) as Record<string, unknown>[]).map(parseNightTable);
}

export const useNightTables = (eventId: string | null) =>
  useQuery({
    queryKey: loungeTableKeys.night(eventId ?? ''),
    queryFn: ({ signal }) => fetchNightTables(eventId ?? '', signal),
    enabled: !!eventId,
  });

/**
 * The lowest minimum among the free tables that seat the party (or, when none seats it, among
 * all free tables), or null when no table is free.
 */
export function minimumFrom(tables: NightTable[], partySize: number): number | null {
  const free = tables.filter((t) => t.isFree);
  const seating = free.filter((t) => t.seats >= partySize);
  const pool = seating.length ? seating : free;
  if (!pool.length) return null;
  return Math.min(...pool.map((t) => t.minSpendCents));
}

/** "$500" for whole dollars, "$500.50" otherwise. */
export function formatMinimum(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export type TableRequestStatus =
  'pending' | 'confirmed' | 'declined' | 'cancelled' | 'arrived' | 'released' | 'no_show';

/** What the guest and staff read for a status. */
export const TABLE_STATUS_LABEL: Record<TableRequestStatus, string> = {
  pending: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  arrived: 'Arrived',
  released: 'Released',
  no_show: 'No-show',
};

export function tableStatusLabel(status: string): string {
  return TABLE_STATUS_LABEL[status as TableRequestStatus] ?? status;
}

export interface TableRequest {
  id: string;
  code: string;
  eventId: string;
  eventTitle: string;
  businessDate: string;
  guestName: string;
  partySize: number;
  arrivesAt: string;
  note: string;
  status: string;
  tableId: string | null;
  tableName: string | null;
  minSpendCents: number | null;
  heldUntil: string | null;
  staffMessage: string;
  bottles: { name: string; quantity: number }[];
}

const REQUEST_COLUMNS =
  'id, code, event_id, business_date, guest_name, party_size, arrives_at, note, status, table_id, min_spend_cents, held_until, staff_message, events(title), lounge_tables(name), table_request_bottles(quantity, menu_items(name))';

interface RequestRow {
  id: string;
  code: string;
  event_id: string;
  business_date: string;
  guest_name: string;
  party_size: number;
  arrives_at: string;
  note: string;
  status: string;
  table_id: string | null;
  min_spend_cents: number | null;
  held_until: string | null;
  staff_message: string;
  events: { title: string } | null;
  lounge_tables: { name: string } | null;
  table_request_bottles: { quantity: number; menu_items: { name: string } | null }[] | null;
}

export function parseTableRequest(r: RequestRow): TableRequest {
  return {
    id: r.id,
    code: r.code,
    eventId: r.event_id,
    eventTitle: r.events?.title ?? '',
    businessDate: r.business_date,
    guestName: r.guest_name,
    partySize: r.party_size,
    arrivesAt: r.arrives_at,
    note: r.note,
    status: r.status,
    tableId: r.table_id,
    tableName: r.lounge_tables?.name ?? null,
    minSpendCents: r.min_spend_cents,
    heldUntil: r.held_until,
    staffMessage: r.staff_message,
    bottles: (r.table_request_bottles ?? [])
      .map((b) => ({ name: b.menu_items?.name ?? '', quantity: b.quantity }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The member's own table requests, newest night first. */
export async function fetchMyTableRequests(
  userId: string,
  signal?: AbortSignal,
): Promise<TableRequest[]> {
  let query = getSupabase()
    .from('table_requests')
    .select(REQUEST_COLUMNS)
    .eq('user_id', userId)
    .order('arrives_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  return ((unwrap(await query) ?? []) as unknown as RequestRow[]).map(parseTableRequest);
}

export const useMyTableRequests = (userId: string | null) =>
  useQuery({
    queryKey: loungeTableKeys.mine(userId ?? ''),
    queryFn: ({ signal }) => fetchMyTableRequests(userId ?? '', signal),
    enabled: !!userId,
  });

/**
 * The requests staff work on from a business date on (staff read tonight's only, admins every
 * night), by arrival; refreshed every 30 s so the host stand sees new requests.
 */
export async function fetchStaffTableRequests(
  fromDate: string,
  signal?: AbortSignal,
): Promise<TableRequest[]> {
  let query = getSupabase()
    .from('table_requests')
    .select(REQUEST_COLUMNS)
    .gte('business_date', fromDate)
    .order('arrives_at');
  if (signal) query = query.abortSignal(signal);
  return ((unwrap(await query) ?? []) as unknown as RequestRow[]).map(parseTableRequest);
}

export const useStaffTableRequests = (fromDate: string) =>
  useQuery({
    queryKey: loungeTableKeys.staff(fromDate),
    queryFn: ({ signal }) => fetchStaffTableRequests(fromDate, signal),
    refetchInterval: 30_000,
  });

/** The minimum spend committed for a night: the confirmed and arrived tables' minimums. */
export function committedMinimum(requests: TableRequest[], businessDate: string): number {
  return requests
    .filter(
      (r) =>
        r.businessDate === businessDate && (r.status === 'confirmed' || r.status === 'arrived'),
    )
    .reduce((sum, r) => sum + (r.minSpendCents ?? 0), 0);
}

export interface RequestTableInput {
  eventId: string;
  partySize: number;
  arrivesAt: string;
  bottles: { menuItemId: string; quantity: number }[];
  note?: string;
}

function parseRequestResult(value: unknown): { id: string; code: string; status: string } {
  const r = value as Record<string, unknown> | null;
  if (!r || typeof r['id'] !== 'string' || typeof r['code'] !== 'string') {
    throw new DataError({ message: 'The server did not return the table request.' });
  }
  return { id: r['id'], code: r['code'], status: String(r['status']) };
}

/** Asks for a table (public.request_table): the database checks the night, party and bottles. */
export async function requestTable(input: RequestTableInput) {
  return parseRequestResult(
    unwrap(
      await getSupabase().rpc('request_table', {
        p_event_id: input.eventId,
        p_party_size: input.partySize,
        p_arrives_at: input.arrivesAt,
        p_bottles: input.bottles.map((b) => ({ menu_item_id: b.menuItemId, quantity: b.quantity })),
        p_note: input.note ?? '',
      }),
    ),
  );
}

export async function cancelTableRequest(id: string) {
  return parseRequestResult(unwrap(await getSupabase().rpc('cancel_table_request', { p_id: id })));
}

export async function confirmTableRequest(input: { id: string; tableId: string; message: string }) {
  return parseRequestResult(
    unwrap(
      await getSupabase().rpc('confirm_table_request', {
        p_id: input.id,
        p_table_id: input.tableId,
        p_message: input.message,
      }),
    ),
  );
}

export async function declineTableRequest(input: { id: string; message: string }) {
  return parseRequestResult(
    unwrap(
      await getSupabase().rpc('decline_table_request', {
        p_id: input.id,
        p_message: input.message,
      }),
    ),
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
      await queryClient.invalidateQueries({ queryKey: loungeTableKeys.all });
      await onSuccess?.(data, vars, ...rest);
    },
  });
}

type RequestResult = Awaited<ReturnType<typeof requestTable>>;

export const useRequestTable = (options?: MutationHookOptions<RequestResult, RequestTableInput>) =>
  useInvalidating(requestTable, options);
export const useCancelTableRequest = (options?: MutationHookOptions<RequestResult, string>) =>
  useInvalidating(cancelTableRequest, options);
export const useConfirmTableRequest = (
  options?: MutationHookOptions<RequestResult, { id: string; tableId: string; message: string }>,
) => useInvalidating(confirmTableRequest, options);
export const useDeclineTableRequest = (
  options?: MutationHookOptions<RequestResult, { id: string; message: string }>,
) => useInvalidating(declineTableRequest, options);

// --- the admin's floor plan, minimums, policy and bottle list ---

export type LoungeSettingsInput = Omit<TablesUpdate<'lounge_settings'>, 'id' | 'updated_at'>;

export async function updateLoungeSettings(input: LoungeSettingsInput): Promise<void> {
  unwrap(await getSupabase().from('lounge_settings').update(input).eq('id', true));
}

export interface LoungeSectionInput {
  id?: string;
  name: string;
  position: number;
}

export async function saveLoungeSection({ id, ...row }: LoungeSectionInput): Promise<void> {
  const db = getSupabase();
  unwrap(
    id === undefined
      ? await db.from('lounge_sections').insert(row)
      : await db.from('lounge_sections').update(row).eq('id', id),
  );
}

export async function deleteLoungeSection(id: string): Promise<void> {
  unwrap(await getSupabase().from('lounge_sections').delete().eq('id', id));
}

export interface LoungeTableInput {
  id?: string;
  section_id: string;
  name: string;
  seats: number;
  grid_x: number;
  grid_y: number;
  min_spend_cents: number;
  is_active: boolean;
}

export async function saveLoungeTable({ id, ...row }: LoungeTableInput): Promise<void> {
  const db = getSupabase();
  unwrap(
    id === undefined
      ? await db.from('lounge_tables').insert(row)
      : await db.from('lounge_tables').update(row).eq('id', id),
  );
}

export async function deleteLoungeTable(id: string): Promise<void> {
  unwrap(await getSupabase().from('lounge_tables').delete().eq('id', id));
}

export interface LoungeMinimumInput {
  table_id: string;
  weekday: number | null;
  event_id: string | null;
  min_spend_cents: number;
}

export async function addLoungeMinimum(row: LoungeMinimumInput): Promise<void> {
  unwrap(await getSupabase().from('lounge_table_minimums').insert(row));
}

export async function deleteLoungeMinimum(id: string): Promise<void> {
  unwrap(await getSupabase().from('lounge_table_minimums').delete().eq('id', id));
}

/** Puts a menu item on the bottle list or takes it off. */
export async function setBottle(input: { id: string; isBottle: boolean }): Promise<void> {
  unwrap(
    await getSupabase().from('menu_items').update({ is_bottle: input.isBottle }).eq('id', input.id),
  );
}

export interface MenuItemForBottles {
  id: string;
  name: string;
  priceCents: number;
  isBottle: boolean;
  sectionTitle: string;
}

/** Every menu item with its bottle flag, for the admin's bottle list. */
export async function fetchBottleCandidates(signal?: AbortSignal): Promise<MenuItemForBottles[]> {
  let query = getSupabase()
    .from('menu_items')
    .select('id, name, price_cents, is_bottle, menu_sections(title, position)')
    .order('name');
  if (signal) query = query.abortSignal(signal);
  const rows = (unwrap(await query) ?? []) as unknown as {
    id: string;
    name: string;
    price_cents: number;
    is_bottle: boolean;
    menu_sections: { title: string; position: number } | null;
  }[];
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      priceCents: r.price_cents,
      isBottle: r.is_bottle,
      sectionTitle: r.menu_sections?.title ?? '',
      position: r.menu_sections?.position ?? 0,
    }))
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map(({ position: _position, ...item }) => item);
}

export const useBottleCandidates = () =>
  useQuery({
    queryKey: [...loungeTableKeys.bottles(), 'candidates'] as const,
    queryFn: ({ signal }) => fetchBottleCandidates(signal),
  });

export const useLoungeSettingsMutation = (
  options?: MutationHookOptions<void, LoungeSettingsInput>,
) => useInvalidating(updateLoungeSettings, options);
export const useLoungeSectionSaveMutation = (
  options?: MutationHookOptions<void, LoungeSectionInput>,
) => useInvalidating(saveLoungeSection, options);
export const useLoungeSectionDeleteMutation = (options?: MutationHookOptions<void, string>) =>
  useInvalidating(deleteLoungeSection, options);
export const useLoungeTableSaveMutation = (options?: MutationHookOptions<void, LoungeTableInput>) =>
  useInvalidating(saveLoungeTable, options);
export const useLoungeTableDeleteMutation = (options?: MutationHookOptions<void, string>) =>
  useInvalidating(deleteLoungeTable, options);
export const useLoungeMinimumAddMutation = (
  options?: MutationHookOptions<void, LoungeMinimumInput>,
) => useInvalidating(addLoungeMinimum, options);
export const useLoungeMinimumDeleteMutation = (options?: MutationHookOptions<void, string>) =>
  useInvalidating(deleteLoungeMinimum, options);
export const useSetBottleMutation = (
  options?: MutationHookOptions<void, { id: string; isBottle: boolean }>,
) => useInvalidating(setBottle, options);

export interface LoungeNight {
  id: string;
  title: string;
  eventDate: string;
}

/**
 * The approved events whose night has not ended (tonight's included once it has started), by
 * date: the nights a table can be requested or a guest list joined for.
 */
export async function fetchLoungeNights(signal?: AbortSignal): Promise<LoungeNight[]> {
  const today = businessDate();
  const since = new Date(Date.now() - 24 * 3_600_000).toISOString();
  let query = getSupabase()
    .from('events')
    .select('id, title, event_date')
    .eq('is_approved', true)
    .gte('event_date', since)
    .order('event_date');
  if (signal) query = query.abortSignal(signal);
  return (unwrap(await query) ?? [])
    .filter((e) => businessDate(new Date(e.event_date)) >= today)
    .map((e) => ({ id: e.id, title: e.title, eventDate: e.event_date }));
}

export const useLoungeNights = () =>
  useQuery({
    queryKey: [...loungeTableKeys.all, 'nights'] as const,
    queryFn: ({ signal }) => fetchLoungeNights(signal),
  });
