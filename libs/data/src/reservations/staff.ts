import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables, TablesUpdate } from '../database.types';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { useRealtimeChannel } from '../realtime/use-realtime-channel';
import { parseReservation, reservationKeys, type Reservation } from './reservations';

/**
 * The staff's side of dinner reservations: the floor and the numbers the
 * venue sets (tables, combinations, turn times, pacing, blocked times, the
 * reservation settings), and the night's reservations by table. Row-level
 * security lets admins write these; the database functions seat, finish,
 * move and add walk-ins under the night's lock.
 */
export const staffReservationKeys = {
  setup: () => [...reservationKeys.all, 'setup'] as const,
  night: (date: string) => [...reservationKeys.all, 'night', date] as const,
};

export type ReservationSettingsRow = Tables<'reservation_settings'>;
export type TurnTimeRow = Tables<'reservation_turn_times'>;
export type DiningTableRow = Tables<'dining_tables'>;
export type TableCombinationRow = Tables<'dining_table_combinations'>;
export type DiningBlockRow = Tables<'dining_blocks'>;

export interface DiningSetup {
  settings: ReservationSettingsRow;
  turnTimes: TurnTimeRow[];
  tables: DiningTableRow[];
  combinations: TableCombinationRow[];
  blocks: DiningBlockRow[];
}

export async function fetchDiningSetup(signal?: AbortSignal): Promise<DiningSetup> {
  const db = getSupabase();
  const withSignal = <Q extends { abortSignal: (s: AbortSignal) => Q }>(q: Q) =>
    signal ? q.abortSignal(signal) : q;
  const [settings, turnTimes, tables, combinations, blocks] = await Promise.all([
    withSignal(db.from('reservation_settings').select('*').limit(1)),
    withSignal(db.from('reservation_turn_times').select('*').order('party_max')),
    withSignal(db.from('dining_tables').select('*').order('area').order('label')),
    withSignal(db.from('dining_table_combinations').select('*').order('id')),
    withSignal(
      db
        .from('dining_blocks')
        .select('*')
        .gte('ends_at', new Date().toISOString())
        .order('starts_at'),
    ),
  ]);
  const row = unwrap(settings)?.[0];
  if (!row) throw new Error('The reservation settings are missing');
  return {
    settings: row,
    turnTimes: unwrap(turnTimes) ?? [],
    tables: unwrap(tables) ?? [],
    combinations: unwrap(combinations) ?? [],
    blocks: unwrap(blocks) ?? [],
  };
}

export const useDiningSetup = () =>
  useQuery({
    queryKey: staffReservationKeys.setup(),
    queryFn: ({ signal }) => fetchDiningSetup(signal),
  });

/** One of the night's reservations with the ids of the tables it holds. */
export interface NightReservation extends Reservation {
  tableIds: number[];
  staffNotes: string;
  isWalkIn: boolean;
}

/** The reservations of one business date (YYYY-MM-DD), by start. */
export async function fetchNightReservations(
  date: string,
  signal?: AbortSignal,
): Promise<NightReservation[]> {
  let query = getSupabase()
    .from('reservations')
    .select(
      'id, code, party_size, starts_at, ends_at, status, guest_name, phone, occasion, special_requests, staff_notes, is_walk_in, reservation_tables(table_id)',
    )
    .eq('business_date', date)
    .order('starts_at');
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query) ?? [];
  return rows.map((r) => ({
    ...parseReservation({ ...r, tables: [] }),
    tableIds: (r.reservation_tables ?? []).map((t) => t.table_id),
    staffNotes: r.staff_notes,
    isWalkIn: r.is_walk_in,
  }));
}

/** While the live channel is down, the night is read again this often (ms). */
export const NIGHT_POLL_MS = 30_000;

/**
 * The night's reservations as other staff change them: each change is broadcast on the staff's
 * private topic (with only its night) and the night is read again; while the channel is down
 * (the page says so) it is read every 30 s instead. `live` is the channel's state.
 */
export function useNightReservations(date: string) {
  const queryClient = useQueryClient();
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: staffReservationKeys.night(date) }),
    [queryClient, date],
  );
  const live = useRealtimeChannel(
    'staff:reservations',
    {
      reservation_changed: (payload) => {
        if (payload['business_date'] === date) reread();
      },
    },
    reread,
  );
  const query = useQuery({
    queryKey: staffReservationKeys.night(date),
    queryFn: ({ signal }) => fetchNightReservations(date, signal),
    refetchInterval: live === 'live' ? false : NIGHT_POLL_MS,
  });
  return { query, live };
}

