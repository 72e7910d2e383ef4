/** Maps a PostgREST HTTP request (query params, headers) onto a ReadNode tree. */
import { ApiError, parseError } from './errors.js';
import {
  parseFilter,
  parseLogic,
  parseNonNegativeInt,
  parseOrder,
  parseRange,
  parseSelect,
  splitPath,
} from './parser.js';
import { buildReadNode, nodeAtPath, type ReadNode } from './sql.js';
import type { SchemaCache, TableInfo } from './schema.js';

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missingDefault: boolean;
}

export function parsePrefer(header: string | undefined): Prefer {
  const p: Prefer = {
    return: undefined,
    count: false,
    resolution: undefined,
    missingDefault: false,
  };
  if (!header) return p;
  for (const part of header.split(',')) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only'))
      p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated'))
      p.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      p.resolution = v;
    else if (k === 'missing' && v === 'default') p.missingDefault = true;
  }
  return p;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);

export interface ParsedRequest {
  root: ReadNode;
  columns?: string[];
  onConflict?: string[];
  /** Query params that are not filters (RPC GET args), by name. */
  leftovers: Map<string, string>;
}

/**
 * Builds the read tree from URL params. `argNames` (RPC GET) are taken as function
 * arguments instead of filters.
 */
export function parseRequest(
  cache: SchemaCache,
  table: TableInfo | null,
  source: string,
  url: URL,
  headers: { range?: string | undefined },
  argNames: Set<string> = new Set(),
): ParsedRequest {
  const sp = url.searchParams;
  const selects = sp.getAll('select');
  if (selects.length > 1) throw parseError('select', 'select given more than once');
  const select = parseSelect(selects[0] ?? '*');
  const root = buildReadNode(cache, table, source, select, { n: 0 });
  const out: ParsedRequest = { root, leftovers: new Map() };

  for (const [key, value] of sp.entries()) {
    if (RESERVED.has(key)) {
      if (key === 'columns') {
        out.columns = value.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
        if (out.columns.some((c) => !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(c)))
          throw parseError('columns', 'invalid column name in columns=');
      } else if (key === 'on_conflict') {
        out.onConflict = value.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
      }
      continue;
    }
    if (argNames.has(key)) {
      out.leftovers.set(key, value);
      continue;
    }
    const { path, last } = splitPath(key);
    let negateLogic = false;
    if ((last === 'or' || last === 'and') && path[path.length - 1] === 'not') {
      path.pop();
      negateLogic = true;
    }
    const node = nodeAtPath(root, path);
    switch (last) {
      case 'order':
        node.order = parseOrder(value);
        break;
      case 'limit':
        node.limit = parseNonNegativeInt('limit', value);
        break;
      case 'offset':
        node.offset = parseNonNegativeInt('offset', value);
        break;
      case 'or':
      case 'and':
        node.conds.push(parseLogic(last, negateLogic, value));
        break;
      default:
        node.conds.push(parseFilter(last, value));
    }
  }
  if (headers.range) {
    const r = parseRange(headers.range);
    if (!r)
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `invalid Range header "${headers.range.slice(0, 40)}"`,
      );
    root.offset = r.offset;
    if (r.limit !== undefined)
      root.limit = root.limit !== undefined ? Math.min(root.limit, r.limit) : r.limit;
  }
  return out;
}
