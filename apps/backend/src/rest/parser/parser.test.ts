import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from '../errors.js';
import { parseFilter, parseLogic } from './filter.js';
import { parseNonNegativeInt, parseOrder, parseRange, splitPath } from './order.js';
import { parseSelect } from './select.js';
import { splitTopLevel, unquote } from './tokens.js';

const fails = (fn: () => unknown, code = 'PGRST100') => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(code);
    expect((e as ApiError).status).toBe(400);
    return;
  }
  throw new Error('expected a parse error');
};

describe('splitTopLevel', () => {
  it('splits on commas outside parentheses and quotes', () => {
    expect(splitTopLevel('a,b(c,d),"e,f",g')).toEqual(['a', 'b(c,d)', '"e,f"', 'g']);
    expect(splitTopLevel('')).toEqual(['']);
    expect(splitTopLevel('a(b(c,d),e),f')).toEqual(['a(b(c,d),e)', 'f']);
    expect(splitTopLevel('"a\\",b",c')).toEqual(['"a\\",b"', 'c']);
  });
  it('rejects unbalanced input', () => {
    fails(() => splitTopLevel('a(b'));
    fails(() => splitTopLevel('a)b'));
    fails(() => splitTopLevel('"abc'));
  });
});

describe('parseSelect', () => {
  it('star and empty', () => {
    expect(parseSelect('*')).toEqual([{ type: 'star' }]);
    expect(parseSelect('')).toEqual([{ type: 'star' }]);
  });
  it('columns, aliases and casts', () => {
    expect(parseSelect('id,name:title,total::text,alias:amount::numeric')).toEqual([
      { type: 'field', field: { name: 'id', json: [] } },
      { type: 'field', field: { name: 'title', json: [] }, alias: 'name' },
      { type: 'field', field: { name: 'total', json: [] }, cast: 'text' },
      { type: 'field', field: { name: 'amount', json: [] }, alias: 'alias', cast: 'numeric' },
    ]);
  });
  it('multi-word type casts', () => {
    expect(parseSelect('a::double precision,b::timestamp with time zone')).toMatchObject([
      { cast: 'double precision' },
      { cast: 'timestamp with time zone' },
    ]);
  });
  it('JSON paths', () => {
    expect(parseSelect('data->a->>b,x:data->0')).toEqual([
      {
        type: 'field',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
      },
      { type: 'field', field: { name: 'data', json: [{ arrow: '->', key: '0' }] }, alias: 'x' },
    ]);
  });
  it('embedded relations with hints, inner joins, aliases and nesting', () => {
    expect(parseSelect('offer_id,offers(*)')).toEqual([
      { type: 'field', field: { name: 'offer_id', json: [] } },
      { type: 'embed', relation: 'offers', inner: false, select: [{ type: 'star' }] },
    ]);
    expect(parseSelect('o:offers!user_offers_offer_id_fkey!inner(id,title,x:y(z))')).toEqual([
      {
        type: 'embed',
        relation: 'offers',
        hint: 'user_offers_offer_id_fkey',
        inner: true,
        alias: 'o',
        select: [
          { type: 'field', field: { name: 'id', json: [] } },
          { type: 'field', field: { name: 'title', json: [] } },
          {
            type: 'embed',
            relation: 'y',
            inner: false,
            alias: 'x',
            select: [{ type: 'field', field: { name: 'z', json: [] } }],
          },
        ],
      },
    ]);
    // an empty embed selects nothing of its rows
    expect(parseSelect('djs!left()')).toEqual([
      { type: 'embed', relation: 'djs', inner: false, select: [] },
    ]);
    expect(parseSelect('...djs(a)')).toEqual([
      {
        type: 'embed',
        relation: 'djs',
        inner: false,
        spread: true,
        select: [{ type: 'field', field: { name: 'a', json: [] } }],
      },
    ]);
  });
  it('aggregates with their casts', () => {
    expect(parseSelect('count(), n:id.sum()::text, price::int.avg()')).toEqual([
      { type: 'field', field: { name: '', json: [] }, aggregate: 'count' },
      {
        type: 'field',
        field: { name: 'id', json: [] },
        alias: 'n',
        aggregate: 'sum',
        cast: 'text',
      },
      { type: 'field', field: { name: 'price', json: [] }, aggregate: 'avg', inputCast: 'int' },
    ]);
    fails(() => parseSelect('id.median()'));
    fails(() => parseSelect('id::int::text'));
    // a cast that is not a type is refused whichever way it is written
    fails(() => parseSelect("title::'; drop table public.events; --"));
    fails(() => parseSelect('title::text.x'));
  });
  it('quoted identifiers', () => {
    expect(parseSelect('"my col","a""b":x')).toEqual([
      { type: 'field', field: { name: 'my col', json: [] } },
      { type: 'field', field: { name: 'x', json: [] }, alias: 'a"b' },
    ]);
  });
  it('rejects SQL fragments and garbage', () => {
    for (const bad of [
      'id;drop table x',
      'id from users',
      "id'--",
      'id,,name',
      'a:',
      ':a',
      'id::text;select 1',
      'id::"text"',
      'id::text from pg_authid where true',
      'id::text union select rolpassword',
      'id::int4 int4',
      'offers(',
      'offers)',
      'offers(*)x',
      '...offers',
      'a!b!c!d(*)',
      '1abc',
      'a b',
      'id--',
      'id/*x*/',
    ]) {
      fails(() => parseSelect(bad));
    }
  });
});

