/**
 * The grammar of what comes back: `order=` (also by a column of a to-one embedded resource),
 * `limit`/`offset` numbers, the `Range` header, and the embed paths of `offers.limit`-style
 * keys. Every failure throws ApiError PGRST100.
 */
import { parseError } from '../errors.js';
import { readField, splitTopLevel, type FieldRef } from './tokens.js';

export interface OrderTerm {
  /** `rel(col)`: a column of a to-one embedded resource */
  relation?: string;
  field: FieldRef;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
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
