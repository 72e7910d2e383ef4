/**
 * Relationships from the schema cache: which table a name points to, how two tables join
 * (to-one or to-many through a foreign key) and the read tree of a select list with embeds.
 */
import { ApiError, parseError } from './errors.js';
import type { Condition } from './parser/filter.js';
import type { OrderTerm } from './parser/order.js';
import type { SelectItem } from './parser/select.js';
import type { ForeignKey, FunctionInfo, SchemaCache, TableInfo } from './schema.js';

export interface Relationship {
  kind: 'to-one' | 'to-many';
  /** as PostgREST names it in PGRST201's details */
  cardinality: 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many' | 'computed';
  target: TableInfo;
  /** [parent column, child column]; empty for many-to-many and computed relationships */
  pairs: [string, string][];
  /** many-to-many: the junction table and its keys to the parent and to the target */
  junction?: {
    table: TableInfo;
    /** [parent column, junction column] */
    parentPairs: [string, string][];
    /** [junction column, target column] */
    targetPairs: [string, string][];
  };
  /** a computed relationship: a function taking the parent's row and returning target rows */
  fn?: FunctionInfo;
}

/** One level of a read: the rows of one source with their filters, order, range and embeds. */
export interface ReadNode {
  /** null when the source is an RPC result whose columns are not in the cache */
  table: TableInfo | null;
  alias: string;
  /** how errors name this level (PostgREST: the table, or `<table>_<depth>` for an embed) */
  errorName: string;
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
  /** `...rel(cols)`: the columns join the parent's object instead of nesting */
  spread: boolean;
  /** `rel()`: filters the parent (with !inner) but adds no key to it */
  empty: boolean;
}

export function lookupTable(cache: SchemaCache, name: string, schema = 'public'): TableInfo {
  const t = cache.tables.get(name);
  // PostgREST 12 runs the query and answers what Postgres says about the missing relation
  if (!t) throw new ApiError(404, '42P01', `relation "${schema}.${name}" does not exist`);
  return t;
}

function isUniqueKey(t: TableInfo, cols: string[]): boolean {
  return t.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
}

interface Candidate {
  /** the key named by hints and errors (a junction's is the one to the parent) */
  fk?: ForeignKey;
  rel: Relationship;
  /** PGRST201's `relationship` detail */
  describe: string;
  /** names the candidate answers to (besides the target table's name) */
  names: string[];
  /** names a `!hint` selects it by */
  hints: string[];
}

const cols = (t: string, c: string[]): string => `${t}(${c.join(', ')})`;

