/**
 * The PostgREST grammar end to end on fixture tables (no RLS): supabase-js and raw HTTP
 * against the real server, checking the rows that come back. Reads, and the requests that
 * must never be answered silently wrong; writes, rpc and transactions are in
 * rest-grammar-writes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../testing.js';
import { api } from './support.js';
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
    // past a counted total: 416, as PostgREST answers it
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
      hint: null,
    });
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

  it('Prefer: missing=default with columns=: a row with none of them is all defaults (here, a missing not-null name)', async () => {
    const res = await post('items?columns=qty,note', [{ qty: 4 }, { name: 'not-listed' }], {
      prefer: 'missing=default, return=representation',
    });
    // One statement: Postgres refuses the defaulted row, so neither row is written.
    expect(await errorCode(res)).toEqual([400, '23502']);
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
    // planned is the planner's estimate (as PostgREST), the same for HEAD and GET
    const head = await db.from('many').select('*', { count: 'planned', head: true });
    const get = await db.from('many').select('n', { count: 'planned' });
    expect(head.status).toBe(206);
    expect(get.status).toBe(206);
    expect(head.count).toBeGreaterThan(1000);
    expect(get.count).toBe(head.count);
    // estimated: exact while within the 1000-row cap of a response, else the estimate
    const few = await db.from('books').select('id', { count: 'estimated' });
    expect(few.count).toBe(4);
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
