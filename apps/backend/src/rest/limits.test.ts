/** The parser's limits: pattern length and nesting depth, both a 400 PGRST100. */
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { MAX_NESTING, MAX_PATTERN_LENGTH } from './limits.js';
import { parseFilter, parseLogic } from './parser/filter.js';
import { parseSelect } from './parser/select.js';

const parseFailure = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a parse error');
};

describe('pattern length', () => {
  it('like, ilike, match and imatch take at most MAX_PATTERN_LENGTH characters', () => {
    for (const op of ['like', 'ilike', 'match', 'imatch']) {
      const longest = 'x'.repeat(MAX_PATTERN_LENGTH);
      expect(parseFilter('c', `${op}.${longest}`).value).toBe(longest);
      const e = parseFailure(() => parseFilter('c', `not.${op}.${longest}x`));
      expect([e.status, e.code, e.message]).toEqual([
        400,
        'PGRST100',
        `failed to parse filter (${op})`,
      ]);
      expect(e.details).toContain(String(MAX_PATTERN_LENGTH));
    }
  });
  it('other operators and values are not limited by it', () => {
    const long = 'x'.repeat(MAX_PATTERN_LENGTH * 4);
    expect(parseFilter('c', `eq.${long}`).value).toBe(long);
  });
});

describe('nesting depth', () => {
  const tree = (depth: number): string => {
    let t = 'a.eq.1';
    for (let i = 1; i < depth; i++) t = `${i % 2 ? 'and' : 'not.or'}(${t},b.eq.2)`;
    return `(${t})`;
  };
  it('logic trees up to MAX_NESTING levels parse; deeper ones are PGRST100', () => {
    expect(parseLogic('or', false, tree(MAX_NESTING)).children).toHaveLength(1);
    const e = parseFailure(() => parseLogic('or', false, tree(MAX_NESTING + 1)));
    expect([e.status, e.code]).toEqual([400, 'PGRST100']);
    expect(parseFailure(() => parseLogic('and', true, tree(300))).code).toBe('PGRST100');
  });
  it('embedded selects up to MAX_NESTING levels parse; deeper ones are PGRST100', () => {
    const embeds = (depth: number): string => {
      let s = 'id';
      for (let i = 1; i < depth; i++) s = `id,r${i}(${s})`;
      return s;
    };
    expect(parseSelect(embeds(MAX_NESTING))).toHaveLength(2);
    expect(parseFailure(() => parseSelect(embeds(MAX_NESTING + 1))).code).toBe('PGRST100');
  });
});