/** Every relationship leaving `parent`, as PostgREST's schema cache lists them. */
function relationshipsOf(cache: SchemaCache, parent: TableInfo): Candidate[] {
  const out: Candidate[] = [];
  for (const fk of cache.fks) {
    // parent holds the key: many-to-one (one-to-one when its columns are unique)
    if (fk.table === parent.name) {
      const target = cache.tables.get(fk.refTable);
      if (target) {
        const one = isUniqueKey(parent, fk.columns);
        out.push({
          fk,
          rel: {
            kind: 'to-one',
            cardinality: one ? 'one-to-one' : 'many-to-one',
            target,
            pairs: fk.columns.map((c, i) => [c, fk.refColumns[i] as string]),
          },
          describe: `${fk.name} using ${cols(fk.table, fk.columns)} and ${cols(fk.refTable, fk.refColumns)}`,
          names: [fk.name, ...(fk.columns.length === 1 ? fk.columns : [])],
          hints: [
            fk.name,
            ...(fk.columns.length === 1 ? fk.columns : []),
            ...(fk.refColumns.length === 1 ? fk.refColumns : []),
          ],
        });
      }
    }
    // a child holds a key to parent: one-to-many (one-to-one when the key columns are unique)
    if (fk.refTable === parent.name) {
      const target = cache.tables.get(fk.table);
      if (target) {
        const one = isUniqueKey(target, fk.columns);
        out.push({
          fk,
          rel: {
            kind: one ? 'to-one' : 'to-many',
            cardinality: one ? 'one-to-one' : 'one-to-many',
            target,
            pairs: fk.refColumns.map((c, i) => [c, fk.columns[i] as string]),
          },
          describe: `${fk.name} using ${cols(fk.refTable, fk.refColumns)} and ${cols(fk.table, fk.columns)}`,
          names: [fk.name],
          hints: [
            fk.name,
            ...(fk.columns.length === 1 ? fk.columns : []),
            ...(fk.refColumns.length === 1 ? fk.refColumns : []),
          ],
        });
      }
    }
  }
  // many-to-many: a junction table with keys to parent and to target, both within its primary key
  for (const toParent of cache.fks) {
    if (toParent.refTable !== parent.name) continue;
    const junction = cache.tables.get(toParent.table);
    if (!junction || junction.isView) continue;
    const inPk = (fk: ForeignKey): boolean => fk.columns.every((c) => junction.pk.includes(c));
    if (!inPk(toParent)) continue;
    for (const toTarget of cache.fks) {
      if (toTarget === toParent || toTarget.table !== junction.name || !inPk(toTarget)) continue;
      if (toTarget.name === toParent.name && toTarget.refTable === toParent.refTable) continue;
      const target = cache.tables.get(toTarget.refTable);
      if (!target) continue;
      out.push({
        fk: toParent,
        rel: {
          kind: 'to-many',
          cardinality: 'many-to-many',
          target,
          pairs: [],
          junction: {
            table: junction,
            parentPairs: toParent.refColumns.map((c, i) => [c, toParent.columns[i] as string]),
            targetPairs: toTarget.columns.map((c, i) => [c, toTarget.refColumns[i] as string]),
          },
        },
        describe: `${junction.name} using ${toParent.name}${cols('', toParent.columns)} and ${toTarget.name}${cols('', toTarget.columns)}`,
        names: [],
        hints: [junction.name, toParent.name, toTarget.name],
      });
    }
  }
  // computed relationships: f(parent) returning rows of a table
  for (const fns of cache.functions.values())
    for (const fn of fns) {
      const only = fn.args.length === 1 ? fn.args[0] : undefined;
      if (only?.rowTable !== parent.name || !fn.returnsTable) continue;
      const target = cache.tables.get(fn.returnsTable);
      if (!target) continue;
      const many = fn.returnsSet && !fn.rowsOne;
      out.push({
        rel: { kind: many ? 'to-many' : 'to-one', cardinality: 'computed', target, pairs: [], fn },
        describe: `${fn.name}(${parent.name})`,
        names: [fn.name],
        hints: [fn.name],
      });
    }
  return out;
}

