/**
 * The filter grammar: `column=op.value` with the negation `not.`, full-text configurations
 * `fts(english)` and the `(any)`/`(all)` quantifiers, and the logic trees of `or=(...)` and
 * `and=(...)`, nested up to MAX_NESTING levels. Produces an AST, never SQL; every failure throws
 * ApiError PGRST100.
 */
import { parseError } from '../errors.js';
import { MAX_NESTING, MAX_PATTERN_LENGTH } from '../limits.js';
import { parseField, readField, splitTopLevel, unquote, type FieldRef } from './tokens.js';

export const OPERATORS = [
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
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface FilterCond {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  op: Operator;
  /** `in` gets a list; `is` gets null/true/false/unknown; others the raw text. */
  value: string | string[];
  ftsConfig?: string;
  /** `like(any).{a*,b*}`: the operator against any or all elements of an array literal */
  quant?: 'any' | 'all';
}

/** Operators that take an `(any)` / `(all)` modifier. */
const QUANTIFIABLE = new Set<string>([
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
]);

export interface LogicCond {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = FilterCond | LogicCond;

/** Operators whose value is a pattern (LIKE or a regular expression). */
const PATTERN_OPS = new Set<Operator>(['like', 'ilike', 'match', 'imatch']);

function isOperator(s: string): s is Operator {
  return (OPERATORS as readonly string[]).includes(s);
}

/**
 * Parses a filter's value part, e.g. `eq.5`, `not.in.(1,2)`, `fts(english).cat`.
 * `inLogic` unquotes double-quoted scalar values (as PostgREST does inside or/and).
 */
export function parseFilterValue(field: FieldRef, input: string, inLogic = false): FilterCond {
  let s = input;
  let negate = false;
  if (s.startsWith('not.')) {
    negate = true;
    s = s.slice(4);
  }
  const dot = s.indexOf('.');
  if (dot < 0) throw parseError('filter', `expected "operator.value" in "${input.slice(0, 60)}"`);
  let opText = s.slice(0, dot);
  const raw = s.slice(dot + 1);
  let ftsConfig: string | undefined;
  const ftsMatch = /^(fts|plfts|phfts|wfts)\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(opText);
  if (ftsMatch) {
    opText = ftsMatch[1] as string;
    ftsConfig = ftsMatch[2] as string;
  }
  let quant: 'any' | 'all' | undefined;
  const quantMatch = /^([a-z]+)\((any|all)\)$/.exec(opText);
  if (quantMatch && QUANTIFIABLE.has(quantMatch[1] as string)) {
    opText = quantMatch[1] as string;
    quant = quantMatch[2] as 'any' | 'all';
  }
  if (!isOperator(opText))
    throw parseError(
      `filter (${opText.slice(0, 20)})`,
      `unknown operator "${opText.slice(0, 20)}"`,
    );
  const op = opText;
  let value: string | string[];
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')'))
      throw parseError('filter (in)', 'expected a parenthesised list, e.g. in.(1,2)');
    const inner = raw.slice(1, -1);
    value = inner === '' ? [] : splitTopLevel(inner).map((v) => unquote(v));
  } else if (op === 'is') {
    const v = raw.toLowerCase();
    if (!['null', 'true', 'false', 'unknown', 'not_null'].includes(v))
      throw parseError(
        'filter (is)',
        `"is" accepts null, true, false or unknown, not "${raw.slice(0, 20)}"`,
      );
    value = v;
  } else {
    value = inLogic ? unquote(raw) : raw;
    if (PATTERN_OPS.has(op) && value.length > MAX_PATTERN_LENGTH)
      throw parseError(
        `filter (${op})`,
        `the pattern is ${value.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed`,
      );
  }
  if (quant && !/^\{.*\}$/s.test(value as string))
    throw parseError(`filter (${op}(${quant}))`, 'expected an array literal, e.g. {a,b}');
  const cond: FilterCond = { kind: 'filter', field, negate, op, value };
  if (ftsConfig !== undefined) cond.ftsConfig = ftsConfig;
  if (quant) cond.quant = quant;
  return cond;
}

/** Parses a top-level filter param: key is the column (maybe with JSON path), value `op.val`. */
export function parseFilter(column: string, value: string): FilterCond {
  return parseFilterValue(parseField(column, 'filter'), value);
}

/** Parses `(a.eq.1,b.gt.2,and(c.eq.3,d.is.null))` for the `or` / `and` params. */
export function parseLogic(op: 'and' | 'or', negate: boolean, input: string, depth = 1): LogicCond {
  if (depth > MAX_NESTING)
    throw parseError(`logic tree (${op})`, `nested deeper than ${MAX_NESTING} levels`);
  const s = input.trim();
  if (!s.startsWith('(') || !s.endsWith(')'))
    throw parseError(`logic tree (${op})`, `expected "(...)", got "${s.slice(0, 40)}"`);
  const inner = s.slice(1, -1);
  if (inner.trim() === '') throw parseError(`logic tree (${op})`, 'empty logic tree');
  const children = splitTopLevel(inner).map((part) => parseLogicItem(part.trim(), depth));
  return { kind: 'logic', op, negate, children };
}

function parseLogicItem(part: string, depth: number): Condition {
  const m = /^(not\.)?(and|or)(\(.*\))$/s.exec(part);
  if (m) return parseLogic(m[2] as 'and' | 'or', Boolean(m[1]), m[3] as string, depth + 1);
  const [field, rest] = readField(part, 'logic tree');
  if (!rest.startsWith('.'))
    throw parseError('logic tree', `expected "column.operator.value" in "${part.slice(0, 60)}"`);
  return parseFilterValue(field, rest.slice(1), true);
}
