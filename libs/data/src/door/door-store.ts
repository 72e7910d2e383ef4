import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { DoorEntry } from './door-rules';

/**
 * Tonight's list kept on the device, so the door keeps working without a network: one entry,
 * written each time the list is downloaded, read only by the member who downloaded it and
 * only until the night ends. It is deleted at sign-out (forgetDoorNight) and when it is found
 * to belong to another member or to a night that is over.
 */
export interface StoredDoorNight {
  userId: string;
  night: string;
  /** When the night ends (ISO): after it the list is deleted unread. */
  endsAt: string;
  savedAt: number;
  entries: DoorEntry[];
}

const DB_NAME = 'bistro-door';
const KEY = 'tonight';
let store: UseStore | null = null;
const db = () => (store ??= createStore(DB_NAME, 'night'));
const available = () => typeof indexedDB !== 'undefined';

export async function saveDoorNight(night: StoredDoorNight): Promise<void> {
  if (!available()) return;
  try {
    await set(KEY, night, db());
  } catch (error) {
    console.warn("Tonight's list could not be kept on the device", error);
  }
}

/** The stored list if it is this member's and its night is not over; otherwise it is deleted. */
export async function readDoorNight(
  userId: string,
  now: number = Date.now(),
): Promise<StoredDoorNight | null> {
  if (!available()) return null;
  try {
    const night = await get<StoredDoorNight>(KEY, db());
    if (!night) return null;
    if (night.userId !== userId || Date.parse(night.endsAt) <= now) {
      await del(KEY, db());
      return null;
    }
    return night;
  } catch (error) {
    console.warn("Tonight's list on the device could not be read", error);
    return null;
  }
}

/** Deletes tonight's list from the device (at sign-out). */
export async function forgetDoorNight(): Promise<void> {
  if (!available()) return;
  try {
    await del(KEY, db());
  } catch (error) {
    console.warn("Tonight's list on the device could not be deleted", error);
  }
}