/** Finds the relationship `parent -> name` (table, FK column or FK constraint name), with an optional hint. */
export function resolveRelationship(
  cache: SchemaCache,
  parent: TableInfo,
  name: string,
  hint?: string,
): Relationship {
  const all = relationshipsOf(cache, parent);
  // a function named like the embed wins: computed relationships override the others
  const computed = all.filter((c) => c.rel.cardinality === 'computed' && c.names.includes(name));
  let found = computed.length
    ? computed
    : all.filter(
        (c) =>
          c.rel.cardinality !== 'computed' &&
          (c.rel.target.name === name || (hint === undefined && c.names.includes(name))),
      );
  if (hint !== undefined)
    found = found.filter(
      (c) =>
        (c.hints.includes(hint) || c.rel.target.name === hint) &&
        // a table embedding itself takes a key-column hint, never the key's constraint name
        // (PostgREST finds no relationship then: 400 PGRST200)
        !(name === parent.name && c.fk?.table === c.fk?.refTable && c.fk?.name === hint),
    );
  // a column hint (or a column used as the relation name) names the parent's own FK column: to-one
  const column = hint ?? name;
  if (found.length > 1 && name !== parent.name && parent.columns.has(column)) {
    const own = found.filter(
      (c) =>
        c.rel.kind === 'to-one' && c.fk?.table === parent.name && c.fk.columns.includes(column),
    );
    if (own.length === 1) found = own;
  }
  // a key named by its column or constraint: the table's own key over the views that inherit it
  if (found.length > 1 && found.some((c) => c.rel.target.name !== name)) {
    const own = found.filter((c) => !c.fk?.viaView);
    if (own.length >= 1) found = own;
  }
  // a table embedding itself by its own name (with or without a hint): its children, as
  // PostgREST drops the self-referencing many-to-one side (its key column as the name gives it)
  if (found.length > 1 && name === parent.name) {
    const children = found.filter(
      (c) =>
        !(
          c.fk?.table === parent.name &&
          c.fk.refTable === parent.name &&
          c.rel.pairs?.[0]?.[0] === c.fk.columns[0]
        ),
    );
    if (children.length >= 1) found = children;
  }
  const schema = parent.schema;
  if (found.length === 0)
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
      null,
    );
  if (found.length > 1)
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map((c) => ({
        cardinality: c.rel.cardinality,
        embedding: `${parent.name} with ${c.rel.target.name}`,
        relationship: c.describe,
      })),
      `Try changing '${name}' to one of the following: ${found
        .map((c) => `'${name}!${c.rel.junction ? c.rel.junction.table.name : (c.fk?.name ?? '')}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  return (found[0] as Candidate).rel;
}

/** `rel(count)` (no parentheses) inside an embed is PostgREST's row count: `count()`. */
function embedSelect(select: SelectItem[], target: TableInfo): SelectItem[] {
  return select.map((i) =>
    i.type === 'field' &&
    i.field.name === 'count' &&
    !i.field.json.length &&
    !i.aggregate &&
    !target.columns.has('count')
      ? { ...i, field: { name: '', json: [] }, aggregate: 'count' as const }
      : i,
  );
}

/** Builds the node tree for a select list on a table (recursively resolving embeds). */
export function buildReadNode(
  cache: SchemaCache,
  table: TableInfo | null,
  select: SelectItem[],
  counter: { n: number } = { n: 0 },
  depth = 0,
): ReadNode {
  const alias = `t${counter.n++}`;
  const errorName = table ? (depth ? `${table.name}_${depth}` : table.name) : alias;
  const node: ReadNode = { table, alias, errorName, select, conds: [], order: [], embeds: [] };
  const seen = new Set<string>();
  for (const item of select) {
    if (item.type !== 'embed') continue;
    if (!table)
      throw new ApiError(400, 'PGRST200', `Could not find a relationship for '${item.relation}'`);
    const rel = resolveRelationship(cache, table, item.relation, item.hint);
    if (item.spread && rel.kind === 'to-many')
      throw new ApiError(
        400,
        'PGRST119',
        `A spread operation on '${item.relation}' is not possible`,
        `'${table.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    const jsonName = item.alias ?? item.relation;
    // two embeds under one name: PostgREST's query names both joins alike and Postgres refuses
    if (!item.spread && item.select.length > 0 && seen.has(jsonName))
      throw new ApiError(
        400,
        '42712',
        `table name "${table.name}_${jsonName}_${depth + 1}" specified more than once`,
      );
    seen.add(jsonName);
    const child = buildReadNode(
      cache,
      rel.target,
      embedSelect(item.select, rel.target),
      counter,
      depth + 1,
    );
    node.embeds.push({
      ...child,
      table: rel.target,
      jsonName,
      relation: item.relation,
      rel,
      inner: item.inner,
      spread: item.spread ?? false,
      empty: item.select.length === 0,
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

/** A column (or computed column) of the node's table; on an RPC result any plain identifier. */
export function checkColumn(node: ReadNode, name: string): void {
  const table = node.table;
  if (!table) {
    if (!/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name)) throw parseError('column', `bad column "${name}"`);
    return;
  }
  if (!table.columns.has(name) && !table.computed?.has(name))
    throw new ApiError(400, '42703', `column ${node.errorName}.${name} does not exist`, null, null);
}
