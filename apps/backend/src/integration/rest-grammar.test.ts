/**
 * The PostgREST grammar end to end on fixture tables (no RLS): supabase-js and raw HTTP
 * against the real server, checking the rows that come back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from '../testing.js';
import { api } from './support.js';
import fc from 'fast-check';
import { pgLiteral } from '../db/run-as.js';

let dir: string;
let srv: TestServer;
let db: SupabaseClient;

const FIXTURE = `
create table public.authors (id int primary key, name text not null, meta jsonb, tags text[]);
create table public.books (
  id int primary key, title text not null,
  author_id int references public.authors (id), editor_id int references public.authors (id),
  published date, price numeric, body text,
  search tsvector generated always as (to_tsvector('english', coalesce(body, ''))) stored
);
create table public.bios (author_id int primary key references public.authors (id), bio text);
create table public.items (id serial primary key, name text unique not null, qty int default 7, note text default 'dflt', data jsonb);
create table public.many (n int primary key);
insert into public.authors values
  (1, 'Ann', '{"city": "Cleveland", "langs": ["en", "fr"]}', '{poetry,essays}'),
  (2, 'Bob', '{"city": "Akron"}', '{fiction}'),
  (3, 'Cy, Jr.', null, null);
insert into public.bios values (1, 'Ann writes poems.');
insert into public.books (id, title, author_id, editor_id, published, price, body) values
  (1, 'Alpha', 1, 2, '2020-01-01', 12.5, 'the quick brown fox'),
  (2, 'Beta', 1, null, '2021-06-01', 8, 'lazy dogs sleep'),
  (3, 'Gamma', 2, 1, null, 30, 'foxes and dogs'),
  (4, 'Delta', null, null, '2019-03-03', null, null);
insert into public.many select generate_series(1, 1100);
create function public.books_by(author int) returns setof public.books language sql stable as $$ select * from public.books where author_id = author $$;
create function public.total(prices numeric[]) returns numeric language sql immutable as $$ select sum(p) from unnest(prices) p $$;
create function public.echo_json(payload jsonb) returns jsonb language sql immutable as $$ select payload $$;
create function public.author_of(book int) returns public.authors language sql stable as $$ select a.* from public.authors a join public.books b on b.author_id = a.id where b.id = book $$;
create table public.spans (id int primary key, r int4range);
insert into public.spans values (1, '[1,5)'), (2, '[3,12)'), (3, '[8,20)');
create function public.pick(x int) returns text language sql immutable as $$ select 'int' $$;
create function public.pick(x text) returns text language sql immutable as $$ select 'text' $$;
grant all on all tables in schema public to anon;
grant usage, select on all sequences in schema public to anon;
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bistro-grammar-'));
  srv = await startTestServer({ supabaseDir: dir });
  await srv.sql(FIXTURE);
  db = createTestClient(srv);
});
afterAll(async () => {
  await srv?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('select', () => {
  it('aliases, casts and JSON paths', async () => {
    const { data, error } = await db
      .from('authors')
      .select('id, who:name, city:meta->>city, meta->langs, n:id::text')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, who: 'Ann', city: 'Cleveland', langs: ['en', 'fr'], n: '1' },
      { id: 2, who: 'Bob', city: 'Akron', langs: null, n: '2' },
      { id: 3, who: 'Cy, Jr.', city: null, langs: null, n: '3' },
    ]);
  });

  it('to-one, one-to-one and to-many embeds; hints disambiguate two FKs', async () => {
    const bio = await db.from('authors').select('name, bios(bio)').eq('id', 1).single();
    expect(bio.data).toEqual({ name: 'Ann', bios: { bio: 'Ann writes poems.' } });
    const amb = await db.from('books').select('title, authors(name)');
    expect(amb.status).toBe(300);
    expect(amb.error?.code).toBe('PGRST201');
    const hinted = await db
      .from('books')
      .select('title, author:authors!books_author_id_fkey(name), editor:editor_id(name)')
      .order('id');
    expect(hinted.data?.slice(0, 2)).toEqual([
      { title: 'Alpha', author: { name: 'Ann' }, editor: { name: 'Bob' } },
      { title: 'Beta', author: { name: 'Ann' }, editor: null },
    ]);
    const many = await db
      .from('authors')
      .select('name, books!author_id(title)')
      .order('id')
      .order('title', { referencedTable: 'books', ascending: false })
      .limit(1, { referencedTable: 'books' });
    expect(many.data).toEqual([
      { name: 'Ann', books: [{ title: 'Beta' }] },
      { name: 'Bob', books: [{ title: 'Gamma' }] },
      { name: 'Cy, Jr.', books: [] },
    ]);
  });

  it('embedded counts', async () => {
    const r = await db.from('authors').select('name, books!author_id(count)').order('id');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      { name: 'Ann', books: [{ count: 2 }] },
      { name: 'Bob', books: [{ count: 1 }] },
      { name: 'Cy, Jr.', books: [{ count: 0 }] },
    ]);
    const filtered = await db
      .from('authors')
      .select('name, n:books!author_id(count)')
      .gt('n.price', 10)
      .eq('id', 1)
      .single();
    expect(filtered.data).toEqual({ name: 'Ann', n: [{ count: 1 }] });
  });

  it('nested embeds and !inner with a filter on the embedded table', async () => {
    const nested = await db
      .from('books')
      .select('title, authors!author_id(name, bios(bio))')
      .eq('id', 1)
      .single();
    expect(nested.data).toEqual({
      title: 'Alpha',
      authors: { name: 'Ann', bios: { bio: 'Ann writes poems.' } },
    });
    const inner = await db
      .from('authors')
      .select('name, books!author_id!inner(title)')
      .gt('books.price', 10)
      .order('id');
    expect(inner.data).toEqual([
      { name: 'Ann', books: [{ title: 'Alpha' }] },
      { name: 'Bob', books: [{ title: 'Gamma' }] },
    ]);
    const left = await db
      .from('authors')
      .select('name, books!author_id(title)')
      .gt('books.price', 10)
      .order('id');
    expect(left.data?.map((a) => a.books.length)).toEqual([1, 1, 0]);
  });
});

describe('filters', () => {
  const titles = async (q: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
    const r = await q;
    expect(r.error).toBeNull();
    return (r.data ?? []).map((b) => b.title).sort();
  };

  it('comparison, null, distinct, in', async () => {
    expect(await titles(db.from('books').select('title').gte('price', 12.5))).toEqual([
      'Alpha',
      'Gamma',
    ]);
    expect(await titles(db.from('books').select('title').neq('author_id', 1))).toEqual(['Gamma']);
    expect(await titles(db.from('books').select('title').is('published', null))).toEqual(['Gamma']);
    expect(
      await titles(db.from('books').select('title').not('price', 'is', null).lt('price', 10)),
    ).toEqual(['Beta']);
    expect(
      await titles(db.from('books').select('title').filter('author_id', 'isdistinct', '1')),
    ).toEqual(['Delta', 'Gamma']);
    expect(
      await titles(db.from('books').select('title').in('title', ['Alpha', 'Delta', 'x,y'])),
    ).toEqual(['Alpha', 'Delta']);
    const quoted = await db.from('authors').select('id').in('name', ['Cy, Jr.', 'Bob']).order('id');
    expect(quoted.data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(
      await titles(db.from('books').select('title').not('title', 'in', '(Alpha,Beta)')),
    ).toEqual(['Delta', 'Gamma']);
  });

  it('like, ilike, match and dates', async () => {
    expect(await titles(db.from('books').select('title').like('title', '%lta'))).toEqual(['Delta']);
    expect(await titles(db.from('books').select('title').ilike('title', 'a*'))).toEqual(['Alpha']);
    expect(
      await titles(db.from('books').select('title').match({ author_id: 1, price: 8 })),
    ).toEqual(['Beta']);
    expect(
      await titles(db.from('books').select('title').filter('title', 'imatch', '^(al|ga)')),
    ).toEqual(['Alpha', 'Gamma']);
    expect(await titles(db.from('books').select('title').gt('published', '2020-06-01'))).toEqual([
      'Beta',
    ]);
  });

  it('arrays and JSON containment, overlap', async () => {
    const cs = await db.from('authors').select('name').contains('tags', ['poetry']);
    expect(cs.data).toEqual([{ name: 'Ann' }]);
    const cd = await db.from('authors').select('name').containedBy('tags', ['fiction', 'x']);
    expect(cd.data).toEqual([{ name: 'Bob' }]);
    const ov = await db
      .from('authors')
      .select('name')
      .overlaps('tags', ['essays', 'fiction'])
      .order('name');
    expect(ov.data).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
    const js = await db.from('authors').select('name').contains('meta', { city: 'Akron' });
    expect(js.data).toEqual([{ name: 'Bob' }]);
    const jp = await db.from('authors').select('name').eq('meta->>city', 'Cleveland');
    expect(jp.data).toEqual([{ name: 'Ann' }]);
  });

  it('full-text search on a tsvector and on a text column', async () => {
    expect(await titles(db.from('books').select('title').textSearch('search', 'fox'))).toEqual([
      'Alpha',
      'Gamma',
    ]);
    expect(
      await titles(
        db
          .from('books')
          .select('title')
          .textSearch('body', 'lazy dogs', { type: 'plain', config: 'english' }),
      ),
    ).toEqual(['Beta']);
    expect(
      await titles(
        db.from('books').select('title').textSearch('search', '"brown fox"', { type: 'websearch' }),
      ),
    ).toEqual(['Alpha']);
  });

  it('or / and trees, negated and nested', async () => {
    expect(
      await titles(db.from('books').select('title').or('price.gt.20,published.lt.2020-01-01')),
    ).toEqual(['Delta', 'Gamma']);
    expect(
      await titles(
        db.from('books').select('title').or('and(author_id.eq.1,price.lt.10),title.eq.Delta'),
      ),
    ).toEqual(['Beta', 'Delta']);
    const r = await api(
      srv,
      '/rest/v1/books?select=title&not.or=(author_id.eq.1,author_id.is.null)',
    );
    expect(await r.json()).toEqual([{ title: 'Gamma' }]);
    const and = await api(
      srv,
      '/rest/v1/books?select=title&and=(price.gte.8,or(title.eq.Beta,title.eq.Gamma))&order=title',
    );
    expect(await and.json()).toEqual([{ title: 'Beta' }, { title: 'Gamma' }]);
  });
});

describe('order, ranges, counts', () => {
  it('several columns with nulls placement', async () => {
    const a = await db
      .from('books')
      .select('title')
      .order('price', { ascending: false, nullsFirst: true })
      .order('title');
    expect(a.data?.map((b) => b.title)).toEqual(['Delta', 'Gamma', 'Alpha', 'Beta']);
    const b = await db
      .from('books')
      .select('title')
      .order('published', { ascending: true, nullsFirst: false });
    expect(b.data?.map((x) => x.title)).toEqual(['Delta', 'Alpha', 'Beta', 'Gamma']);
  });

  it('range with exact count (206, Content-Range), beyond the end, Range header, HEAD', async () => {
    const r = await api(srv, '/rest/v1/books?select=id&order=id&offset=1&limit=2', {
      headers: { prefer: 'count=exact' },
    });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('1-2/4');
    expect(await r.json()).toEqual([{ id: 2 }, { id: 3 }]);
    const beyond = await api(srv, '/rest/v1/books?select=id&offset=10', {
      headers: { prefer: 'count=exact' },
    });
    expect(beyond.headers.get('content-range')).toBe('*/4');
    const hdr = await api(srv, '/rest/v1/books?select=id&order=id', {
      headers: { range: '2-3', 'range-unit': 'items' },
    });
    expect(await hdr.json()).toEqual([{ id: 3 }, { id: 4 }]);
    expect(hdr.headers.get('content-range')).toBe('2-3/*');
    const head = await db.from('books').select('*', { count: 'exact', head: true }).gt('price', 9);
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();
  });

  it('caps a response at 1000 rows', async () => {
    const r = await api(srv, '/rest/v1/many?select=n', { headers: { prefer: 'count=exact' } });
    expect(((await r.json()) as unknown[]).length).toBe(1000);
    expect(r.headers.get('content-range')).toBe('0-999/1100');
    const big = await db.from('many').select('n').limit(5000);
    expect(big.data).toHaveLength(1000);
  });
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

