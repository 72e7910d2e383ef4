import type { QueryClient } from '@tanstack/react-query';
import type { ActionQueue, QueuedAction } from '../offline/action-queue';
import { getActionQueue } from '../offline/use-action-queue';
import { callQueued } from '../offline/send';
import { DataError, errorMessage } from '../lib/errors';
import { failureToast, successToast, type ToastMessage } from '../lib/toast-message';
import { entryKey, isScanResult, type ScanResult } from './door-rules';
import type { DoorList } from './door-query';
import { doorKeys } from './keys';

/**
 * A scan at the door goes through the device's action queue: kept on the device first under
 * an id made there, which the server records as the scan's id (public.door_scans.scan_id), so
 * a scan sent again after a lost answer, or synced after the network came back, counts once.
 */
export const DOOR_SCAN = 'door_scan';

export interface DoorScanPayload {
  kind: string;
  sourceId: string;
  people: number;
  deviceId: string;
  idChecked: boolean;
  /** Shown while the scan waits on the device. */
  guestName: string;
}

/** Teaches the queue to send door scans (registering again is harmless). */
export function registerDoorSender(queue: ActionQueue = getActionQueue()): ActionQueue {
  queue.register(DOOR_SCAN, async (payload, clientId, signal) => {
    const p = payload as DoorScanPayload;
    const result = await callQueued<unknown>(
      'door_scan',
      {
        _scan_id: clientId,
        _kind: p.kind,
        _source_id: p.sourceId,
        _people: p.people,
        _device_id: p.deviceId,
        _id_checked: p.idChecked,
      },
      signal,
    );
    if (!isScanResult(result))
      throw new DataError({ message: 'The server did not say what became of the scan.' });
    return result;
  });
  return queue;
}

/** The door scans of this member still on the device. */
export function pendingScans(
  actions: readonly QueuedAction[],
  userId: string | null,
): QueuedAction<DoorScanPayload>[] {
  return actions.filter(
    (a): a is QueuedAction<DoorScanPayload> => a.kind === DOOR_SCAN && a.userId === userId,
  );
}

/** People per booking (entryKey) in the scans still on the device. */
export function pendingPeopleByEntry(
  scans: readonly QueuedAction<DoorScanPayload>[],
): Map<string, number> {
  const people = new Map<string, number>();
  for (const s of scans) {
    const key = entryKey(s.payload);
    people.set(key, (people.get(key) ?? 0) + s.payload.people);
  }
  return people;
}

/** This device's name in the scans it records (made once, kept in the browser). */
export function doorDeviceId(): string {
  const KEY = 'bistro-door-device';
  try {
    const known = localStorage.getItem(KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return 'browser';
  }
}

/** A booking's arrived count as the server last said it (counts only grow during a night). */
export function applyArrived(
  client: QueryClient,
  kind: string,
  sourceId: string,
  arrived: number,
): void {
  client.setQueryData<DoorList>(doorKeys.list(), (old) =>
    old
      ? {
          ...old,
          entries: old.entries.map((e) =>
            e.kind === kind && e.sourceId === sourceId
              ? { ...e, arrived: Math.max(e.arrived, arrived) }
              : e,
          ),
        }
      : old,
  );
}

/** The server's answer applied to the cached list, and the headcount asked again. */
export function applyScanResult(client: QueryClient, result: ScanResult): void {
  applyArrived(client, result.kind, result.source_id, result.arrived);
  void client.invalidateQueries({ queryKey: doorKeys.headcount() });
}

/** What the host is told of a scan the server answered. */
export function scanResultToast(result: ScanResult, fallbackName: string): ToastMessage {
  const name = result.guest_name ?? fallbackName;
  const size = result.party_size ?? result.arrived;
  if (result.outcome === 'refused')
    return failureToast(`Refused: ${name}`, result.reason ?? 'Not admitted tonight');
  if (result.outcome === 'already_recorded')
    return successToast(`${name}: already recorded`, `${result.arrived} of ${size} in`);
  return successToast(`Checked in: ${name}`, `${result.arrived} of ${size} in`);
}

/** What the host is told of a scan the server refused with an error. */
export function scanErrorToast(error: unknown, name: string): ToastMessage {
  return failureToast(`Refused: ${name}`, errorMessage(error) ?? 'The scan was not recorded.');
}
