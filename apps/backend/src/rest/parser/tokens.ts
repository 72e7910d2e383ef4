/**
 * The tokens every part of the PostgREST query grammar shares: column references with JSON
 * paths (`data->a->>b`), bare or double-quoted identifiers, lists split at the top level of
 * parentheses and quotes, and quoted values. Every failure throws ApiError PGRST100.
 */
import { parseError } from '../errors.js';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  json: JsonStep[];
}

const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_$]*/;
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
export function readIdent(s: string, what: string): [string, string] {
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

/** Strips one layer of double quotes and backslash escapes from a list/logic value. */
export function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    return v.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return v;
}
