/**
 * Request-independent parts of the REST fuzzer: Prefer, Range, Accept, Content-Type and profile
 * headers (absent most of the time, then mostly valid) and character-level mutations.
 */
import fc from 'fast-check';

/** characters that matter to the grammar, for mutations */
const GRAMMAR_CHARS = '(),.:!*"\\%&=?-> \'[]{}#;\u0000\u00e9\ud83d\ude00'.split('');

/** `arb` with weight `present` against undefined with weight `absent` */
export const maybe = <T>(arb: fc.Arbitrary<T>, present: number, absent: number) =>
  fc.oneof(
    { weight: present, arbitrary: arb },
    { weight: absent, arbitrary: fc.constant(undefined) },
  );

/** a few random edits at grammar characters: the "mutated" half of the corpus */
export const mutate = (s: string): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom('insert', 'delete', 'replace', 'duplicate'),
        fc.nat(),
        fc.constantFrom(...GRAMMAR_CHARS),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((edits) => {
      let out = s;
      for (const [op, at, ch] of edits) {
        const i = out.length ? at % (out.length + 1) : 0;
        if (op === 'insert') out = out.slice(0, i) + ch + out.slice(i);
        else if (op === 'delete') out = out.slice(0, i) + out.slice(i + 1);
        else if (op === 'replace') out = out.slice(0, i) + ch + out.slice(i + 1);
        else out = out.slice(0, i) + out.slice(i, i + 8) + out.slice(i);
      }
      return out;
    });

const prefer = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'return=representation',
        'return=minimal',
        'return=headers-only',
        'return=bogus',
        'count=exact',
        'count=planned',
        'count=estimated',
        'count=all',
        'resolution=merge-duplicates',
        'resolution=ignore-duplicates',
        'resolution=x',
        'missing=default',
        'missing=null',
        'tx=rollback',
        'handling=strict',
        'params=single-object',
        'max-affected=1',
        'timezone=America/New_York',
      ),
      fc.string({ maxLength: 16 }),
    ),
    { maxLength: 3 },
  )
  .map((xs) => xs.join(', '));
const range = fc.oneof(
  fc
    .tuple(fc.integer({ min: -2, max: 3000 }), fc.integer({ min: -2, max: 3000 }))
    .map(([a, b]) => `${a}-${b}`),
  fc.nat({ max: 50 }).map((a) => `${a}-`),
  fc.constantFrom('items=0-9', 'bytes=0-1', '-', '', '9999999999999999999999-1'),
  fc.string({ maxLength: 12 }),
);
const accept = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/vnd.pgrst.object+json',
    'application/vnd.pgrst.object+json;nulls=stripped',
    'application/vnd.pgrst.array+json',
    'text/csv',
    'application/geo+json',
    'application/vnd.pgrst.plan+json',
    'application/openapi+json',
    '*/*',
    'text/html',
  ),
  fc.string({ maxLength: 20 }),
);
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'text/csv',
      'application/octet-stream',
      'application/vnd.pgrst.object+json',
      'multipart/form-data; boundary=x',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

// each header is absent most of the time and then mostly valid, so most cases reach the
// query builder and the database instead of stopping at content negotiation
const sometimes = <T>(valid: fc.Arbitrary<T>, junk: fc.Arbitrary<T>) =>
  maybe(fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk }), 1, 3);
export const headerSet = fc
  .record({
    prefer: sometimes(prefer, fc.string({ maxLength: 20 })),
    range: sometimes(range, fc.string({ maxLength: 12 })),
    accept: sometimes(
      fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', '*/*'),
      accept,
    ),
    'content-type': sometimes(fc.constant('application/json'), contentType),
    'accept-profile': sometimes(
      fc.constant('public'),
      fc.constantFrom('private', 'auth', 'storage', ''),
    ),
    'content-profile': sometimes(fc.constant('public'), fc.constantFrom('private', 'auth')),
  })
  .map((h) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = v;
    return out;
  });
