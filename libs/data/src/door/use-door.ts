import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  getActionQueue,
  useActionQueueEvents,
  useQueuedActions,
} from '../offline/use-action-queue';
import { useRealtimeChannel, type LiveStatus } from '../realtime/use-realtime-channel';
import { pollIntervalFor } from '../realtime/constants';
import type { ToastMessage } from '../lib/toast-message';
import {
  arrivedWithPending,
  entryKey,
  isScanResult,
  localRefusal,
  type DoorEntry,
} from './door-rules';
import { useDoorHeadcount, useDoorList } from './door-query';
import {
  applyArrived,
  applyScanResult,
  DOOR_SCAN,
  doorDeviceId,
  pendingPeopleByEntry,
  pendingScans,
  registerDoorSender,
  scanErrorToast,
  scanResultToast,
  type DoorScanPayload,
} from './door-scan';
import { doorKeys } from './keys';

export const DOOR_TOPIC = 'door:tonight';

/** A line of the door's log of what became of each scan, newest first. */
export interface DoorNotice {
  id: string;
  message: ToastMessage;
}

export interface DoorScanOutcome {
  /** 'waiting': kept on the device until the network is back. */
  state: 'checked_in' | 'refused' | 'waiting';
  message: ToastMessage;
}

/**
 * The door's state for the signed-in staff member: tonight's list (from the server, or from
 * the device while offline), the headcount, the scans waiting on the device, the live channel
 * (another device's scans patch the list as they happen) and `scan`, which checks the device's
 * own rules, then keeps and sends the scan.
 */
export function useDoor(userId: string | null, onNotice?: (message: ToastMessage) => void) {
  const client = useQueryClient();
  const queue = useMemo(() => registerDoorSender(getActionQueue()), []);
  const actions = useQueuedActions(userId ?? undefined);
  const pending = useMemo(() => pendingScans(actions, userId), [actions, userId]);
  const pendingPeople = useMemo(() => pendingPeopleByEntry(pending), [pending]);
  const [notices, setNotices] = useState<DoorNotice[]>([]);

  const notify = useCallback(
    (message: ToastMessage) => {
      setNotices((old) => [{ id: crypto.randomUUID(), message }, ...old].slice(0, 20));
      onNotice?.(message);
    },
    [onNotice],
  );

  const live: LiveStatus = useRealtimeChannel(
    userId ? DOOR_TOPIC : null,
    useMemo(
      () => ({
        door_scan: (p: Record<string, unknown>) => {
          if (typeof p['kind'] === 'string' && typeof p['source_id'] === 'string')
            applyArrived(client, p['kind'], p['source_id'], Number(p['arrived'] ?? 0));
          void client.invalidateQueries({ queryKey: doorKeys.headcount() });
        },
      }),
      [client],
    ),
    () => void client.invalidateQueries({ queryKey: doorKeys.all }),
  );
  const poll = pollIntervalFor(live);
  const list = useDoorList(userId, poll);
  const headcount = useDoorHeadcount(userId !== null, poll);

  // scans synced in the background (after the network came back) report what became of them
  useActionQueueEvents((event) => {
    if (event.action.kind !== DOOR_SCAN) return;
    const p = event.action.payload as DoorScanPayload;
    if (event.type === 'sent' && isScanResult(event.result)) {
      applyScanResult(client, event.result);
      notify(scanResultToast(event.result, p.guestName));
    } else if (event.type === 'refused') {
      notify(scanErrorToast(event.error, p.guestName));
    }
  });

  // back online: the list and the headcount are asked again
  useEffect(() => {
    const online = () => void client.invalidateQueries({ queryKey: doorKeys.all });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [client]);

  const pendingFor = useCallback(
    (entry: DoorEntry) => pendingPeople.get(entryKey(entry)) ?? 0,
    [pendingPeople],
  );

  const scan = useCallback(
    async (entry: DoorEntry, people: number, idChecked: boolean): Promise<DoorScanOutcome> => {
      const refusal = localRefusal(entry, people, pendingFor(entry), idChecked);
      if (refusal) {
        const message = {
          title: `Refused: ${entry.guestName}`,
          description: refusal,
          variant: 'destructive' as const,
        };
        notify(message);
        return { state: 'refused', message };
      }
      if (!userId) throw new Error('Sign in first.');
      const payload: DoorScanPayload = {
        kind: entry.kind,
        sourceId: entry.sourceId,
        people,
        deviceId: doorDeviceId(),
        idChecked,
        guestName: entry.guestName,
      };
      const outcome = await queue.submit(DOOR_SCAN, userId, payload);
      if (outcome.state === 'waiting') {
        const message = {
          title: `Checked in on this device: ${entry.guestName}`,
          description: `${people} ${people === 1 ? 'person' : 'people'}; sent when the network is back`,
        };
        notify(message);
        return { state: 'waiting', message };
      }
      if (outcome.state === 'refused') {
        const message = scanErrorToast(outcome.error, entry.guestName);
        notify(message);
        return { state: 'refused', message };
      }
      const result = outcome.result;
      if (!isScanResult(result)) {
        const message = scanErrorToast(null, entry.guestName);
        notify(message);
        return { state: 'refused', message };
      }
      applyScanResult(client, result);
      const message = scanResultToast(result, entry.guestName);
      notify(message);
      return { state: result.outcome === 'refused' ? 'refused' : 'checked_in', message };
    },
    [client, notify, pendingFor, queue, userId],
  );

  const headArrived =
    (headcount.data?.arrived ?? 0) + pending.reduce((n, s) => n + s.payload.people, 0);

  return {
    list,
    headcount,
    /** People in tonight: the server's count plus the scans waiting on this device. */
    arrivedTonight: headArrived,
    pending,
    pendingFor,
    arrivedOf: (entry: DoorEntry) => arrivedWithPending(entry, pendingFor(entry)),
    live,
    notices,
    scan,
  };
}
