/**
 * The PostgREST query grammar that supabase-js emits: select lists with aliases, casts,
 * JSON paths and embedded relations; filters (incl. not., or=(), and=()); order.
 * Pure functions; they produce an AST and never SQL. Every failure throws ApiError PGRST100.
 */
import { parseError } from './errors.js';
import { MAX_NESTING, MAX_PATTERN_LENGTH } from './limits.js';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  json: JsonStep[];
}

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

export interface OrderTerm {
  /** `rel(col)`: a column of a to-one embedded resource */
  relation?: string;
  field: FieldRef;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_$]*/;
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

/** Splits on `sep` at depth 0, honouring parentheses and double-quoted strings. */
export function splitTopLevel(input: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let inQuote = false;
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (inQuote) {
      cur += ch;
      if (ch === '\\' && i + 1 < input.length) {
        cur += input[++i];
      } else if (ch === '"') inQuote = false;
      continue;
    }
    if (ch === '"') {
      inQuote = true;
      cur += ch;
    } else if (ch === '(') {
      depth++;
      cur += ch;
    } else if (ch === ')') {
      depth--;
      if (depth < 0) throw parseError('input', `unbalanced ")" at position ${i}`);
      cur += ch;
    } else if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (inQuote) throw parseError('input', 'unterminated double quote');
  if (depth !== 0) throw parseError('input', 'unbalanced "("');
  out.push(cur);
  return out;
}

/** Reads an identifier (bare or double-quoted) at the start of s. */
function readIdent(s: string, what: string): [string, string] {
  if (s.startsWith('"')) {
    let i = 1;
    let name = '';
    while (i < s.length) {
      const ch = s[i] as string;
      if (ch === '"') {
        if (s[i + 1] === '"') {
          name += '"';
          i += 2;
          continue;
        }
        break;
      }
      name += ch;
      i++;
    }
    if (i >= s.length || !name) throw parseError(what, `bad quoted identifier in "${s}"`);
    return [name, s.slice(i + 1)];
  }
  const m = IDENT_RE.exec(s);
  if (!m) throw parseError(what, `expected an identifier at "${s.slice(0, 40)}"`);
  return [m[0], s.slice(m[0].length)];
}

/** Parses `name` optionally followed by `->key` / `->>key` steps. Returns the rest. */
export function readField(s: string, what: string): [FieldRef, string] {
  const [name, rest0] = readIdent(s, what);
  let rest = rest0;
  const json: JsonStep[] = [];
  while (rest.startsWith('->')) {
    const arrow: '->' | '->>' = rest.startsWith('->>') ? '->>' : '->';
    rest = rest.slice(arrow.length);
    const m = /^(?:'([^']*)'|(-?[0-9]+(?![A-Za-z_$])|[A-Za-z0-9_$]+))/.exec(rest);
    if (!m) throw parseError(what, `bad JSON path at "${rest.slice(0, 40)}"`);
    json.push({ arrow, key: m[1] ?? m[2] ?? '' });
    rest = rest.slice(m[0].length);
  }
  return [{ name, json }, rest];
}

export function parseField(s: string, what = 'column'): FieldRef {
  const [f, rest] = readField(s.trim(), what);
  if (rest) throw parseError(what, `unexpected "${rest.slice(0, 40)}"`);
  return f;
}

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

/** Strips one layer of double quotes and backslash escapes from a list/logic value. */
export function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    return v.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return v;
}

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

/** `order=a.desc.nullslast,b` */
export function parseOrder(input: string): OrderTerm[] {
  if (input.trim() === '') throw parseError('order', 'empty order');
  return splitTopLevel(input).map((raw) => {
    let [field, rest] = readField(raw.trim(), 'order');
    let relation: string | undefined;
    if (field.json.length === 0 && rest.startsWith('(')) {
      relation = field.name;
      const close = rest.indexOf(')');
      if (close < 0) throw parseError('order', `expected ")" in "${raw.slice(0, 60)}"`);
      const inner = readField(rest.slice(1, close), 'order');
      if (inner[1] !== '') throw parseError('order', `unexpected "${inner[1].slice(0, 40)}"`);
      field = inner[0];
      rest = rest.slice(close + 1);
    }
    const term: OrderTerm = { field, direction: 'asc' };
    if (relation !== undefined) term.relation = relation;
    const parts = rest === '' ? [] : rest.split('.');
    if (parts.length && parts[0] !== '')
      throw parseError('order', `unexpected "${rest.slice(0, 40)}"`);
    for (const p of parts.slice(1)) {
      if (p === 'asc' || p === 'desc') term.direction = p;
      else if (p === 'nullsfirst') term.nulls = 'first';
      else if (p === 'nullslast') term.nulls = 'last';
      else throw parseError('order', `unknown modifier "${p.slice(0, 20)}"`);
    }
    if (parts.length > 3) throw parseError('order', `too many modifiers in "${raw.slice(0, 60)}"`);
    return term;
  });
}

export function parseNonNegativeInt(what: string, v: string): number {
  if (!/^[0-9]{1,9}$/.test(v.trim()))
    throw parseError(what, `"${v.slice(0, 20)}" is not a non-negative integer`);
  return Number(v.trim());
}

/** `Range: 0-9` -> offset/limit. */
export function parseRange(header: string): { offset: number; limit?: number } | null {
  const m = /^(?:items=)?\s*([0-9]{1,9})-([0-9]{0,9})\s*$/.exec(header);
  if (!m) return null;
  const start = Number(m[1]);
  if (!m[2]) return { offset: start };
  const end = Number(m[2]);
  if (end < start) return null;
  return { offset: start, limit: end - start + 1 };
}

/** Splits `offers.limit` / `offers.is_active` into an embed path and the final key. */
export function splitPath(key: string): { path: string[]; last: string } {
  // JSON paths may contain dots inside quotes only; keep it simple: split on dots outside '->'.
  const arrow = key.indexOf('->');
  const head = arrow >= 0 ? key.slice(0, arrow) : key;
  const tail = arrow >= 0 ? key.slice(arrow) : '';
  const parts = head.split('.');
  const last = (parts.pop() ?? '') + tail;
  return { path: parts, last };
}
