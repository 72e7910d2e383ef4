import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { DoorEntry } from './door-rules';
import { forgetDoorNight, readDoorNight, saveDoorNight } from './door-store';

const entries: DoorEntry[] = [
  {
    kind: 'event_booking',
    label: 'Event booking',
    sourceId: 'b1',
    guestName: 'Olivia Stone',
    partySize: 2,
    code: 'ABCD2345',
    status: 'approved',
    admissible: true,
    refusal: null,
    detail: null,
    idRequired: false,
    arrivesAt: null,
    arrived: 0,
  },
];

const night = (userId: string, endsAt: string) => ({
  userId,
  night: '2026-11-27',
  endsAt,
  savedAt: 1,
  entries,
});

describe("tonight's list on the device", () => {
  const now = Date.parse('2026-11-28T03:00:00Z');

  it('is read back by the member who downloaded it, before the night ends', async () => {
    await saveDoorNight(night('staff-1', '2026-11-28T09:00:00Z'));
    expect((await readDoorNight('staff-1', now))?.entries[0]?.guestName).toBe('Olivia Stone');
  });

  it('is deleted unread for another member, after the night, and at sign-out', async () => {
    await saveDoorNight(night('staff-1', '2026-11-28T09:00:00Z'));
    expect(await readDoorNight('staff-2', now)).toBeNull();
    // the other member's read deleted it: the first member no longer finds it either
    expect(await readDoorNight('staff-1', now)).toBeNull();

    await saveDoorNight(night('staff-1', '2026-11-28T09:00:00Z'));
    expect(await readDoorNight('staff-1', Date.parse('2026-11-28T09:00:01Z'))).toBeNull();
    expect(await readDoorNight('staff-1', now)).toBeNull();

    await saveDoorNight(night('staff-1', '2026-11-28T09:00:00Z'));
    await forgetDoorNight();
    expect(await readDoorNight('staff-1', now)).toBeNull();
  });
});