describe('parseFilter', () => {
  it('simple operators', () => {
    for (const op of [
      'eq',
      'neq',
      'gt',
      'gte',
      'lt',
      'lte',
      'like',
      'ilike',
      'match',
      'imatch',
      'cs',
      'cd',
      'ov',
      'isdistinct',
    ]) {
      expect(parseFilter('col', `${op}.value`)).toEqual({
        kind: 'filter',
        field: { name: 'col', json: [] },
        negate: false,
        op,
        value: 'value',
      });
    }
  });
  it('keeps dots, commas and parentheses inside the value', () => {
    expect(parseFilter('email', 'eq.a.b@c.com').value).toBe('a.b@c.com');
    expect(parseFilter('t', 'eq.x,(y)').value).toBe('x,(y)');
    expect(parseFilter('t', 'eq.').value).toBe('');
    expect(parseFilter('t', 'eq."quoted"').value).toBe('"quoted"');
  });
  it('not.', () => {
    expect(parseFilter('bio', 'not.is.null')).toMatchObject({
      negate: true,
      op: 'is',
      value: 'null',
    });
    expect(parseFilter('a', 'not.eq.5')).toMatchObject({ negate: true, op: 'eq', value: '5' });
  });
  it('is accepts only null/true/false/unknown', () => {
    expect(parseFilter('a', 'is.NULL').value).toBe('null');
    expect(parseFilter('a', 'is.true').value).toBe('true');
    fails(() => parseFilter('a', 'is.1'));
    fails(() => parseFilter('a', 'is.null;drop'));
  });
  it('in lists with quoted values', () => {
    expect(parseFilter('id', 'in.(1,2,3)').value).toEqual(['1', '2', '3']);
    expect(parseFilter('name', 'in.("a,b","c\\"d",e)').value).toEqual(['a,b', 'c"d', 'e']);
    expect(parseFilter('name', 'in.()').value).toEqual([]);
    fails(() => parseFilter('id', 'in.1,2'));
    fails(() => parseFilter('id', 'in.(1,2'));
  });
  it('full-text search with a config', () => {
    expect(parseFilter('body', 'fts(english).cat')).toMatchObject({
      op: 'fts',
      ftsConfig: 'english',
      value: 'cat',
    });
    expect(parseFilter('body', 'wfts.cat dog')).toMatchObject({ op: 'wfts', value: 'cat dog' });
    fails(() => parseFilter('body', "fts(english');drop).cat"));
  });
  it('JSON path columns', () => {
    expect(parseFilter('data->>name', 'eq.x').field).toEqual({
      name: 'data',
      json: [{ arrow: '->>', key: 'name' }],
    });
  });
  it('rejects unknown operators and malformed columns', () => {
    fails(() => parseFilter('a', 'equals.5'));
    fails(() => parseFilter('a', '5'));
    fails(() => parseFilter('a', ''));
    fails(() => parseFilter('a;drop table x', 'eq.1'));
    fails(() => parseFilter("a'", 'eq.1'));
    fails(() => parseFilter('a', 'not.not.eq.1'));
    fails(() => parseFilter('a', 'eq(any).1'));
    fails(() => parseFilter('a', 'is(any).{null}'));
  });
  it('any/all quantifiers take an array literal', () => {
    expect(parseFilter('name', 'like(any).{a*,b*}')).toMatchObject({
      op: 'like',
      quant: 'any',
      value: '{a*,b*}',
    });
    expect(parseFilter('n', 'not.gt(all).{1,2}')).toMatchObject({
      op: 'gt',
      quant: 'all',
      negate: true,
    });
  });
});

