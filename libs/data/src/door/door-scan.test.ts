import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { QueuedAction } from '../offline/action-queue';
import type { DoorList } from './door-query';
import {
  applyArrived,
  pendingPeopleByEntry,
  pendingScans,
  scanResultToast,
  type DoorScanPayload,
} from './door-scan';
import { doorKeys } from './keys';

const action = (userId: string, sourceId: string, people: number, kind = 'door_scan') =>
  ({
    id: crypto.randomUUID(),
    kind,
    userId,
    createdAt: 0,
    attempts: 0,
    payload: {
      kind: 'event_booking',
      sourceId,
      people,
      deviceId: 'd',
      idChecked: false,
      guestName: 'G',
    } satisfies DoorScanPayload,
  }) as QueuedAction;

describe('door scans on the device', () => {
  it("counts the member's own waiting scans per booking", () => {
    const actions = [
      action('s1', 'b1', 1),
      action('s1', 'b1', 2),
      action('s1', 'b2', 1),
      action('s2', 'b1', 5),
      action('s1', 'b1', 9, 'song_vote'),
    ];
    const mine = pendingScans(actions, 's1');
    expect(mine).toHaveLength(3);
    const people = pendingPeopleByEntry(mine);
    expect(people.get('event_booking:b1')).toBe(3);
    expect(people.get('event_booking:b2')).toBe(1);
  });

  it('keeps the highest arrived count a booking had (broadcasts may arrive out of order)', () => {
    const client = new QueryClient();
    const list: DoorList = {
      fromDevice: false,
      savedAt: 0,
      entries: [
        {
          kind: 'event_booking',
          label: 'Event booking',
          sourceId: 'b1',
          guestName: 'Olivia Stone',
          partySize: 3,
          code: 'ABCD2345',
          status: 'approved',
          admissible: true,
          refusal: null,
          detail: null,
          idRequired: false,
          arrivesAt: null,
          arrived: 1,
        },
      ],
    };
    client.setQueryData(doorKeys.list(), list);
    applyArrived(client, 'event_booking', 'b1', 2);
    applyArrived(client, 'event_booking', 'b1', 1);
    expect(client.getQueryData<DoorList>(doorKeys.list())?.entries[0]?.arrived).toBe(2);
  });

  it('names the guest in what the host is told', () => {
    const base = { kind: 'event_booking', source_id: 'b1', party_size: 1, people: 1 };
    expect(
      scanResultToast(
        {
          ...base,
          outcome: 'refused',
          guest_name: 'Ava Guest',
          arrived: 1,
          reason: "Already in: all 1 of Ava Guest's party arrived",
        },
        'x',
      ),
    ).toMatchObject({
      title: 'Refused: Ava Guest',
      description: "Already in: all 1 of Ava Guest's party arrived",
    });
    expect(
      scanResultToast(
        { ...base, outcome: 'checked_in', guest_name: null, arrived: 1, reason: null },
        'Ben',
      ),
    ).toMatchObject({ title: 'Checked in: Ben', description: '1 of 1 in' });
  });
});
