/** The part of the real schema the REST fuzzer draws from: tables, columns, embeds, RPCs, row ids. */
import type { Db } from '../db/types.js';

export interface FuzzSchema {
  /** public table -> its columns */
  tables: Record<string, string[]>;
  /** public table -> tables it can embed (foreign keys in either direction) */
  embeds: Record<string, string[]>;
  /** public RPC -> its argument names */
  rpcs: Record<string, string[]>;
  /** ids of existing rows and users, as filter values and body values */
  ids: string[];
}

export async function loadFuzzSchema(db: Db): Promise<FuzzSchema> {
  const cols = await db.query<{ t: string; c: string }>(
    `select table_name as t, column_name as c from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const tables: Record<string, string[]> = {};
  for (const { t, c } of cols.rows) (tables[t] ??= []).push(c);
  const fks = await db.query<{ a: string; b: string }>(
    `select c.conrelid::regclass::text as a, c.confrelid::regclass::text as b
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`,
  );
  const embeds: Record<string, string[]> = {};
  const bare = (s: string) => s.replace(/^public\./, '');
  for (const { a, b } of fks.rows) {
    if (!b.startsWith('public.') && b.includes('.')) continue;
    (embeds[bare(a)] ??= []).push(bare(b));
    (embeds[bare(b)] ??= []).push(bare(a));
  }
  const fns = await db.query<{ f: string; args: string[] | null }>(
    `select p.proname as f, p.proargnames as args from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
  );
  const rpcs: Record<string, string[]> = {};
  for (const { f, args } of fns.rows) rpcs[f] = args ?? [];
  const idRows = await db.query<{ id: string }>(
    `select id::text as id from auth.users
     union all select id::text from public.events
     union all select id::text from public.offers
     union all select id::text from public.song_requests
     union all select id::text from public.djs
     union all select id::text from public.event_bookings
     union all select id::text from public.photo_wall`,
  );
  return { tables, embeds, rpcs, ids: idRows.rows.map((r) => r.id) };
}
