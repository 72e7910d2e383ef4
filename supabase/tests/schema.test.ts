/** Structural guarantees of the schema: RLS everywhere, no blanket write policies, safe definer helpers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asOwner, createDb, migrationFiles, seedSql } from './support/db';

let db: PGlite;

beforeAll(async () => {
  db = await createDb();
});
afterAll(async () => {
  await db?.close();
});

const expectedTables = [
  'analytics',
  'audit_log',
  'dining_blocks',
  'dining_table_combinations',
  'dining_tables',
  'dj_ratings',
  'djs',
  'door_scans',
  'event_bookings',
  'event_images',
  'event_templates',
  'events',
  'guest_list_entries',
  'guest_lists',
  'lounge_sections',
  'lounge_settings',
  'lounge_table_minimums',
  'lounge_tables',
  'menu_items',
  'menu_sections',
  'offers',
  'photo_wall',
  'profiles',
  'promoters',
  'promotions',
  'push_subscriptions',
  'release_reports',
  'reservation_mail_outbox',
  'reservation_settings',
  'reservation_tables',
  'reservation_turn_times',
  'reservation_waitlist',
  'reservations',
  'song_requests',
  'song_votes',
  'table_mail_outbox',
  'table_request_bottles',
  'table_requests',
  'user_offers',
  'user_roles',
  'venue_changes',
  'venue_hour_exceptions',
  'venue_hours',
  'venue_settings',
];

describe('schema', () => {
  it('has exactly the tables of the spec in public', async () => {
    const rows = await asOwner<{ relname: string }>(
      db,
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') order by 1`,
    );
    expect(rows.map((r) => r.relname)).toEqual(expectedTables);
  });

  it('enables row level security on every table in public', async () => {
    const rows = await asOwner<{ relname: string }>(
      db,
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('has no insert, update or delete policy for anon or authenticated that is literally true', async () => {
    const rows = await asOwner<{ tablename: string; policyname: string }>(
      db,
      `select schemaname || '.' || tablename as tablename, policyname from pg_policies
       where schemaname in ('public', 'storage')
         and cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
         and (roles && array['anon', 'authenticated', 'public']::name[])
         and (coalesce(btrim(qual), '') in ('true', '(true)') or coalesce(btrim(with_check), '') in ('true', '(true)'))`,
    );
    expect(rows).toEqual([]);
  });

  it('grants anon nothing but reading approved events, their images and the venue record', async () => {
    const rows = await asOwner<{ table_name: string; privilege_type: string }>(
      db,
      `select table_name, privilege_type from information_schema.role_table_grants
       where grantee = 'anon' and table_schema = 'public' order by 1, 2`,
    );
    expect(rows).toEqual([
      { table_name: 'event_images', privilege_type: 'SELECT' },
      { table_name: 'events', privilege_type: 'SELECT' },
      // the guest list's close time and the lounge's floor plan, minimums and policy are
      // shown to visitors before they sign in to request a table
      { table_name: 'guest_lists', privilege_type: 'SELECT' },
      { table_name: 'lounge_sections', privilege_type: 'SELECT' },
      { table_name: 'lounge_settings', privilege_type: 'SELECT' },
      { table_name: 'lounge_table_minimums', privilege_type: 'SELECT' },
      { table_name: 'lounge_tables', privilege_type: 'SELECT' },
      { table_name: 'menu_items', privilege_type: 'SELECT' },
      { table_name: 'menu_sections', privilege_type: 'SELECT' },
      { table_name: 'promotions', privilege_type: 'SELECT' },
      { table_name: 'venue_hour_exceptions', privilege_type: 'SELECT' },
      { table_name: 'venue_hours', privilege_type: 'SELECT' },
      { table_name: 'venue_settings', privilege_type: 'SELECT' },
    ]);
    const cols = await asOwner(
      db,
      `select table_name, column_name, privilege_type from information_schema.column_privileges
       where grantee = 'anon' and table_schema = 'public' and privilege_type <> 'SELECT'`,
    );
    expect(cols).toEqual([]);
  });

  it('names every policy as a sentence and has at most one policy per table and operation', async () => {
    const rows = await asOwner<{ tablename: string; cmd: string; n: number; names: string[] }>(
      db,
      `select tablename, cmd, count(*)::int as n, array_agg(policyname) as names
       from pg_policies where schemaname = 'public' group by 1, 2`,
    );
    for (const r of rows) {
      expect(r.n, `${r.tablename} ${r.cmd}`).toBe(1);
      for (const name of r.names) expect(name).toMatch(/^[A-Z][a-z]+ .+ .+/);
    }
  });

  it('keeps every security definer function in private with an empty search_path and no public execute', async () => {
    const rows = await asOwner<{
      fn: string;
      schema: string;
      config: string[] | null;
      public_exec: boolean;
    }>(
      db,
      `select p.proname as fn, n.nspname as schema, p.proconfig as config,
              has_function_privilege('public', p.oid, 'execute') as public_exec
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef and n.nspname in ('public', 'private')`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.schema, r.fn).toBe('private');
      expect(r.config, r.fn).toContain('search_path=""');
    }
    const publicExec = await asOwner<{ fn: string }>(
      db,
      `select n.nspname || '.' || p.proname as fn
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prokind = 'f'
         and exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                     where a.grantee = 0 and a.privilege_type = 'EXECUTE')`,
    );
    expect(publicExec).toEqual([]);
  });

  it('exposes only these RPCs in public, to anon only the public booking ones', async () => {
    const rows = await asOwner<{ fn: string; anon: boolean; authenticated: boolean }>(
      db,
      `select p.proname as fn, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`,
    );
    expect(rows).toEqual([
      // staff and promoters add names to a guest list (the function checks the role)
      { fn: 'add_guest_list_name', anon: false, authenticated: true },
      // staff seat a walk-in (the function checks the role)
      { fn: 'add_walk_in', anon: false, authenticated: true },
      { fn: 'admin_delete_user', anon: false, authenticated: true },
      // the booking page of a cancel link works without signing in
      { fn: 'book_reservation', anon: false, authenticated: true },
      { fn: 'booking_by_token', anon: true, authenticated: true },
      // the mail senders' functions: service role only
      { fn: 'booking_cancel_token', anon: false, authenticated: false },
      // the business numbers the app shows, to everyone
      { fn: 'business_rules', anon: true, authenticated: true },
      { fn: 'cancel_booking', anon: false, authenticated: true },
      { fn: 'cancel_booking_by_token', anon: true, authenticated: true },
      { fn: 'cancel_reservation', anon: false, authenticated: true },
      { fn: 'cancel_table_request', anon: false, authenticated: true },
      // the computed column event_bookings.cancellable
      { fn: 'cancellable', anon: false, authenticated: true },
      { fn: 'change_reservation', anon: false, authenticated: true },
      { fn: 'check_in_booking', anon: false, authenticated: true },
      { fn: 'claim_booking_mails', anon: false, authenticated: false },
      { fn: 'claim_push_messages', anon: false, authenticated: false },
      { fn: 'claim_reservation_mails', anon: false, authenticated: false },
      { fn: 'claim_table_mails', anon: false, authenticated: false },
      { fn: 'complete_booking_mail', anon: false, authenticated: false },
      { fn: 'complete_push_message', anon: false, authenticated: false },
      { fn: 'complete_reservation_mail', anon: false, authenticated: false },
      { fn: 'complete_table_mail', anon: false, authenticated: false },
      // staff confirm and decline VIP tables (the function checks the role and the night)
      { fn: 'confirm_table_request', anon: false, authenticated: true },
      { fn: 'decline_table_request', anon: false, authenticated: true },
      { fn: 'delete_my_account_data', anon: false, authenticated: true },
      // the door: tonight's list, headcount and scans (the functions check the staff role)
      { fn: 'door_headcount', anon: false, authenticated: true },
      { fn: 'door_list', anon: false, authenticated: true },
      { fn: 'door_scan', anon: false, authenticated: true },
      // seats left are shown on the public events page
      { fn: 'event_availability', anon: true, authenticated: true },
      { fn: 'find_booking', anon: false, authenticated: true },
      // admins generate a weekly night's events (the function checks the role)
      { fn: 'generate_template_events', anon: false, authenticated: true },
      // admins read a guest's arrivals and no-shows (the function checks the role)
      { fn: 'guest_door_history', anon: false, authenticated: true },
      { fn: 'guest_list_report', anon: false, authenticated: true },
      { fn: 'increment_offer_usage', anon: false, authenticated: true },
      { fn: 'join_guest_list', anon: false, authenticated: true },
      { fn: 'join_reservation_waitlist', anon: false, authenticated: true },
      { fn: 'leave_guest_list', anon: false, authenticated: true },
      { fn: 'lounge_move_up_next', anon: false, authenticated: true },
      // a night's VIP tables with their minimums are shown before signing in
      { fn: 'lounge_night_tables', anon: true, authenticated: true },
      // a queued request or vote, done once per client id (the function checks the member)
      { fn: 'lounge_remove_vote', anon: false, authenticated: true },
      { fn: 'lounge_request_song', anon: false, authenticated: true },
      { fn: 'lounge_set_status', anon: false, authenticated: true },
      { fn: 'lounge_vote', anon: false, authenticated: true },
      { fn: 'move_reservation', anon: false, authenticated: true },
      { fn: 'request_song', anon: false, authenticated: true },
      { fn: 'request_table', anon: false, authenticated: true },
      // a night's free tables are shown on the public reserve page
      { fn: 'reservation_availability', anon: true, authenticated: true },
      { fn: 'set_reservation_status', anon: false, authenticated: true },
      // the scheduler's release of unclaimed tables and no-shows: service role only
      { fn: 'sweep_lounge_tables', anon: false, authenticated: false },
    ]);
  });

  it('keeps the private schema unreadable by API roles', async () => {
    const rows = await asOwner<{ t: string }>(
      db,
      `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'private' and c.relkind = 'r'
         and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('authenticated', c.oid, 'select'))`,
    );
    expect(rows).toEqual([]);
  });

  it('indexes every column a policy or a listed query filters or orders on', async () => {
    const needed: Record<string, string[]> = {
      profiles: ['user_id', 'created_at'],
      user_roles: ['user_id', 'role'],
      events: ['is_approved', 'event_date', 'created_at', 'created_by'],
      event_bookings: ['user_id', 'created_at', 'status'],
      offers: ['is_active', 'valid_until', 'offer_type'],
      user_offers: ['user_id', 'offer_id'],
      photo_wall: ['is_approved', 'created_at', 'user_id'],
      analytics: ['created_at', 'user_id'],
      djs: ['is_active', 'name'],
      dj_ratings: ['dj_id', 'user_id', 'performance_date', 'created_at'],
      song_requests: ['event_date', 'created_at', 'vote_count', 'user_id'],
      song_votes: ['song_request_id', 'user_id', 'event_date'],
      push_subscriptions: ['user_id'],
      venue_hour_exceptions: ['on_date'],
      venue_changes: ['changed_at'],
      audit_log: ['at', 'actor_id', 'action', 'subject_user_id'],
      menu_sections: ['position'],
      menu_items: ['section_id', 'position', 'is_visible'],
      promotions: ['is_active', 'starts_on', 'position'],
      event_images: ['event_id', 'position'],
      release_reports: ['area', 'day'],
      table_requests: ['user_id', 'business_date', 'event_id', 'table_id'],
      guest_list_entries: ['user_id', 'promoter_id', 'list_id'],
      promoters: ['user_id'],
      guest_lists: ['event_id'],
    };
    const rows = await asOwner<{ tbl: string; col: string }>(
      db,
      `select c.relname as tbl, a.attname as col
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey::int2[])
       where n.nspname = 'public'`,
    );
    const indexed = new Set(rows.map((r) => `${r.tbl}.${r.col}`));
    const missing = Object.entries(needed).flatMap(([t, cols]) =>
      cols.filter((c) => !indexed.has(`${t}.${c}`)).map((c) => `${t}.${c}`),
    );
    expect(missing).toEqual([]);
  });

  it('indexes every foreign key (leading column of some index)', async () => {
    const rows = await asOwner<{ fk: string }>(
      db,
      `select c.conrelid::regclass::text || '.' || a.attname as fk
       from pg_constraint c
       join pg_namespace n on n.oid = c.connamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and n.nspname = 'public'
         and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`,
    );
    expect(rows).toEqual([]);
  });

  it('names migrations <timestamp>_<domain>.sql, one domain per file', () => {
    const files = migrationFiles();
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const f of files) expect(f).toMatch(/^\d{14}_[a-z_]+\.sql$/);
    expect(new Set(files.map((f) => f.slice(15))).size).toBe(files.length);
  });

  it('loads the seed on a fresh database, and a second run skips what exists', async () => {
    await db.exec(seedSql());
    await db.exec(seedSql());
    const [row] = await asOwner<Record<string, number>>(
      db,
      `select (select count(*)::int from auth.users) as users,
              (select count(*)::int from auth.identities) as identities,
              (select count(*)::int from public.profiles) as profiles,
              (select count(*)::int from public.user_roles where role = 'admin') as admins,
              (select count(*)::int from public.events where is_approved and event_date > now()) as upcoming,
              (select count(*)::int from public.events where not is_approved) as pending,
              (select count(distinct offer_type)::int from public.offers where is_active and valid_until > now()) as offer_types,
              (select count(*)::int from public.djs where is_active and bio is not null and cardinality(genre_specialties) > 0) as djs,
              (select count(*)::int from public.song_requests where event_date = private.business_date()) as tonight`,
    );
    expect(row).toEqual({
      users: 3,
      identities: 3,
      profiles: 3,
      admins: 1,
      upcoming: 4,
      pending: 1,
      offer_types: 4,
      djs: 4,
      tonight: 4,
    });
    const [pw] = await asOwner<{ ok: boolean }>(
      db,
      `select bool_and(encrypted_password = extensions.crypt('password123', encrypted_password) and email_confirmed_at is not null) as ok from auth.users`,
    );
    expect(pw?.ok).toBe(true);
  });
});
