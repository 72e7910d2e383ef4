/**
 * Shared setup of the authorization suites (authz-*.security.test.ts), which probe the REST API
 * generically over every table, embed and RPC of the real schema, beyond the per-table RLS
 * matrix (supabase/tests/api-rls-matrix.test.ts). The rule under test: a member or a visitor
 * reads, counts, filters on and writes only the rows their policies allow, whatever the path.
 * The attacker is leo (a member); the victim is maya (a VIP member) and the admin's rows.
 *
 * `srv` and `schema` are live bindings set by the beforeAll hook that `useAuthzServer()`
 * registers (as are the tokens in `token`), so read them inside tests, hooks and the helpers
 * below only.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS, PASSWORD } from '../integration/support.js';
import { loadFuzzSchema, type FuzzSchema } from './fuzz.js';
import { keyOf } from './rows.js';

export type Row = Record<string, unknown>;
type Actor = 'anon' | 'leo' | 'maya';

export let srv: TestServer;
export let schema: FuzzSchema;
export const token: Record<Actor, string> = { anon: '', leo: '', maya: '' };
let tried = 0;
let held = 0;

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export async function rest(
  who: Actor,
  path: string,
  init: { method?: string; body?: unknown; prefer?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = new Headers({
    apikey: srv.anonKey,
    authorization: `Bearer ${token[who]}`,
    ...init.headers,
  });
  if (init.prefer) headers.set('prefer', init.prefer);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`${srv.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** A probe that must be refused or come back empty: counted for the closing figures. */
export function probe(ok: boolean, label: string): void {
  tried++;
  expect(ok, label).toBe(true);
  held++;
}

export const pkOf = (table: string): string[] =>
  table === 'profiles'
    ? ['user_id']
    : table === 'song_votes'
      ? ['song_request_id', 'user_id']
      : table === 'venue_hours'
        ? ['weekday']
        : table === 'reservation_tables'
          ? ['reservation_id', 'table_id']
          : table === 'reservation_turn_times'
            ? ['party_max']
            : ['id'];
export const pkFilter = (table: string, r: Row) =>
  pkOf(table)
    .map((c) => `${c}=eq.${encodeURIComponent(String(r[c]))}`)
    .join('&');

/**
 * What `who` can read of a table directly (the reference for every oracle check), by its key
 * columns: a caller granted only some columns (a visitor on photo_wall) still reads its rows.
 */
export async function visible(who: Actor, table: string): Promise<Set<string>> {
  const r = await rest(who, `/rest/v1/${table}?select=${pkOf(table).join(',')}`);
  if (r.status !== 200) return new Set();
  return new Set((r.body as Row[]).map((row) => keyOf(table, row)));
}

export async function allRows(table: string): Promise<Row[]> {
  const r = await srv.db.query<{ r: Row }>(`select to_jsonb(t) as r from public.${table} t`);
  return r.rows.map((x) => x.r);
}

export async function signIn(email: string): Promise<string> {
  const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const s = (await res.json()) as { access_token: string };
  return s.access_token;
}

/**
 * Boots the server before the file's tests, signs leo and maya in and gives both a row in every
 * table they may write; after the tests, logs the probe figures under `label` and closes it.
 */
export function useAuthzServer(label: string): void {
  beforeAll(async () => {
    srv = await startTestServer({ pglite: true });
    schema = await loadFuzzSchema(srv.db);
    token.anon = srv.anonKey;
    token.leo = await signIn(USERS.leo.email);
    token.maya = await signIn(USERS.maya.email);
    // give both members a row in every table they may write, through the API as themselves
    const offers = (await rest('leo', '/rest/v1/offers?select=id')).body as Row[];
    expect(offers.length).toBeGreaterThan(0);
    const event = (
      (await rest('leo', '/rest/v1/events?select=title,event_date&limit=1')).body as Row[]
    )[0];
    for (const who of ['maya', 'leo'] as const) {
      const writes: [string, Row][] = [
        [
          'event_bookings',
          {
            name: who,
            email: `${who}@example.com`,
            phone: '555-0100',
            event_title: event?.['title'],
            event_date: event?.['event_date'],
            number_of_guests: 2,
            special_requests: `${who}'s secret request`,
          },
        ],
        ['photo_wall', { image_url: `https://img.test/${who}.jpg`, caption: `${who} pending` }],
        ['user_offers', { offer_id: offers[0]?.['id'] }],
        ['analytics', { event_type: 'photo_uploaded', event_data: { who } }],
        ['song_requests', { song_title: `${who} song`, artist: 'Someone' }],
      ];
      for (const [table, row] of writes) {
        const r = await rest(who, `/rest/v1/${table}`, { method: 'POST', body: row });
        expect(r.status, `${who} ${table}: ${r.text}`).toBe(201);
      }
    }
  });
  afterAll(async () => {
    console.log(`[authz ${label}] ${tried} authorization probes tried, ${held} refused or empty`);
    await srv?.close();
  });
}
