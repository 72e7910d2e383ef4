/**
 * The door's pure rules, shared by the page and the offline check-in: how a search matches,
 * how many of a party are in once the scans still on the device count, and what the device
 * may decide on its own while the server cannot be asked.
 */

/** One booking of tonight's list, as public.door_list returns it. */
export interface DoorEntry {
  kind: string;
  label: string;
  sourceId: string;
  guestName: string;
  partySize: number;
  code: string;
  status: string;
  admissible: boolean;
  refusal: string | null;
  detail: string | null;
  idRequired: boolean;
  arrivesAt: string | null;
  /** People let in so far, as the server counted them. */
  arrived: number;
}

/** Lower case without accents, so "Jose" finds "José". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A code as typed or scanned: upper case, no spaces or dashes. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** A list prepared for searching (folded names and codes made once per list). */
export interface DoorIndex {
  entries: readonly DoorEntry[];
  names: readonly string[];
  codes: readonly string[];
}

export function indexDoor(entries: readonly DoorEntry[]): DoorIndex {
  return {
    entries,
    names: entries.map((e) => foldText(e.guestName)),
    codes: entries.map((e) => normaliseCode(e.code)),
  };
}

/**
 * The entries whose name contains every word of the query, or whose code starts with it;
 * an exact code comes first. An empty query lists everyone.
 */
export function searchDoor(index: DoorIndex, query: string): DoorEntry[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...index.entries];
  const code = normaliseCode(query);
  const exact: DoorEntry[] = [];
  const found: DoorEntry[] = [];
  for (let i = 0; i < index.entries.length; i++) {
    const entry = index.entries[i] as DoorEntry;
    const entryCode = index.codes[i] as string;
    if (code.length > 0 && entryCode === code) exact.push(entry);
    else if (
      (code.length >= 3 && entryCode.startsWith(code)) ||
      words.every((w) => (index.names[i] as string).includes(w))
    )
      found.push(entry);
  }
  return [...exact, ...found];
}

/** The entry a typed or scanned code names, if it is on tonight's list. */
export function entryByCode(entries: readonly DoorEntry[], code: string): DoorEntry | undefined {
  const wanted = normaliseCode(code);
  return entries.find((e) => normaliseCode(e.code) === wanted);
}

/** Where one booking stands at the door once the scans still on the device count. */
export function arrivedWithPending(entry: DoorEntry, pendingPeople: number): number {
  return Math.min(entry.partySize, entry.arrived + pendingPeople);
}

/** Identifies a booking across kinds. */
export const entryKey = (e: { kind: string; sourceId: string }) => `${e.kind}:${e.sourceId}`;

/**
 * What the device decides before a scan goes out (online or not): null when the scan may be
 * sent, or why it is refused, naming the guest. The server decides again when it gets it.
 */
export function localRefusal(
  entry: DoorEntry,
  people: number,
  pendingPeople: number,
  idChecked: boolean,
): string | null {
  if (!entry.admissible) return entry.refusal ?? 'Not admitted tonight';
  const arrived = entry.arrived + pendingPeople;
  if (arrived >= entry.partySize)
    return `Already in: all ${entry.partySize} of ${entry.guestName}'s party arrived`;
  if (arrived + people > entry.partySize)
    return `Only ${entry.partySize - arrived} of ${entry.guestName}'s party of ${entry.partySize} still to arrive`;
  if (entry.idRequired && !idChecked) return 'Check ID first';
  return null;
}

/** What the server answered for a scan (public.door_scan). */
export interface ScanResult {
  outcome: 'checked_in' | 'already_recorded' | 'refused';
  kind: string;
  source_id: string;
  guest_name: string | null;
  party_size: number | null;
  arrived: number;
  people: number;
  reason: string | null;
}

export function isScanResult(value: unknown): value is ScanResult {
  if (!value || typeof value !== 'object') return false;
  const v = value as { outcome?: unknown; arrived?: unknown };
  return (
    typeof v.outcome === 'string' &&
    ['checked_in', 'already_recorded', 'refused'].includes(v.outcome) &&
    typeof v.arrived === 'number'
  );
}