describe('never silently wrong', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api(srv, `/rest/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const errorCode = async (res: Response): Promise<[number, string]> => [
    res.status,
    ((await res.json()) as { code: string }).code,
  ];

  it('nxr is &< (not right of), nxl is &> (not left of)', async () => {
    const nxr = await db.from('spans').select('id').filter('r', 'nxr', '[0,10)');
    expect(nxr.data).toEqual([{ id: 1 }]);
    const nxl = await db.from('spans').select('id').filter('r', 'nxl', '[4,10)');
    expect(nxl.data).toEqual([{ id: 3 }]);
  });

  it('Prefer: tx=rollback answers as usual and keeps nothing; tx=commit keeps the row', async () => {
    const rolled = await post(
      'items',
      { name: 'tx-rb' },
      {
        prefer: 'tx=rollback, return=representation',
      },
    );
    expect(rolled.status).toBe(201);
    expect(rolled.headers.get('preference-applied')).toContain('tx=rollback');
    expect(await rolled.json()).toMatchObject([{ name: 'tx-rb', qty: 7 }]);
    expect((await db.from('items').select('id').eq('name', 'tx-rb')).data).toEqual([]);
    const kept = await post('items', { name: 'tx-c' }, { prefer: 'tx=commit' });
    expect(kept.status).toBe(201);
    expect((await db.from('items').select('name').eq('name', 'tx-c')).data).toHaveLength(1);
  });

  it('Prefer: max-affected with handling=strict is PGRST124 when exceeded, and rolls back', async () => {
    await db.from('items').insert([{ name: 'ma-1' }, { name: 'ma-2' }]);
    const patch = (max: number) =>
      api(srv, '/rest/v1/items?name=like.ma-*', {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          prefer: `handling=strict, max-affected=${max}`,
        },
        body: JSON.stringify({ qty: 1 }),
      });
    expect(await errorCode(await patch(1))).toEqual([400, 'PGRST124']);
    const unchanged = await db.from('items').select('qty').like('name', 'ma-%');
    expect(unchanged.data).toEqual([{ qty: 7 }, { qty: 7 }]);
    expect((await patch(2)).status).toBe(204);
  });

  it('Prefer: missing=default on bulk insert and upsert uses column defaults', async () => {
    const ins = await db
      .from('items')
      .insert([{ name: 'md-1', qty: 1, note: 'n' }, { name: 'md-2' }], { defaultToNull: false })
      .select('name, qty, note')
      .order('name');
    expect(ins.data).toEqual([
      { name: 'md-1', qty: 1, note: 'n' },
      { name: 'md-2', qty: 7, note: 'dflt' },
    ]);
    const up = await db
      .from('items')
      .upsert([{ name: 'md-1', qty: 2 }, { name: 'md-3' }], {
        onConflict: 'name',
        defaultToNull: false,
      })
      .select('name, qty, note')
      .order('name');
    expect(up.data).toEqual([
      { name: 'md-1', qty: 2, note: 'n' },
      { name: 'md-3', qty: 7, note: 'dflt' },
    ]);
  });

  it('an upsert that only updates answers 200; one that inserts answers 201', async () => {
    const prefer = 'resolution=merge-duplicates, return=minimal';
    const created = await post('items?on_conflict=name', [{ name: 'up-1', qty: 1 }], { prefer });
    expect(created.status).toBe(201);
    const updated = await post('items?on_conflict=name', [{ name: 'up-1', qty: 2 }], { prefer });
    expect(updated.status).toBe(200);
    const mixed = await post('items?on_conflict=name', [{ name: 'up-1' }, { name: 'up-2' }], {
      prefer: 'resolution=merge-duplicates, return=representation',
    });
    expect(mixed.status).toBe(201);
    const sb = await db.from('items').upsert({ name: 'up-2', qty: 3 }, { onConflict: 'name' });
    expect(sb.status).toBe(200);
  });

  it('count=exact on an rpc fills the count; count=planned on HEAD is 206 like GET', async () => {
    const rpc = await db.rpc('books_by', { author: 1 }, { count: 'exact' });
    expect([rpc.count, rpc.data?.length]).toEqual([2, 2]);
    const head = await db.from('many').select('*', { count: 'planned', head: true });
    const get = await db.from('many').select('n', { count: 'planned' });
    expect([head.status, head.count]).toEqual([206, 1100]);
    expect([get.status, get.count]).toEqual([206, 1100]);
  });

  it('Accept: ...;nulls=stripped leaves null fields out (object and array)', async () => {
    const one = await api(srv, '/rest/v1/authors?id=eq.3&select=id,name,meta,tags', {
      headers: { accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    });
    expect(one.headers.get('content-type')).toContain('nulls=stripped');
    expect(await one.json()).toEqual({ id: 3, name: 'Cy, Jr.' });
    const many = await api(srv, '/rest/v1/authors?id=gte.2&select=id,meta&order=id', {
      headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(await many.json()).toEqual([{ id: 2, meta: { city: 'Akron' } }, { id: 3 }]);
  });

  it('an ambiguous overloaded function is 300 PGRST203', async () => {
    const res = await post('rpc/pick', { x: 1 });
    const body = (await res.json()) as { code: string; message: string };
    expect([res.status, body.code]).toEqual([300, 'PGRST203']);
    expect(body.message).toContain('public.pick(x => integer)');
  });

  it("a Prefer value that is not implemented is PostgREST's error, never ignored", async () => {
    const get = (prefer: string) => api(srv, '/rest/v1/authors?select=id', { headers: { prefer } });
    expect(await errorCode(await get('timezone=Europe/Paris'))).toEqual([400, 'PGRST127']);
    expect(
      await errorCode(await post('items', { name: 'ho' }, { prefer: 'return=headers-only' })),
    ).toEqual([400, 'PGRST127']);
    expect(await errorCode(await get('handling=strict, bogus=1'))).toEqual([400, 'PGRST122']);
    expect((await get('handling=lenient, bogus=1')).status).toBe(200);
  });
});
