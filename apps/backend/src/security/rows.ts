/**
 * Row fingerprints taken as the superuser (bypassing RLS), to prove that a run of requests
 * changed nothing its caller's policies don't allow.
 */
import type { Db } from '../db/types.js';

type Row = Record<string, unknown>;
export type Snapshot = Record<string, Map<string, Row>>;

/** table -> the column naming the member who owns a row (absent: admin-managed tables) */
export const OWNER: Record<string, string> = {
  user_roles: 'user_id',
  profiles: 'user_id',
  event_bookings: 'user_id',
  user_offers: 'user_id',
  photo_wall: 'user_id',
  analytics: 'user_id',
  dj_ratings: 'user_id',
  song_requests: 'user_id',
  song_votes: 'user_id',
  push_subscriptions: 'user_id',
};

/** Columns only an admin (or the server) may set, with the value a member's new row gets. */
export const ADMIN_ONLY: Record<string, Row> = {
  profiles: { vip_status: false },
  event_bookings: { status: 'pending', admin_notes: null, approved_at: null, approved_by: null },
  photo_wall: {
    is_approved: false,
    is_featured: false,
    approved_at: null,
    approved_by: null,
    likes_count: 0,
  },
  song_requests: { status: 'pending' },
};

/** Counters maintained by triggers: a member's allowed write (a vote, a rating, a redemption)
 * moves them on rows the member doesn't own. */
const COUNTERS: Record<string, string[]> = {
  song_requests: ['vote_count'],
  djs: ['average_rating', 'total_ratings'],
  offers: ['usage_count'],
  profiles: ['total_bookings', 'updated_at'],
  user_offers: ['usage_counted'],
};

export const keyOf = (table: string, r: Row): string =>
  table === 'profiles'
    ? String(r['user_id'])
    : table === 'song_votes'
      ? `${String(r['song_request_id'])}/${String(r['user_id'])}`
      : table === 'venue_hours'
        ? String(r['weekday'])
        : table === 'reservation_tables'
          ? `${String(r['reservation_id'])}/${String(r['table_id'])}`
          : table === 'reservation_turn_times'
            ? String(r['party_max'])
            : table === 'door_scans'
              ? String(r['scan_id'])
              : String(r['id']);

export async function snapshot(db: Db): Promise<Snapshot> {
  const tables = await db.query<{ t: string }>(
    `select table_name as t from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Snapshot = {};
  const sources = [
    ...tables.rows.map((r) => [r.t, `public.${r.t}`] as const),
    ['auth.users', 'auth.users'] as const,
    ['storage.objects', 'storage.objects'] as const,
    ['storage.buckets', 'storage.buckets'] as const,
  ];
  for (const [name, rel] of sources) {
    const rows = await db.query<{ r: Row }>(`select to_jsonb(t) as r from ${rel} t`);
    out[name] = new Map(rows.rows.map(({ r }) => [keyOf(name, r), r]));
  }
  return out;
}

const strip = (table: string, r: Row): string => {
  const copy = { ...r };
  for (const c of COUNTERS[table] ?? []) delete copy[c];
  return JSON.stringify(copy);
};

/** Every difference between two snapshots; none allowed (an anonymous caller). */
export function allChanges(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  for (const t of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[t] ?? new Map<string, Row>();
    const y = b[t] ?? new Map<string, Row>();
    for (const [k, r] of x) {
      const s = y.get(k);
      if (!s) out.push(`${t} ${k} deleted`);
      else if (JSON.stringify(s) !== JSON.stringify(r)) out.push(`${t} ${k} changed`);
    }
    for (const k of y.keys()) if (!x.has(k)) out.push(`${t} ${k} inserted`);
  }
  return out;
}

/**
 * Changes a member's policies don't allow: anything on another member's rows or on
 * admin-managed tables (except trigger-maintained counters), a role of their own, auth or
 * storage rows (except ending their own account), and admin-only columns of their own rows.
 */
export function forbiddenChanges(a: Snapshot, b: Snapshot, memberId: string): string[] {
  const out: string[] = [];
  for (const t of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[t] ?? new Map<string, Row>();
    const y = b[t] ?? new Map<string, Row>();
    const owner = OWNER[t];
    const mine = (r: Row) => owner !== undefined && r[owner] === memberId;
    const adminOnly = ADMIN_ONLY[t] ?? {};
    for (const [k, r] of x) {
      const s = y.get(k);
      if (mine(r) && t !== 'user_roles') {
        if (s)
          for (const c of Object.keys(adminOnly))
            if (JSON.stringify(s[c]) !== JSON.stringify(r[c]))
              out.push(`${t} ${k}: the member changed admin-only ${c}`);
        if (s && owner && s[owner] !== memberId) out.push(`${t} ${k}: the member gave a row away`);
        continue;
      }
      // a member may give up their own role (the delete policy allows it), not change it
      if (mine(r) && t === 'user_roles' && !s) continue;
      // a member may end their own account (delete_my_account_data), never change it
      if (t === 'auth.users' && r['id'] === memberId && !s) continue;
      if (!s) out.push(`${t} ${k} (not the member's) deleted`);
      else if (strip(t, s) !== strip(t, r)) out.push(`${t} ${k} (not the member's) changed`);
    }
    for (const [k, s] of y) {
      if (x.has(k)) continue;
      if (!mine(s) || t === 'user_roles') {
        out.push(`${t} ${k} inserted, not owned by the member or a role`);
        continue;
      }
      for (const [c, v] of Object.entries(adminOnly))
        if (JSON.stringify(s[c]) !== JSON.stringify(v))
          out.push(`${t} ${k}: a new row with admin-only ${c}=${JSON.stringify(s[c])}`);
    }
  }
  return out;
}
