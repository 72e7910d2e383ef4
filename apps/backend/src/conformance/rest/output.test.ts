/**
 * Filters, output formats, schemas, aggregates and the answers that must never be silently
 * wrong, as PostgREST 12 gives them, through supabase-js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startConformanceServer, type ConformanceServer } from './fixture.js';

let server: ConformanceServer;
let db: SupabaseClient;

beforeAll(async () => {
  server = await startConformanceServer();
  db = server.db;
});
afterAll(async () => {
  await server?.close();
});

describe('filters', () => {
  it('like/ilike with any and all', async () => {
    const any = await db
      .from('guests')
      .select('handle')
      .likeAnyOf('name', ['A*', '*y'])
      .order('handle');
    expect(any.data).toEqual([{ handle: 'ann' }, { handle: 'cy' }]);
    const all = await db.from('guests').select('handle').likeAllOf('name', ['*n*', 'A*']);
    expect(all.data).toEqual([{ handle: 'ann' }]);
    const iany = await db
      .from('guests')
      .select('handle')
      .ilikeAnyOf('name', ['b*', 'C*'])
      .order('handle');
    expect(iany.data).toEqual([{ handle: 'bob' }, { handle: 'cy' }]);
    const iall = await db.from('guests').select('handle').ilikeAllOf('name', ['a*', '*N']);
    expect(iall.data).toEqual([{ handle: 'ann' }]);
  });

  it('quoted column names in columns= (inserts of several rows)', async () => {
    const r = await db
      .from('odd_names')
      .insert([{ id: 1, 'full name': 'Ann A.' }, { id: 2 }])
      .select('id, "full name", note')
      .order('id');
    expect(r.error).toBeNull();
    // note is in no row, so not in columns=: it takes its default; a key one row lacks is null
    expect(r.data).toEqual([
      { id: 1, 'full name': 'Ann A.', note: 'dflt' },
      { id: 2, 'full name': null, note: 'dflt' },
    ]);
  });
});

describe('output', () => {
  it('CSV: a header line, then one line per row, quoted as Postgres quotes records', async () => {
    const r = await db.from('rooms').select('id, slug, capacity').order('id').csv();
    expect(r.error).toBeNull();
    expect(r.data).toBe('id,slug,capacity\n1,lounge,40\n2,bar,20\n3,garden,');
    const quoted = await db.from('notes').select('body').eq('id', 1).csv();
    expect(quoted.data).toBe('body\n"warm and quiet"');
  });

  it('another exposed schema by Accept-Profile / Content-Profile; others are PGRST106', async () => {
    const items = await db.schema('extra').from('items').select('label');
    expect(items.data).toEqual([{ label: 'from extra' }]);
    const ping = await db.schema('extra').rpc('ping');
    expect(ping.data).toBe('pong from extra');
    const insert = await db
      .schema('extra')
      .from('items')
      .insert({ id: 2, label: 'two' })
      .select('id');
    expect(insert.data).toEqual([{ id: 2 }]);
    const hidden = await db.schema('auth').from('users').select('id');
    expect(hidden.status).toBe(406);
    expect(hidden.error).toEqual({
      code: 'PGRST106',
      message: 'The schema must be one of the following: public, extra',
      details: null,
      hint: null,
    });
  });

  it('aggregates with casts, grouped by the plain columns, in embeds too', async () => {
    const total = await db.from('rooms').select('count(), capacity.sum(), capacity.avg()::int');
    expect(total.error).toBeNull();
    expect(total.data).toEqual([{ count: 3, sum: 60, avg: 30 }]);
    const grouped = await db.from('notes').select('author, n:count()').order('author');
    expect(grouped.data).toEqual([
      { author: 'ann', n: 2 },
      { author: 'bob', n: 1 },
    ]);
    const embedded = await db
      .from('rooms')
      .select('slug, notes(count), room_details(floor.max())')
      .order('id');
    expect(embedded.data).toEqual([
      { slug: 'lounge', notes: [{ count: 1 }], room_details: { max: 0 } },
      { slug: 'bar', notes: [{ count: 2 }], room_details: { max: 1 } },
      { slug: 'garden', notes: [{ count: 0 }], room_details: { max: null } },
    ]);
  });
});

describe('errors and answers that must not be silently wrong', () => {
  it('single() on several rows: PGRST116 with the row count', async () => {
    const r = await db.from('rooms').select('id').single();
    expect(r.status).toBe(406);
    expect(r.error).toEqual({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 3 rows',
      hint: null,
    });
  });

  it('a missing table or column answers what Postgres says', async () => {
    const table = await db.from('nowhere').select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({
      code: '42P01',
      message: 'relation "public.nowhere" does not exist',
    });
    const col = await db.from('rooms').select('nope');
    expect(col.error).toMatchObject({ code: '42703', message: 'column rooms.nope does not exist' });
  });

  it('bulk upsert with defaultToNull: false gives left-out columns their defaults', async () => {
    const r = await db
      .from('odd_names')
      .upsert(
        [
          { id: 1, 'full name': 'Ann B.' },
          { id: 3, note: 'three' },
        ],
        { defaultToNull: false },
      )
      .select('id, "full name", note')
      .order('id');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      { id: 1, 'full name': 'Ann B.', note: 'dflt' },
      { id: 3, 'full name': null, note: 'three' },
    ]);
  });

  it('count planned with head: 206 when the estimate is larger than the page', async () => {
    const r = await db.from('rooms').select('*', { head: true, count: 'planned' }).limit(1);
    expect(r.data).toBeNull();
    expect(typeof r.count).toBe('number');
    expect(r.status).toBe((r.count ?? 0) > 1 ? 206 : 200);
  });
});
