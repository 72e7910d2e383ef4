/** The SQL builder: identifiers only from the schema cache, every value a bound parameter. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from './errors.js';
import { pgArrayLiteral } from '../shared/pg-array.js';
import { planRequest, type ReadPlan } from './plan.js';
import { countQuery, readQuery, tableFrom } from './query/read.js';
import { resolveRelationship } from './relationships.js';
import { parseApiRequest } from './request.js';
import type { ColumnInfo, SchemaCache, TableInfo } from './schema.js';

function table(
  name: string,
  cols: string[],
  pk: string[] = ['id'],
  uniques: string[][] = [],
): TableInfo {
  const columns = new Map<string, ColumnInfo>(
    cols.map((c) => [
      c,
      { name: c, type: c === 'tags' ? 'text[]' : 'text', notNull: false, hasDefault: false },
    ]),
  );
  return { schema: 'public', name, columns, pk, uniques: [pk, ...uniques] };
}

const cache: SchemaCache = {
  tables: new Map([
    ['offers', table('offers', ['id', 'title', 'tags'])],
    ['user_offers', table('user_offers', ['id', 'user_id', 'offer_id'])],
    ['profiles', table('profiles', ['user_id', 'first_name'], ['user_id'])],
    ['people', table('people', ['id', 'name', 'boss_id', 'mentor_id'])],
  ]),
  fks: [
    {
      name: 'user_offers_offer_id_fkey',
      table: 'user_offers',
      columns: ['offer_id'],
      refTable: 'offers',
      refColumns: ['id'],
    },
    {
      name: 'people_boss_id_fkey',
      table: 'people',
      columns: ['boss_id'],
      refTable: 'people',
      refColumns: ['id'],
    },
    {
      name: 'people_mentor_id_fkey',
      table: 'people',
      columns: ['mentor_id'],
      refTable: 'people',
      refColumns: ['id'],
    },
  ],
  functions: new Map(),
  loadedAt: Date.now(),
};

function build(tableName: string, qs: string, headers: { range?: string } = {}) {
  const req = parseApiRequest(
    {
      method: 'GET',
      url: new URL(`http://x/rest/v1/${tableName}?${qs}`),
      header: (name) => (name === 'range' ? headers.range : undefined),
    },
    { kind: 'table', name: tableName },
  );
  const plan = planRequest(req, cache) as ReadPlan;
  const from = tableFrom(plan.table);
  const { sql, params } = readQuery(plan.root, from);
  return { sql, params, count: countQuery(plan.root, from).sql };
}

describe('relationships', () => {
  it('to-one and to-many through the same foreign key', () => {
    const uo = cache.tables.get('user_offers') as TableInfo;
    const offers = cache.tables.get('offers') as TableInfo;
    expect(resolveRelationship(cache, uo, 'offers')).toMatchObject({
      kind: 'to-one',
      pairs: [['offer_id', 'id']],
    });
    expect(resolveRelationship(cache, offers, 'user_offers')).toMatchObject({
      kind: 'to-many',
      pairs: [['id', 'offer_id']],
    });
    expect(resolveRelationship(cache, uo, 'offer_id')).toMatchObject({ kind: 'to-one' });
  });
  it('self references need a hint (their children); unknown ones are PGRST200', () => {
    const people = cache.tables.get('people') as TableInfo;
    expect(() => resolveRelationship(cache, people, 'people')).toThrow(ApiError);
    try {
      resolveRelationship(cache, people, 'people');
    } catch (e) {
      expect((e as ApiError).code).toBe('PGRST201');
    }
    // the table's own name with a key column as hint: the rows that point here (PostgREST)
    expect(resolveRelationship(cache, people, 'people', 'boss_id')).toMatchObject({
      kind: 'to-many',
      pairs: [['id', 'boss_id']],
    });
    expect(resolveRelationship(cache, people, 'boss_id')).toMatchObject({ kind: 'to-one' });
    try {
      resolveRelationship(cache, people, 'offers');
    } catch (e) {
      expect((e as ApiError).code).toBe('PGRST200');
    }
  });
});

describe('read SQL', () => {
  it('builds the expected shape', () => {
    const { sql, params } = build(
      'user_offers',
      'select=offer_id,o:offers(title)&user_id=eq.abc&order=id.desc&limit=5',
    );
    expect(sql).toContain('from "public"."user_offers" as "t0"');
    expect(sql).toContain('"t0"."user_id" = $');
    expect(sql).toContain('order by "t0"."id" desc');
    expect(sql).toContain('row_to_json');
    expect(params).toContain('abc');
    expect(params).toContain(5);
  });

  it('unknown columns anywhere are 42703, unknown embeds PGRST200', () => {
    for (const qs of [
      'select=nope',
      'nope=eq.1',
      'order=nope',
      'select=*,offers(nope)',
      'or=(nope.eq.1)',
    ]) {
      expect(() => build('user_offers', qs), qs).toThrow(/does not exist/);
    }
    expect(() => build('user_offers', 'select=*,nope(*)')).toThrow(/relationship/);
  });

  it('never puts a filter value, JSON key or list item into the SQL text', () => {
    const nasty = fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((s) => /[^A-Za-z0-9_]/.test(s) && !s.includes('\u0000'));
    fc.assert(
      fc.property(
        nasty,
        fc.constantFrom('eq', 'neq', 'like', 'ilike', 'gt', 'cs', 'match', 'fts', 'isdistinct'),
        (v, op) => {
          const e = encodeURIComponent;
          let built;
          try {
            built = build(
              'offers',
              `select=id,title&title=${op}.${e(v)}&or=(title.eq.${e(`"${v.replace(/["\\]/g, '')}"`)},id.in.(${e(`"${v.replace(/["\\]/g, '')}"`)}))`,
            );
          } catch (err) {
            expect(err).toBeInstanceOf(ApiError);
            return;
          }
          const stripped = v.replace(/["\\]/g, '');
          expect(
            built.params.some(
              (p) =>
                typeof p === 'string' &&
                (p.includes(v) || p.includes(stripped) || p === v.replace(/\*/g, '%')),
            ),
          ).toBe(true);
          // the SQL text only contains our own tokens: quoted identifiers from the cache, $n, keywords
          const withoutIdents = built.sql
            .replace(/"(?:[^"]|"")*"/g, '""')
            .replaceAll("'[]'::json", '');
          expect(withoutIdents).not.toMatch(/'/);
          if (stripped.length > 3) expect(withoutIdents.includes(stripped)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('count ignores limit/offset but keeps the filters', () => {
    const { count } = build('offers', 'title=eq.x&limit=3&offset=2');
    expect(count).toContain('where "t0"."title" = $1');
    expect(count).not.toContain('limit');
  });
});

