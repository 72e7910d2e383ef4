/**
 * The `select=` grammar: columns with aliases, casts, JSON paths and aggregates; embedded
 * relations with hints, `!inner` and spreads, nested up to MAX_NESTING levels. Produces an
 * AST, never SQL; every failure throws ApiError PGRST100.
 */
import { parseError } from '../errors.js';
import { MAX_NESTING } from '../limits.js';
import { readField, readIdent, splitTopLevel, type FieldRef } from './tokens.js';

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export type SelectItem =
  | { type: 'star' }
  | {
      type: 'field';
      /** `count()` alone has no column: its field name is empty */
      field: FieldRef;
      alias?: string;
      /** the cast of the value (of the aggregate's result when there is one) */
      cast?: string;
      /** `col.sum()`, `count()`: an aggregate over the rows */
      aggregate?: Aggregate;
      /** `col::type.sum()`: the cast of the column before aggregating */
      inputCast?: string;
    }
  | {
      type: 'embed';
      relation: string;
      hint?: string;
      inner: boolean;
      alias?: string;
      /** empty for `rel()` */
      select: SelectItem[];
      /** `...rel(cols)` */
      spread?: boolean;
    };

/** Casts: one type identifier (optionally an array), or one of Postgres' multi-word type names. */
const CAST_RE = /^[a-z_][a-z0-9_]*(\[\])?$/;
const MULTIWORD_TYPES = new Set([
  'double precision',
  'character varying',
  'timestamp with time zone',
  'timestamp without time zone',
  'time with time zone',
  'time without time zone',
]);
const isValidCast = (t: string): boolean =>
  CAST_RE.test(t) || MULTIWORD_TYPES.has(t.replace(/\[\]$/, ''));

/** `select=` */
export function parseSelect(input: string, depth = 1): SelectItem[] {
  if (depth > MAX_NESTING)
    throw parseError('select', `embedded resources nested deeper than ${MAX_NESTING} levels`);
  const src = input.trim();
  if (src === '') return [{ type: 'star' }];
  return splitTopLevel(src).map((raw) => parseSelectItem(raw.trim(), depth));
}

function parseSelectItem(raw: string, depth: number): SelectItem {
  if (raw === '') throw parseError('select', 'empty item in select list');
  if (raw === '*') return { type: 'star' };
  let s = raw;
  let spread = false;
  if (s.startsWith('...')) {
    spread = true;
    s = s.slice(3);
  }
  let alias: string | undefined;
  // alias:  — a ':' not followed by ':'
  const aliasMatch = /^("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*):(?!:)/.exec(s);
  if (aliasMatch) {
    alias = readIdent(aliasMatch[1] as string, 'select')[0];
    s = s.slice(aliasMatch[0].length);
  }
  const countAll = /^count\(\)(?:::(.+))?$/.exec(s);
  if (countAll && !spread) {
    const item: SelectItem = { type: 'field', field: { name: '', json: [] }, aggregate: 'count' };
    if (alias !== undefined) item.alias = alias;
    if (countAll[1] !== undefined) item.cast = checkCast(countAll[1]);
    return item;
  }
  const [field, rest0] = readField(s, 'select');
  let rest = rest0;
  // embedded relation: name[!hint][!inner](...)
  if (field.json.length === 0 && (rest.startsWith('(') || rest.startsWith('!'))) {
    let hint: string | undefined;
    let inner = false;
    while (rest.startsWith('!')) {
      const [h, r] = readIdent(rest.slice(1), 'select');
      rest = r;
      if (h === 'inner') inner = true;
      else if (h === 'left') inner = false;
      else if (hint === undefined) hint = h;
      else throw parseError('select', `too many hints on "${field.name}"`);
    }
    if (!rest.startsWith('(') || !rest.endsWith(')'))
      throw parseError('select', `expected "(...)" after "${field.name}"`);
    const inside = rest.slice(1, -1);
    const item: SelectItem = {
      type: 'embed',
      relation: field.name,
      inner,
      select: inside.trim() === '' ? [] : parseSelect(inside, depth + 1),
    };
    if (hint !== undefined) item.hint = hint;
    if (alias !== undefined) item.alias = alias;
    if (spread) item.spread = true;
    return item;
  }
  if (spread) throw parseError('select', `expected "(...)" after "...${field.name}"`);
  // [::cast][.aggregate()][::cast]
  const m = /^(?:::([^.]+?))?(?:\.(count|sum|avg|min|max)\(\))?(?:::(.+))?$/.exec(rest);
  if (!m) throw parseError('select', `unexpected "${rest.slice(0, 40)}" in "${raw.slice(0, 60)}"`);
  const item: SelectItem = { type: 'field', field };
  if (alias !== undefined) item.alias = alias;
  if (m[2] !== undefined) {
    item.aggregate = m[2] as Aggregate;
    if (m[1] !== undefined) item.inputCast = checkCast(m[1]);
    if (m[3] !== undefined) item.cast = checkCast(m[3]);
  } else {
    // no aggregate: one cast, whichever group of the pattern caught it
    const cast = m[1] ?? m[3];
    if (m[1] !== undefined && m[3] !== undefined)
      throw parseError('select', `unexpected "${rest.slice(0, 40)}" in "${raw.slice(0, 60)}"`);
    if (cast !== undefined) item.cast = checkCast(cast);
  }
  return item;
}

function checkCast(raw: string): string {
  const cast = raw.trim().toLowerCase();
  if (!isValidCast(cast)) throw parseError('select', `invalid cast "${cast.slice(0, 40)}"`);
  return cast;
}
