/**
 * Relationships from the schema cache: which table a name points to, how two tables join
 * (to-one or to-many through a foreign key) and the read tree of a select list with embeds.
 */
import { ApiError, parseError } from './errors.js';
import type { Condition, OrderTerm, SelectItem } from './parser.js';
import type { ForeignKey, SchemaCache, TableInfo } from './schema.js';

export interface Relationship {
  kind: 'to-one' | 'to-many';
  target: TableInfo;
  /** [parent column, child column] */
  pairs: [string, string][];
}

/** One level of a read: the rows of one source with their filters, order, range and embeds. */
export interface ReadNode {
  /** null when the source is an RPC result whose columns are not in the cache */
  table: TableInfo | null;
  alias: string;
  select: SelectItem[];
  conds: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  embeds: EmbedNode[];
}

/** An embedded relation: always a table of the schema cache. */
export interface EmbedNode extends ReadNode {
  table: TableInfo;
  jsonName: string;
  relation: string;
  rel: Relationship;
  inner: boolean;
}

export function lookupTable(cache: SchemaCache, name: string): TableInfo {
  const t = cache.tables.get(name);
  if (!t)
    throw new ApiError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
      null,
      null,
    );
  return t;
}

function isUniqueKey(t: TableInfo, cols: string[]): boolean {
  return t.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
}

interface Candidate {
  fk: ForeignKey;
  rel: Relationship;
}

/** Finds the relationship `parent -> name` (table, FK column or FK constraint name), with an optional hint. */
export function resolveRelationship(
  cache: SchemaCache,
  parent: TableInfo,
  name: string,
  hint?: string,
): Relationship {
  const cands: Candidate[] = [];
  for (const fk of cache.fks) {
    // parent holds the FK: to-one
    if (fk.table === parent.name) {
      const byTable = fk.refTable === name;
      const byColumn = fk.columns.length === 1 && fk.columns[0] === name;
      const byName = fk.name === name;
      if (byTable || byColumn || byName) {
        const target = cache.tables.get(fk.refTable);
        if (target)
          cands.push({
            fk,
            rel: {
              kind: 'to-one',
              target,
              pairs: fk.columns.map((c, i) => [c, fk.refColumns[i] as string]),
            },
          });
      }
    }
    // child holds the FK to parent: to-many (or to-one when the FK columns are unique)
    if (fk.refTable === parent.name && (fk.table === name || fk.name === name)) {
      const target = cache.tables.get(fk.table);
      if (target)
        cands.push({
          fk,
          rel: {
            kind: isUniqueKey(target, fk.columns) ? 'to-one' : 'to-many',
            target,
            pairs: fk.refColumns.map((c, i) => [c, fk.columns[i] as string]),
          },
        });
    }
  }
  let found = cands;
  if (hint !== undefined) {
    found = cands.filter(
      (c) =>
        c.fk.name === hint ||
        (c.fk.columns.length === 1 && c.fk.columns[0] === hint) ||
        c.rel.target.name === hint,
    );
  }
  // de-duplicate (a self-reference can match twice through the same FK in both roles)
  let uniq = found.filter(
    (c, i) => found.findIndex((d) => d.fk.name === c.fk.name && d.rel.kind === c.rel.kind) === i,
  );
  // a column hint (or a column used as the relation name) names the parent's own FK column: to-one
  const column = hint ?? name;
  if (uniq.length > 1 && parent.columns.has(column)) {
    const own = uniq.filter(
      (c) => c.rel.kind === 'to-one' && c.fk.table === parent.name && c.fk.columns.includes(column),
    );
    if (own.length === 1) uniq = own;
  }
  if (uniq.length === 0)
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  if (uniq.length > 1)
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      uniq.map((c) => c.fk.name).join(', '),
      `Try changing '${name}' to one of: ${uniq.map((c) => `'${name}!${c.fk.name}'`).join(', ')}`,
    );
  return (uniq[0] as Candidate).rel;
}

/** Builds the node tree for a select list on a table (recursively resolving embeds). */
export function buildReadNode(
  cache: SchemaCache,
  table: TableInfo | null,
  select: SelectItem[],
  counter: { n: number } = { n: 0 },
): ReadNode {
  const alias = `t${counter.n++}`;
  const node: ReadNode = { table, alias, select, conds: [], order: [], embeds: [] };
  for (const item of select) {
    if (item.type !== 'embed') continue;
    if (!table)
      throw new ApiError(400, 'PGRST200', `Could not find a relationship for '${item.relation}'`);
    const rel = resolveRelationship(cache, table, item.relation, item.hint);
    const child = buildReadNode(cache, rel.target, item.select, counter);
    node.embeds.push({
      ...child,
      table: rel.target,
      jsonName: item.alias ?? item.relation,
      relation: item.relation,
      rel,
      inner: item.inner,
    });
  }
  return node;
}

/** Finds the embed node a dotted param path points to. */
export function nodeAtPath(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const seg of path) {
    const next =
      node.embeds.find((e) => e.jsonName === seg) ?? node.embeds.find((e) => e.relation === seg);
    if (!next)
      throw new ApiError(
        400,
        'PGRST108',
        `'${seg}' is not an embedded resource in this request`,
        null,
        `Verify that '${seg}' is included in the 'select' query parameter.`,
      );
    node = next;
  }
  return node;
}

/** A column of the node's table; on an RPC result (no table) any plain identifier. */
export function checkColumn(table: TableInfo | null, name: string): void {
  if (!table) {
    if (!/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name)) throw parseError('column', `bad column "${name}"`);
    return;
  }
  if (!table.columns.has(name))
    throw new ApiError(400, '42703', `column ${table.name}.${name} does not exist`, null, null);
}