function useStaffMutation<TData, TVars>(
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

export type ReservationSettingsInput = Omit<TablesUpdate<'reservation_settings'>, 'id'>;

export async function updateReservationSettings(input: ReservationSettingsInput): Promise<void> {
  unwrap(await getSupabase().from('reservation_settings').update(input).eq('id', true));
}

export interface DiningTableInput {
  id?: number;
  label: string;
  area: string;
  seats_min: number;
  seats_max: number;
  is_active: boolean;
}

export async function saveDiningTable({ id, ...row }: DiningTableInput): Promise<void> {
  const db = getSupabase();
  unwrap(
    id === undefined
      ? await db.from('dining_tables').insert(row)
      : await db.from('dining_tables').update(row).eq('id', id),
  );
}

export async function deleteDiningTable(id: number): Promise<void> {
  unwrap(await getSupabase().from('dining_tables').delete().eq('id', id));
}

export interface CombinationInput {
  table_ids: number[];
  seats_min: number;
  seats_max: number;
}

export async function addCombination(input: CombinationInput): Promise<void> {
  unwrap(
    await getSupabase()
      .from('dining_table_combinations')
      .insert({ ...input, table_ids: [...input.table_ids].sort((a, b) => a - b) }),
  );
}

export async function deleteCombination(id: number): Promise<void> {
  unwrap(await getSupabase().from('dining_table_combinations').delete().eq('id', id));
}

export async function saveTurnTime(input: TurnTimeRow): Promise<void> {
  unwrap(
    await getSupabase().from('reservation_turn_times').upsert(input, { onConflict: 'party_max' }),
  );
}

export async function deleteTurnTime(partyMax: number): Promise<void> {
  unwrap(await getSupabase().from('reservation_turn_times').delete().eq('party_max', partyMax));
}

export interface BlockInput {
  table_id: number | null;
  starts_at: string;
  ends_at: string;
  reason: string;
}

export async function addBlock(input: BlockInput): Promise<void> {
  unwrap(await getSupabase().from('dining_blocks').insert(input));
}

export async function deleteBlock(id: string): Promise<void> {
  unwrap(await getSupabase().from('dining_blocks').delete().eq('id', id));
}

export type FloorStatus = 'booked' | 'arrived' | 'seated' | 'finished' | 'no_show';

export async function setReservationStatus(vars: { id: string; status: FloorStatus }) {
  return parseReservation(
    unwrap(
      await getSupabase().rpc('set_reservation_status', { p_id: vars.id, p_status: vars.status }),
    ),
  );
}

export async function moveReservation(vars: { id: string; tableIds: number[] }) {
  return parseReservation(
    unwrap(
      await getSupabase().rpc('move_reservation', { p_id: vars.id, p_table_ids: vars.tableIds }),
    ),
  );
}

export async function addWalkIn(vars: { partySize: number; tableIds?: number[]; name?: string }) {
  return parseReservation(
    unwrap(
      await getSupabase().rpc('add_walk_in', {
        p_party_size: vars.partySize,
        ...(vars.tableIds?.length ? { p_table_ids: vars.tableIds } : {}),
        ...(vars.name?.trim() ? { p_name: vars.name.trim() } : {}),
      }),
    ),
  );
}

export async function saveStaffNotes(vars: { id: string; notes: string }): Promise<void> {
  unwrap(
    await getSupabase().from('reservations').update({ staff_notes: vars.notes }).eq('id', vars.id),
  );
}

export const useReservationSettingsMutation = (
  o?: MutationHookOptions<void, ReservationSettingsInput>,
) => useStaffMutation(updateReservationSettings, o);
export const useDiningTableSaveMutation = (o?: MutationHookOptions<void, DiningTableInput>) =>
  useStaffMutation(saveDiningTable, o);
export const useDiningTableDeleteMutation = (o?: MutationHookOptions<void, number>) =>
  useStaffMutation(deleteDiningTable, o);
export const useCombinationAddMutation = (o?: MutationHookOptions<void, CombinationInput>) =>
  useStaffMutation(addCombination, o);
export const useCombinationDeleteMutation = (o?: MutationHookOptions<void, number>) =>
  useStaffMutation(deleteCombination, o);
export const useTurnTimeSaveMutation = (o?: MutationHookOptions<void, TurnTimeRow>) =>
  useStaffMutation(saveTurnTime, o);
export const useTurnTimeDeleteMutation = (o?: MutationHookOptions<void, number>) =>
  useStaffMutation(deleteTurnTime, o);
export const useBlockAddMutation = (o?: MutationHookOptions<void, BlockInput>) =>
  useStaffMutation(addBlock, o);
export const useBlockDeleteMutation = (o?: MutationHookOptions<void, string>) =>
  useStaffMutation(deleteBlock, o);
export const useReservationStatusMutation = (
  o?: MutationHookOptions<Reservation, { id: string; status: FloorStatus }>,
) => useStaffMutation(setReservationStatus, o);
export const useMoveReservationMutation = (
  o?: MutationHookOptions<Reservation, { id: string; tableIds: number[] }>,
) => useStaffMutation(moveReservation, o);
export const useWalkInMutation = (
  o?: MutationHookOptions<Reservation, { partySize: number; tableIds?: number[]; name?: string }>,
) => useStaffMutation(addWalkIn, o);
export const useStaffNotesMutation = (
  o?: MutationHookOptions<void, { id: string; notes: string }>,
) => useStaffMutation(saveStaffNotes, o);