describe('parseLogic', () => {
  it('or with nested and / not', () => {
    expect(
      parseLogic('or', false, '(a.eq.1,b.gt.2,and(c.eq.3,d.not.is.null),not.or(e.eq.4))'),
    ).toEqual({
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        { kind: 'filter', field: { name: 'a', json: [] }, negate: false, op: 'eq', value: '1' },
        { kind: 'filter', field: { name: 'b', json: [] }, negate: false, op: 'gt', value: '2' },
        {
          kind: 'logic',
          op: 'and',
          negate: false,
          children: [
            { kind: 'filter', field: { name: 'c', json: [] }, negate: false, op: 'eq', value: '3' },
            {
              kind: 'filter',
              field: { name: 'd', json: [] },
              negate: true,
              op: 'is',
              value: 'null',
            },
          ],
        },
        {
          kind: 'logic',
          op: 'or',
          negate: true,
          children: [
            { kind: 'filter', field: { name: 'e', json: [] }, negate: false, op: 'eq', value: '4' },
          ],
        },
      ],
    });
  });
  it('what supabase-js .or() emits for ilike search', () => {
    const t = parseLogic('or', false, '(song_title.ilike.%love%,artist.ilike.%love%)');
    expect(t.children).toHaveLength(2);
    expect(t.children[0]).toMatchObject({ op: 'ilike', value: '%love%' });
  });
  it('quoted values and in lists inside', () => {
    const t = parseLogic('and', false, '(name.eq."a,b",id.in.(1,2))');
    expect(t.children[0]).toMatchObject({ value: 'a,b' });
    expect(t.children[1]).toMatchObject({ op: 'in', value: ['1', '2'] });
  });
  it('rejects malformed trees', () => {
    for (const bad of [
      'a.eq.1',
      '()',
      '(a.eq.1',
      '(a)',
      '(a.zz.1)',
      '(and(a.eq.1)',
      '(a.eq.1))',
      '(or(a.eq.1),x)',
      '(a;b.eq.1)',
    ]) {
      fails(() => parseLogic('or', false, bad));
    }
  });
});

describe('parseOrder', () => {
  it('directions and nulls placement on several columns', () => {
    expect(parseOrder('vote_count.desc,created_at.asc')).toEqual([
      { field: { name: 'vote_count', json: [] }, direction: 'desc' },
      { field: { name: 'created_at', json: [] }, direction: 'asc' },
    ]);
    expect(parseOrder('a.desc.nullslast,b.nullsfirst,c')).toEqual([
      { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', json: [] }, direction: 'asc', nulls: 'first' },
      { field: { name: 'c', json: [] }, direction: 'asc' },
    ]);
  });
  it('rejects unknown modifiers and injection', () => {
    for (const bad of [
      'a.up',
      'a.desc;drop table x',
      'a desc',
      '',
      'a.desc.nullslast.x',
      '(select 1)',
      'a,,b',
    ])
      fails(() => parseOrder(bad));
  });
});

describe('limits, ranges and paths', () => {
  it('non-negative integers only', () => {
    expect(parseNonNegativeInt('limit', '10')).toBe(10);
    for (const bad of ['-1', '1.5', 'ten', '1;', '', '99999999999'])
      fails(() => parseNonNegativeInt('limit', bad));
  });
  it('Range headers', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('items=5-')).toEqual({ offset: 5 });
    expect(parseRange('9-0')).toBeNull();
    expect(parseRange('a-b')).toBeNull();
  });
  it('embedded paths', () => {
    expect(splitPath('offers.is_active')).toEqual({ path: ['offers'], last: 'is_active' });
    expect(splitPath('a.b.order')).toEqual({ path: ['a', 'b'], last: 'order' });
    expect(splitPath('data->>x.y')).toEqual({ path: [], last: 'data->>x.y' });
  });
  it('unquote', () => {
    expect(unquote('"a\\"b"')).toBe('a"b');
    expect(unquote('plain')).toBe('plain');
  });
});

describe('properties', () => {
  const ident = fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/);
  const value = fc.string({ maxLength: 30 });

  it('any value after eq. round-trips unchanged', () => {
    fc.assert(
      fc.property(ident, value, (col, v) => {
        const f = parseFilter(col, `eq.${v}`);
        expect(f.value).toBe(v);
        expect(f.field.name).toBe(col);
      }),
    );
  });

  it('quoted in-list items round-trip', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 }), (items) => {
        const q = items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',');
        expect(parseFilter('c', `in.(${q})`).value).toEqual(items);
      }),
    );
  });

  it('parsers either succeed or throw ApiError PGRST100, never anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (a, b) => {
        for (const fn of [
          () => parseSelect(a),
          () => parseOrder(a),
          () => parseFilter(a, b),
          () => parseLogic('or', false, a),
        ]) {
          try {
            fn();
          } catch (e) {
            expect(e).toBeInstanceOf(ApiError);
            expect((e as ApiError).status).toBe(400);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('parsed select field names are always plain identifiers (nothing to inject)', () => {
    const CAST =
      /^([a-z_][a-z0-9_]*|double precision|character varying|time(stamp)? with(out)? time zone)(\[\])?$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        let items;
        try {
          items = parseSelect(s);
        } catch {
          return;
        }
        const walk = (xs: typeof items): void => {
          for (const it of xs) {
            if (it.type === 'field') {
              expect(it.field.name.length).toBeGreaterThan(0);
              if (it.cast) expect(it.cast).toMatch(CAST);
            } else if (it.type === 'embed') walk(it.select);
          }
        };
        walk(items);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseOrder of embedded columns', () => {
  it('rel(col) with modifiers', () => {
    expect(parseOrder('rooms(slug).desc.nullslast,id')).toEqual([
      { relation: 'rooms', field: { name: 'slug', json: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'id', json: [] }, direction: 'asc' },
    ]);
    fails(() => parseOrder('rooms(slug'));
    fails(() => parseOrder('rooms(slug x)'));
  });
});