describe('pgArrayLiteral', () => {
  it('quotes every element', () => {
    expect(pgArrayLiteral(['a', 'b,c', 'd"e', 'f\\g', null, 1])).toBe(
      '{"a","b,c","d\\"e","f\\\\g",NULL,"1"}',
    );
    expect(pgArrayLiteral([])).toBe('{}');
  });
});

describe('aggregates setting', () => {
  const plan = (query: string, aggregates: boolean) =>
    planRequest(
      parseApiRequest(
        {
          method: 'GET',
          url: new URL(`http://x/rest/v1/offers?${query}`),
          header: () => undefined,
        },
        { kind: 'table', name: 'offers' },
      ),
      cache,
      { aggregates },
    );
  it('off: PGRST123 for count() and col.sum(), in embeds too', () => {
    for (const q of ['select=count()', 'select=id.sum()', 'select=title,user_offers(id.max())'])
      expect(() => plan(q, false)).toThrow(
        expect.objectContaining({
          code: 'PGRST123',
          message: 'Use of aggregate functions is not allowed',
        }),
      );
    // the embedded row count predates aggregates and stays available
    expect(() => plan('select=title,user_offers(count)', false)).not.toThrow();
  });
  it('on: planned', () => {
    expect(plan('select=count(),title', true).kind).toBe('read');
  });
});
