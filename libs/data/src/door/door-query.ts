import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { DataError, unwrap, type ServerError } from '../lib/errors';
import { isOfflineError, OfflineError } from '../offline/action-queue';
import { isUnsentAnswer } from '../offline/send';
import type { DoorEntry } from './door-rules';
import { readDoorNight, saveDoorNight } from './door-store';
import { doorKeys } from './keys';

/** Tonight's headcount (public.door_headcount). */
export interface DoorHeadcount {
  night: string;
  nightEndsAt: string;
  arrived: number;
  capacity: number | null;
  byStaff: { staffId: string | null; name: string; scans: number; people: number }[];
}

export interface DoorList {
  entries: DoorEntry[];
  /** The list came from the device (the server could not be reached). */
  fromDevice: boolean;
  /** When the list was downloaded (ms since the epoch). */
  savedAt: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));

function toEntry(row: Record<string, unknown>): DoorEntry {
  return {
    kind: String(row['kind']),
    label: String(row['label'] ?? row['kind']),
    sourceId: String(row['source_id']),
    guestName: String(row['guest_name'] ?? ''),
    partySize: int(row['party_size']),
    code: String(row['code'] ?? ''),
    status: String(row['status'] ?? ''),
    admissible: row['admissible'] === true,
    refusal: text(row['refusal']),
    detail: text(row['detail']),
    idRequired: row['id_required'] === true,
    arrivesAt: text(row['arrives_at']),
    arrived: int(row['arrived']),
  };
}

/** A door call's answer; OfflineError when it did not reach the server (the device's list then serves). */
async function doorCall(
  call: PromiseLike<{ data: unknown; error: ServerError | null; status: number }>,
): Promise<unknown> {
  let result: { data: unknown; error: ServerError | null; status: number };
  try {
    result = await call;
  } catch (error) {
    throw new OfflineError(error instanceof Error ? error.message : undefined);
  }
  if (result.error) {
    if (isUnsentAnswer(result)) throw new OfflineError(result.error.message);
    throw new DataError({ ...result.error, status: result.status });
  }
  return result.data;
}

export async function fetchDoorHeadcount(signal?: AbortSignal): Promise<DoorHeadcount> {
  let call = getSupabase().rpc('door_headcount');
  if (signal) call = call.abortSignal(signal);
  const h = ((await doorCall(call)) ?? {}) as Record<string, unknown>;
  const byStaff = Array.isArray(h['by_staff']) ? (h['by_staff'] as Record<string, unknown>[]) : [];
  return {
    night: String(h['night'] ?? ''),
    nightEndsAt: String(h['night_ends_at'] ?? ''),
    arrived: int(h['arrived']),
    capacity: h['capacity'] === null || h['capacity'] === undefined ? null : int(h['capacity']),
    byStaff: byStaff.map((s) => ({
      staffId: text(s['staff_id']),
      name: String(s['name'] ?? 'Staff'),
      scans: int(s['scans']),
      people: int(s['people']),
    })),
  };
}

export async function fetchDoorEntries(signal?: AbortSignal): Promise<DoorEntry[]> {
  let call = getSupabase().rpc('door_list');
  if (signal) call = call.abortSignal(signal);
  return (((await doorCall(call)) ?? []) as Record<string, unknown>[]).map(toEntry);
}

/**
 * Tonight's list: downloaded from the server and kept on the device for the night; when the
 * server cannot be reached, the list kept on the device (this member's, tonight's) instead.
 */
export async function fetchDoorList(userId: string, signal?: AbortSignal): Promise<DoorList> {
  try {
    const [entries, head] = await Promise.all([
      fetchDoorEntries(signal),
      fetchDoorHeadcount(signal),
    ]);
    const savedAt = Date.now();
    await saveDoorNight({ userId, night: head.night, endsAt: head.nightEndsAt, savedAt, entries });
    return { entries, fromDevice: false, savedAt };
  } catch (error) {
    // only a list the server could not send is replaced by the device's (never a refusal)
    const unreachable =
      isOfflineError(error) || (typeof navigator !== 'undefined' && navigator.onLine === false);
    const kept = unreachable ? await readDoorNight(userId) : null;
    if (kept) return { entries: kept.entries, fromDevice: true, savedAt: kept.savedAt };
    throw error;
  }
}

export const doorListQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: doorKeys.list(),
    queryFn: ({ signal }) => fetchDoorList(userId, signal),
    networkMode: 'always',
  });

export const useDoorList = (userId: string | null, refetchInterval: number | false = false) =>
  useQuery({ ...doorListQueryOptions(userId ?? ''), enabled: userId !== null, refetchInterval });

export const useDoorHeadcount = (enabled: boolean, refetchInterval: number | false = false) =>
  useQuery({
    queryKey: doorKeys.headcount(),
    queryFn: ({ signal }) => fetchDoorHeadcount(signal),
    enabled,
    refetchInterval,
  });

/** One line of a guest's history at the door (public.guest_door_history). */
export interface GuestDoorVisit {
  kind: string;
  sourceId: string;
  title: string;
  happenedAt: string | null;
  outcome: 'arrived' | 'no_show';
  people: number;
}

export async function fetchGuestDoorHistory(
  userId: string,
  signal?: AbortSignal,
): Promise<GuestDoorVisit[]> {
  let call = getSupabase().rpc('guest_door_history', { _user_id: userId });
  if (signal) call = call.abortSignal(signal);
  return ((unwrap(await call) ?? []) as Record<string, unknown>[]).map((r) => ({
    kind: String(r['kind']),
    sourceId: String(r['source_id']),
    title: String(r['title'] ?? ''),
    happenedAt: text(r['happened_at']),
    outcome: r['outcome'] === 'arrived' ? 'arrived' : 'no_show',
    people: int(r['people']),
  }));
}

export const useGuestDoorHistory = (userId: string | null) =>
  useQuery({
    queryKey: doorKeys.history(userId ?? ''),
    queryFn: ({ signal }) => fetchGuestDoorHistory(userId ?? '', signal),
    enabled: userId !== null,
  });
