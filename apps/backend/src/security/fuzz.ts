/**
 * Query-grammar fuzzing of /rest/v1: fast-check arbitraries that build PostgREST requests
 * from the real schema (tables, columns, foreign-key embeds, RPCs, row ids), then mutate them
 * character by character (fuzz-headers.ts); fuzz-run.ts and fuzz-check.ts drive the Hono app
 * in-process and check every answer. Used by rest-fuzz-anon and rest-fuzz-member.security.test.ts.
 */
import fc from 'fast-check';
import { OPERATORS } from '../rest/parser/filter.js';
import type { FuzzSchema } from './fuzz-schema.js';
import { headerSet, maybe, mutate } from './fuzz-headers.js';

export { loadFuzzSchema, type FuzzSchema } from './fuzz-schema.js';

export interface FuzzCase {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
}

/** every operator the grammar knows, plus negations and one it doesn't */
const OPS = [...OPERATORS, 'not.eq', 'not.in', 'not.is', 'not.like', 'bogus'];
const CASTS = ['text', 'int', 'json', 'jsonb', 'uuid', 'date', 'boolean', 'numeric', 'x y', ''];

/**
 * Built once: fast-check prepares a stringMatching arbitrary by tokenizing sample strings, which
 * costs milliseconds, and the select grammar below is built again inside `chain` for every case.
 */
const ALIAS = fc.stringMatching(/^[a-z_]{1,6}$/);

