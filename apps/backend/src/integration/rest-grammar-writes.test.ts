/**
 * The PostgREST grammar end to end on fixture tables (no RLS): writes (bulk insert, upsert,
 * update, delete), rpc, the transaction preamble's literals and concurrent transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../testing.js';
import fc from 'fast-check';
import { pgLiteral } from '../db/run-as.js';
import { startGrammarServer, type GrammarServer } from './rest-grammar.fixture.js';

let grammar: GrammarServer;
let srv: TestServer;
let db: SupabaseClient;

beforeAll(async () => {
  grammar = await startGrammarServer();
  ({ srv, db } = grammar);
});
afterAll(async () => {
  await grammar?.close();
});

describe('writes', () => {
  it('bulk insert: keys missing from some objects are null, unsent columns and defaultToNull: false use defaults', async () => {
    const a = await db
      .from('items')
      .insert([{ name: 'a', qty: 1 }, { name: 'b' }])
      .select('name, qty, note')
      .order('name');
    expect(a.error).toBeNull();
    expect(a.data).toEqual([
      { name: 'a', qty: 1, note: 'dflt' },
      { name: 'b', qty: null, note: 'dflt' },
    ]);
    const b = await db
      .from('items')
      .insert([{ name: 'c', qty: 2 }, { name: 'd' }], { defaultToNull: false })
      .select('name, qty, note');
    expect(b.data?.find((x) => x.name === 'd')).toEqual({ name: 'd', qty: 7, note: 'dflt' });
    const single = await db
      .from('items')
      .insert({ name: 'e', data: { nested: [1, { x: 'y' }] } })
      .select('qty, data')
      .single();
    expect(single.data).toEqual({ qty: 7, data: { nested: [1, { x: 'y' }] } });
  });

  it('upsert with on_conflict: merge and ignore duplicates', async () => {
    const merge = await db
      .from('items')
      .upsert({ name: 'a', qty: 100 }, { onConflict: 'name' })
      .select('name, qty');
    expect(merge.data).toEqual([{ name: 'a', qty: 100 }]);
    const ignore = await db
      .from('items')
      .upsert(
        [
          { name: 'a', qty: 5 },
          { name: 'f', qty: 6 },
        ],
        { onConflict: 'name', ignoreDuplicates: true },
      )
      .select('name, qty');
    expect(ignore.data).toEqual([{ name: 'f', qty: 6 }]);
    const a = await db.from('items').select('qty').eq('name', 'a').single();
    expect(a.data?.qty).toBe(100);
    const dup = await db.from('items').insert({ name: 'a' });
    expect(dup.error?.code).toBe('23505');
    expect(dup.error?.details).toContain('already exists');
  });

  it('update and delete with representation, count and embeds', async () => {
    const up = await db
      .from('books')
      .update({ price: 9 })
      .eq('author_id', 1)
      .select('title, price, authors!author_id(name)')
      .order('title');
    expect(up.data).toEqual([
      { title: 'Alpha', price: 9, authors: { name: 'Ann' } },
      { title: 'Beta', price: 9, authors: { name: 'Ann' } },
    ]);
    const cnt = await db.from('items').delete({ count: 'exact' }).in('name', ['e', 'f']);
    expect(cnt.error).toBeNull();
    expect(cnt.count).toBe(2);
    const del = await db.from('items').delete().eq('name', 'd').select('name').single();
    expect(del.data).toEqual({ name: 'd' });
    const none = await db.from('items').delete().eq('name', 'zzz').select().single();
    expect(none.error?.code).toBe('PGRST116');
  });

  it('a foreign key violation is 23503', async () => {
    const r = await db.from('books').insert({ id: 99, title: 'X', author_id: 42 });
    expect(r.error?.code).toBe('23503');
  });
});

describe('rpc', () => {
  it('setof with filters and order, scalar with an array argument, json, composite', async () => {
    const set = await db
      .rpc('books_by', { author: 1 })
      .select('title')
      .order('title', { ascending: false });
    expect(set.data).toEqual([{ title: 'Beta' }, { title: 'Alpha' }]);
    const filtered = await db.rpc('books_by', { author: 1 }).eq('title', 'Alpha').single();
    expect(filtered.data).toMatchObject({ title: 'Alpha' });
    const total = await db.rpc('total', { prices: [1.5, 2.5, 3] });
    expect(Number(total.data)).toBe(7);
    const json = await db.rpc('echo_json', { payload: { a: [1, 2], b: 'x' } });
    expect(json.data).toEqual({ a: [1, 2], b: 'x' });
    const comp = await db.rpc('author_of', { book: 3 });
    expect(comp.data).toMatchObject({ id: 2, name: 'Bob' });
    const get = await db.rpc('books_by', { author: 2 }, { get: true });
    expect(get.data?.map((b: { title: string }) => b.title)).toEqual(['Gamma']);
    const bad = await db.rpc('books_by', { author: 'x' });
    expect(bad.error?.code).toBe('22P02');
  });
});

describe('literals in the transaction preamble', () => {
  it('any text (quotes, backslashes, unicode escapes, JSON) round-trips through pgLiteral', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(
            fc.string({ unit: 'binary', maxLength: 40 }),
            fc.constantFrom("'", "\\'", '\\', '\\u0000', "';select 1;--", '$$', "E'x'"),
            fc.json(),
          )
          .filter((s) => !s.includes('\u0000')),
        async (s) => {
          const r = await srv.db.query<{ v: string }>(`select ${pgLiteral(s)} as v`);
          expect(r.rows[0]?.v).toBe(s);
        },
      ),
      { numRuns: 300 },
    );
    // and user-controlled claims (user_metadata) reach auth.jwt() intact
    const weird = { first_name: 'O\'Brien \\ "quoted" \\u0041 $$ \';drop' };
    const r = await srv.db.transaction(
      async (tx) => {
        return tx.query<{ v: string }>(
          `select auth.jwt() -> 'user_metadata' ->> 'first_name' as v`,
        );
      },
      `select set_config('request.jwt.claims', ${pgLiteral(JSON.stringify({ user_metadata: weird }))}, true)`,
    );
    expect(r.rows[0]?.v).toBe(weird.first_name);
  });
});

describe('concurrency', () => {
  it('many parallel requests (reads, writes, failures) never interleave inside a transaction', async () => {
    const writes = Array.from({ length: 40 }, (_, i) =>
      db.from('items').insert({ name: `par-${i}` }),
    );
    const failures = Array.from({ length: 20 }, () =>
      db.from('items').insert({ name: 'par-0', qty: 'x' as unknown as number }),
    );
    const reads = Array.from({ length: 40 }, () => db.from('books').select('id').order('id'));
    const results = await Promise.all([...writes, ...failures, ...reads]);
    const bad = results
      .map((r, i) => [i, r.error?.code, r.error?.message])
      .filter(([i, code]) =>
        (i as number) < 40
          ? code !== undefined
          : (i as number) < 60
            ? code !== '22P02'
            : code !== undefined,
      );
    expect(bad).toEqual([]);
    expect(results.slice(0, 40).every((r) => r.error === null)).toBe(true);
    expect(results.slice(40, 60).every((r) => r.error?.code === '22P02')).toBe(true);
    expect(results.slice(60).every((r) => r.data?.length === 4)).toBe(true);
    const { count } = await db
      .from('items')
      .select('*', { count: 'exact', head: true })
      .like('name', 'par-%');
    expect(count).toBe(40);
  });
});