/** percent-encodes like a browser would; lone surrogates (which encodeURI refuses) stay raw */
function encodeLoosely(s: string): string {
  try {
    return encodeURI(s).replace(/#/g, '%23');
  } catch {
    return s;
  }
}

export function arbitraries(schema: FuzzSchema, memberId: string) {
  const tableNames = Object.keys(schema.tables);
  const idValue = fc.constantFrom(...schema.ids, memberId);
  const scalar = fc.oneof(
    { weight: 3, arbitrary: idValue },
    { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 200 }).map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'null',
        'true',
        'false',
        'not_null',
        'unknown',
        '2026-01-01',
        '2026-13-45T25:61',
        'infinity',
        'NaN',
        '1e400',
        '-0',
        '{}',
        '{a,b}',
        '[1,2]',
        "'; drop table public.events; --",
        '%',
        '*',
        'pending',
        'approved',
        'admin',
        'exclusive',
        'vip',
      ),
    },
  );

  const column = (t: string) => fc.constantFrom(...(schema.tables[t] ?? ['id']));
  const colOrJunk = (t: string) =>
    fc.oneof(
      { weight: 6, arbitrary: column(t) },
      { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
    );

  const filterValue = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fc.constantFrom(...OPS), scalar).map(([o, v]) => `${o}.${v}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('in', 'not.in', 'cs', 'cd', 'ov'),
          fc.array(scalar, { maxLength: 4 }),
        )
        .map(([o, vs]) => `${o}.(${vs.join(',')})`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('fts', 'plfts', 'phfts', 'wfts'),
          fc.constantFrom('english', 'simple', 'x)'),
          scalar,
        )
        .map(([o, l, v]) => `${o}(${l}).${v}`),
    },
  );

  const condition = (t: string): fc.Arbitrary<string> =>
    fc.tuple(colOrJunk(t), filterValue).map(([c, v]) => `${c}.${v}`);
  const logic = (t: string): fc.Arbitrary<string> =>
    fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        condition(t),
        fc
          .tuple(
            fc.constantFrom('or', 'and', 'not.or', 'not.and'),
            fc.array(tie('node') as fc.Arbitrary<string>, { minLength: 0, maxLength: 3 }),
          )
          .map(([k, xs]) => `${k}(${xs.join(',')})`),
      ),
    })).node;

  // One arbitrary per table and depth: arbitraries are immutable, and building them again for
  // every case (the embeds' `chain`) was most of the fuzz run's time.
  const selectItems = new Map<string, fc.Arbitrary<string>>();
  const selectItem = (t: string, depth: number): fc.Arbitrary<string> => {
    const key = `${depth}:${t}`;
    let built = selectItems.get(key);
    if (!built) {
      built = buildSelectItem(t, depth);
      selectItems.set(key, built);
    }
    return built;
  };
  const buildSelectItem = (t: string, depth: number): fc.Arbitrary<string> => {
    const rels = schema.embeds[t] ?? [];
    const plain = fc.oneof(
      { weight: 16, arbitrary: column(t) },
      { weight: 3, arbitrary: fc.constant('*') },
      {
        weight: 1,
        arbitrary: fc.tuple(ALIAS, column(t)).map(([a, c]) => `${a}:${c}`),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(column(t), fc.constantFrom(...CASTS)).map(([c, k]) => `${c}::${k}`),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(column(t), fc.constantFrom('->', '->>'), fc.string({ maxLength: 6 }))
          .map(([c, a, k]) => `${c}${a}${k}`),
      },
      { weight: 1, arbitrary: fc.constantFrom('count()', 'sum(id)', '...x(*)', 'nope') },
    );
    if (!rels.length || depth > 1) return plain;
    const embed = fc
      .tuple(
        fc.constantFrom(...rels, 'profiles', 'auth.users', 'nope'),
        fc.constantFrom('', '!inner', '!left', '!user_id', '!fk_nope'),
        fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
      )
      .chain(([rel, hint, alias]) =>
        fc
          .array(selectItem(schema.tables[rel] ? rel : t, depth + 1), {
            minLength: 1,
            maxLength: 3,
          })
          .map((items) => `${alias ? `${alias}:` : ''}${rel}${hint}(${items.join(',')})`),
      );
    return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 2, arbitrary: embed });
  };

  // one select / order / limit / offset at most (PostgREST refuses repeats), any number of
  // filters and logic trees
  const params = (t: string): fc.Arbitrary<[string, string][]> =>
    fc
      .record({
        select: maybe(
          fc.array(selectItem(t, 0), { minLength: 1, maxLength: 4 }).map((xs) => xs.join(',')),
          1,
          1,
        ),
        filters: fc.array(
          fc.oneof(
            {
              weight: 5,
              arbitrary: fc
                .tuple(colOrJunk(t), filterValue)
                .map(([c, v]): [string, string] => [c, v]),
            },
            {
              weight: 2,
              arbitrary: fc
                .tuple(
                  fc.constantFrom('or', 'and', 'not.or', 'not.and'),
                  fc.array(logic(t), { maxLength: 3 }),
                )
                .map(([k, xs]): [string, string] => [k, `(${xs.join(',')})`]),
            },
            {
              weight: 1,
              arbitrary: fc
                .tuple(
                  fc.constantFrom(...(schema.embeds[t] ?? ['nope'])),
                  fc.constantFrom('order', 'limit', 'offset', 'or', 'id', 'user_id'),
                  fc.oneof(filterValue, fc.constantFrom('1', 'id.desc', '(id.eq.1)')),
                )
                .map(([r, k, v]): [string, string] => [`${r}.${k}`, v]),
            },
          ),
          { maxLength: 3 },
        ),
        order: maybe(
          fc
            .array(
              fc
                .tuple(
                  colOrJunk(t),
                  fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.up'),
                )
                .map(([c, d]) => c + d),
              { minLength: 1, maxLength: 3 },
            )
            .map((xs) => xs.join(',')),
          1,
          2,
        ),
        limit: maybe(
          fc.oneof(
            { weight: 4, arbitrary: fc.integer({ min: -3, max: 5000 }).map(String) },
            { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
          ),
          1,
          4,
        ),
        offset: maybe(fc.integer({ min: -3, max: 50 }).map(String), 1, 5),
        columns: maybe(
          fc
            .tuple(
              fc.constantFrom('on_conflict', 'columns'),
              fc.array(colOrJunk(t), { minLength: 1, maxLength: 3 }),
            )
            .map(([k, cs]): [string, string] => [k, cs.join(',')]),
          1,
          5,
        ),
      })
      .map((r) => {
        const out: [string, string][] = [];
        if (r.select !== undefined) out.push(['select', r.select]);
        out.push(...r.filters);
        if (r.order !== undefined) out.push(['order', r.order]);
        if (r.limit !== undefined) out.push(['limit', r.limit]);
        if (r.offset !== undefined) out.push(['offset', r.offset]);
        if (r.columns !== undefined) out.push(r.columns);
        return out;
      });

  const jsonScalar = fc.oneof(
    { weight: 3, arbitrary: idValue },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer({ min: -10, max: 1000 }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'approved',
        'pending',
        'admin',
        'user',
        'vip',
        'exclusive',
        'surprise',
        'photo_uploaded',
        '2026-06-01T20:00:00Z',
        '1900-01-01',
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
  const rowObject = (t: string) =>
    fc.dictionary(colOrJunk(t), jsonScalar, { maxKeys: 6 }) as fc.Arbitrary<
      Record<string, unknown>
    >;
  const body = (t: string): fc.Arbitrary<string | undefined> =>
    fc.oneof(
      { weight: 5, arbitrary: rowObject(t).map((o) => JSON.stringify(o)) },
      {
        weight: 2,
        arbitrary: fc.array(rowObject(t), { maxLength: 4 }).map((a) => JSON.stringify(a)),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );

  const encode = (pairs: [string, string][]) =>
    pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

  const rpcNames = Object.keys(schema.rpcs);
  const target: fc.Arbitrary<{ path: string; table: string; rpc: boolean }> = fc.oneof(
    {
      weight: 24,
      arbitrary: fc.constantFrom(...tableNames).map((t) => ({ path: t, table: t, rpc: false })),
    },
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...rpcNames)
        .map((f) => ({ path: `rpc/${f}`, table: f, rpc: true })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'nope',
          'rpc/nope',
          'rpc/',
          '',
          'events/1',
          'private.profanity_terms',
          '..%2f',
        )
        .map((p) => ({ path: p, table: 'events', rpc: p.startsWith('rpc') })),
    },
  );

  const rpcArgs = (f: string): fc.Arbitrary<[string, string][]> =>
    fc.array(
      fc
        .tuple(
          fc.oneof(
            {
              weight: 4,
              arbitrary: fc.constantFrom(...(schema.rpcs[f]?.length ? schema.rpcs[f] : ['x'])),
            },
            { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
          ),
          scalar,
        )
        .map(([k, v]): [string, string] => [k, v]),
      { maxLength: 3 },
    );
  const rpcBody = (f: string): fc.Arbitrary<string | undefined> =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .dictionary(
            fc.oneof(
              {
                weight: 4,
                arbitrary: fc.constantFrom(...(schema.rpcs[f]?.length ? schema.rpcs[f] : ['x'])),
              },
              { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
            ),
            jsonScalar,
            { maxKeys: 3 },
          )
          .map((o) => JSON.stringify(o)),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );

  const fuzzCase: fc.Arbitrary<FuzzCase> = target.chain(({ path, table, rpc }) =>
    fc
      .record({
        method: rpc
          ? fc.constantFrom('POST', 'POST', 'POST', 'GET', 'GET', 'HEAD', 'PATCH', 'DELETE')
          : fc.oneof(
              {
                weight: 12,
                arbitrary: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'POST'),
              },
              { weight: 5, arbitrary: fc.constantFrom('PATCH', 'DELETE') },
              { weight: 1, arbitrary: fc.constantFrom('PUT', 'OPTIONS', 'PURGE', 'PROPFIND') },
            ),
        pairs: rpc
          ? fc.tuple(rpcArgs(table), params(table)).map(([a, b]) => [...a, ...b])
          : params(table),
        headers: headerSet,
        body: rpc ? rpcBody(table) : body(table),
        mutateQuery: fc.nat({ max: 9 }).map((n) => n < 3),
        mutateBody: fc.nat({ max: 9 }).map((n) => n === 0),
      })
      .chain((r) => {
        const q = encode(r.pairs);
        // mutate the decoded grammar (so the edits hit operators and parentheses), then
        // send it either re-encoded or raw
        const query = r.mutateQuery
          ? fc
              .tuple(mutate(r.pairs.map(([k, v]) => `${k}=${v}`).join('&')), fc.boolean())
              .map(([m, raw]) => (raw ? m : encodeLoosely(m)))
          : fc.constant(q);
        const bodyArb = r.mutateBody && r.body !== undefined ? mutate(r.body) : fc.constant(r.body);
        return fc.tuple(query, bodyArb).map(([qs, b]): FuzzCase => ({
          method: r.method,
          path,
          query: qs,
          headers: r.headers,
          ...(b !== undefined && !['GET', 'HEAD'].includes(r.method) ? { body: b } : {}),
        }));
      }),
  );
  return { fuzzCase };
}
