import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { JwtError, resolveCaller, type Caller } from '../authz.js';
import { runAs } from '../db/run-as.js';
import type { Queryable } from '../db/types.js';
import { ApiError, toApiError } from './errors.js';
import { parsePrefer, parseRequest, type Prefer } from './request.js';
import type { FunctionInfo, SchemaCache, TableInfo } from './schema.js';
import {
  MAX_ROWS,
  Params,
  countSql,
  lookupTable,
  orderSql,
  pgArrayLiteral,
  quoteIdent,
  readSql,
  selectListSql,
  tableSource,
  whereSql,
  wrapJson,
  type ReadNode,
} from './sql.js';

const OBJECT_MIME = 'application/vnd.pgrst.object+json';
const JSON_CT = 'application/json; charset=utf-8';

interface Outcome {
  status: number;
  body: string | null;
  contentRange?: string;
}

function wantsObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(OBJECT_MIME);
}

function checkProfile(c: Context): void {
  const p = c.req.header('accept-profile') ?? c.req.header('content-profile');
  if (p && p !== 'public')
    throw new ApiError(
      406,
      'PGRST106',
      'Invalid schema: ' + p.slice(0, 60),
      null,
      'Only the following schemas are exposed: public',
    );
  const accept = c.req.header('accept');
  if (accept && /text\/csv|application\/geo\+json|application\/vnd\.pgrst\.plan/.test(accept))
    throw new ApiError(
      406,
      'PGRST107',
      'None of these media types are available: ' + accept.slice(0, 80),
    );
}

function singleCheck(n: number): void {
  if (n !== 1)
    throw new ApiError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${n} rows`,
      null,
    );
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

async function readJsonBody(c: Context): Promise<unknown> {
  const ct = c.req.header('content-type') ?? 'application/json';
  if (!/^application\/(json|vnd\.pgrst\.object\+json)/i.test(ct) && !/^text\/plain/i.test(ct))
    throw new ApiError(415, 'PGRST102', `Content-Type not acceptable: ${ct.slice(0, 60)}`);
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkPayloadColumn(t: TableInfo, col: string): void {
  if (!t.columns.has(col))
    throw new ApiError(
      400,
      'PGRST204',
      `Could not find the '${col.slice(0, 63)}' column of '${t.name}' in the schema cache`,
    );
}

export function restApp(ctx: AppContext): Hono {
  const app = new Hono();

  const getTable = async (name: string): Promise<{ cache: SchemaCache; table: TableInfo }> => {
    let cache = ctx.schema;
    if (!cache.tables.has(name) && Date.now() - cache.loadedAt > 250)
      cache = await ctx.reloadSchema();
    return { cache, table: lookupTable(cache, name) };
  };

  const handle = async (
    c: Context,
    fn: (caller: Caller) => Promise<Outcome>,
  ): Promise<Response> => {
    let caller: Caller | null = null;
    try {
      checkProfile(c);
      caller = await resolveCaller(ctx.keys, {
        authorization: c.req.header('authorization'),
        apikey: c.req.header('apikey'),
      });
      const out = await fn(caller);
      const headers: Record<string, string> = {};
      if (out.body !== null)
        headers['content-type'] = wantsObject(c) ? `${OBJECT_MIME}; charset=utf-8` : JSON_CT;
      if (out.contentRange) headers['content-range'] = out.contentRange;
      if (c.req.method === 'HEAD') return new Response(null, { status: out.status, headers });
      return new Response(out.body, { status: out.status, headers });
    } catch (e) {
      if (e instanceof JwtError) {
        return c.json(
          {
            code: e.expired ? 'PGRST303' : 'PGRST301',
            message: e.message,
            details: null,
            hint: null,
          },
          401,
          { 'www-authenticate': `Bearer error="invalid_token", error_description="${e.message}"` },
        );
      }
      const err = toApiError(e, caller?.isUser ?? false);
      return new Response(c.req.method === 'HEAD' ? null : JSON.stringify(err.toJSON()), {
        status: err.status,
        headers: { 'content-type': JSON_CT },
      });
    }
  };

  const reqInfo = (c: Context) => ({ method: c.req.method, path: new URL(c.req.url).pathname });

  // ---------------------------------------------------------------- reads
  const read = (c: Context) =>
    handle(c, async (caller) => {
      const { cache, table } = await getTable(c.req.param('table') as string);
      const url = new URL(c.req.url);
      const prefer = parsePrefer(c.req.header('prefer'));
      const { root } = parseRequest(cache, table, tableSource(table), url, {
        range: c.req.header('range'),
      });
      // a read nobody waits for any more is skipped (writes always run: the client may
      // have gone, but what it sent should still happen or fail on its own terms)
      return runAs(ctx.db, caller, { ...reqInfo(c), signal: c.req.raw.signal }, (tx) =>
        readRows(tx, root, prefer, wantsObject(c)),
      );
    });

  app.get('/:table', read);
  app.on('HEAD', '/:table', read);

  // ---------------------------------------------------------------- insert / upsert
  app.post('/:table', (c) =>
    handle(c, async (caller) => {
      const { cache, table } = await getTable(c.req.param('table'));
      const url = new URL(c.req.url);
      const prefer = parsePrefer(c.req.header('prefer'));
      const parsed = parseRequest(cache, table, tableSource(table), url, {});
      const body = await readJsonBody(c);
      const rows = body === undefined ? [] : Array.isArray(body) ? body : [body];
      if (!rows.every(isPlainObject))
        throw new ApiError(
          400,
          'PGRST102',
          'All object keys must match',
          'Expected a JSON object or an array of objects',
        );
      const objs = rows as Record<string, unknown>[];
      const src = tableSource(table);
      // group rows by the columns they set so that missing keys keep their column defaults
      const groups = new Map<string, { cols: string[]; rows: Record<string, unknown>[] }>();
      if (parsed.columns && !prefer.missingDefault) {
        parsed.columns.forEach((col) => checkPayloadColumn(table, col));
        groups.set('cols', { cols: parsed.columns, rows: objs });
      } else {
        for (const r of objs) {
          let cols = Object.keys(r);
          if (parsed.columns) cols = cols.filter((k) => parsed.columns?.includes(k));
          cols.forEach((col) => checkPayloadColumn(table, col));
          const key = cols.slice().sort().join(',');
          const g = groups.get(key) ?? { cols, rows: [] };
          g.rows.push(r);
          groups.set(key, g);
        }
      }
      let conflict = '';
      if (prefer.resolution || parsed.onConflict) {
        const target = parsed.onConflict ?? table.pk;
        if (!target.length)
          throw new ApiError(400, 'PGRST100', 'on_conflict needs a column list or a primary key');
        target.forEach((col) => checkPayloadColumn(table, col));
        const tq = target.map(quoteIdent).join(', ');
        if (prefer.resolution === 'ignore-duplicates') conflict = ` on conflict (${tq}) do nothing`;
        else if (prefer.resolution === 'merge-duplicates')
          conflict = ` on conflict (${tq}) do update set %SET%`;
      }
      const representation = prefer.return === 'representation';
      const single = wantsObject(c);
      return runAs(ctx.db, caller, reqInfo(c), async (tx) => {
        const bodies: unknown[] = [];
        let total = 0;
        let text: string | null = null;
        for (const g of groups.values()) {
          const params = new Params();
          if (g.cols.length === 0) {
            // every row is {}: default values, one statement per row
            for (let i = 0; i < g.rows.length; i++) {
              const p = new Params();
              const s = `insert into ${src} as "t0" default values${representation ? ' returning "t0".*' : ''}`;
              const out = await mutationResult(tx, s, parsed.root, p, representation);
              total += out.n;
              if (out.body) bodies.push(...(JSON.parse(out.body) as unknown[]));
            }
            continue;
          }
          const colList = g.cols.map(quoteIdent).join(', ');
          const set = g.cols
            .map((col) => `${quoteIdent(col)} = excluded.${quoteIdent(col)}`)
            .join(', ');
          const stmt =
            `insert into ${src} as "t0" (${colList}) select ${colList} from json_populate_recordset(null::${src}, ${params.add(JSON.stringify(g.rows))}::json) as _j` +
            conflict.replace('%SET%', set) +
            (representation ? ' returning "t0".*' : '');
          const out = await mutationResult(tx, stmt, parsed.root, params, representation);
          total += out.n;
          if (out.body !== null) {
            if (groups.size === 1) text = out.body;
            else bodies.push(...(JSON.parse(out.body) as unknown[]));
          }
        }
        if (single) singleCheck(total);
        if (representation && text === null) text = JSON.stringify(bodies);
        if (single && text !== null) text = JSON.stringify((JSON.parse(text) as unknown[])[0]);
        return {
          status: 201,
          body: representation ? text : null,
          contentRange: `*/${prefer.count ? total : '*'}`,
        };
      });
    }),
  );

  // ---------------------------------------------------------------- update
  app.patch('/:table', (c) =>
    handle(c, async (caller) => {
      const { cache, table } = await getTable(c.req.param('table'));
      const url = new URL(c.req.url);
      const prefer = parsePrefer(c.req.header('prefer'));
      const parsed = parseRequest(cache, table, tableSource(table), url, {});
      const body = await readJsonBody(c);
      if (body !== undefined && !isPlainObject(body))
        throw new ApiError(400, 'PGRST102', 'Expected a JSON object for PATCH');
      const patch = (body ?? {}) as Record<string, unknown>;
      const cols = Object.keys(patch);
      cols.forEach((col) => checkPayloadColumn(table, col));
      const representation = prefer.return === 'representation';
      const single = wantsObject(c);
      return runAs(ctx.db, caller, reqInfo(c), async (tx) => {
        if (cols.length === 0) {
          if (single) singleCheck(0);
          return { status: representation ? 200 : 204, body: representation ? '[]' : null };
        }
        const params = new Params();
        const src = tableSource(table);
        const set = cols.map((col) => `${quoteIdent(col)} = _v.${quoteIdent(col)}`).join(', ');
        const stmt =
          `update ${src} as "t0" set ${set} from json_populate_record(null::${src}, ${params.add(JSON.stringify(patch))}::json) as _v` +
          whereSql(parsed.root, params) +
          (representation ? ' returning "t0".*' : '');
        const out = await mutationResult(tx, stmt, parsed.root, params, representation);
        if (single) singleCheck(out.n);
        return {
          status: representation ? 200 : 204,
          body: representation ? asObject(out.body, single) : null,
          contentRange: `0-${Math.max(out.n - 1, 0)}/${prefer.count ? out.n : '*'}`,
        };
      });
    }),
  );

  // ---------------------------------------------------------------- delete
  app.delete('/:table', (c) =>
    handle(c, async (caller) => {
      const { cache, table } = await getTable(c.req.param('table'));
      const url = new URL(c.req.url);
      const prefer = parsePrefer(c.req.header('prefer'));
      const parsed = parseRequest(cache, table, tableSource(table), url, {});
      const representation = prefer.return === 'representation';
      const single = wantsObject(c);
      return runAs(ctx.db, caller, reqInfo(c), async (tx) => {
        const params = new Params();
        const stmt =
          `delete from ${tableSource(table)} as "t0"` +
          whereSql(parsed.root, params) +
          (representation ? ' returning "t0".*' : '');
        const out = await mutationResult(tx, stmt, parsed.root, params, representation);
        if (single) singleCheck(out.n);
        return {
          status: representation ? 200 : 204,
          body: representation ? asObject(out.body, single) : null,
          contentRange: `0-${Math.max(out.n - 1, 0)}/${prefer.count ? out.n : '*'}`,
        };
      });
    }),
  );

  // ---------------------------------------------------------------- rpc
  const rpc = (c: Context) =>
    handle(c, async (caller) => {
      const name = c.req.param('fn') as string;
      let cache = ctx.schema;
      if (!cache.functions.has(name) && Date.now() - cache.loadedAt > 250)
        cache = await ctx.reloadSchema();
      const fns = cache.functions.get(name) ?? [];
      const url = new URL(c.req.url);
      const argNames = new Set(fns.flatMap((f) => f.args.map((a) => a.name)));
      let args: Record<string, unknown> = {};
      if (c.req.method === 'POST') {
        const body = await readJsonBody(c);
        if (body !== undefined && !isPlainObject(body))
          throw new ApiError(400, 'PGRST102', 'Expected a JSON object of arguments');
        args = (body ?? {}) as Record<string, unknown>;
      } else {
        for (const [k, v] of url.searchParams.entries()) if (argNames.has(k)) args[k] = v;
      }
      const fn = pickFunction(fns, args);
      if (!fn)
        throw new ApiError(
          404,
          'PGRST202',
          `Could not find the function public.${name}(${Object.keys(args).sort().join(', ')}) in the schema cache`,
          `Searched for the function public.${name} with parameters ${Object.keys(args).sort().join(', ') || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        );
      const prefer = parsePrefer(c.req.header('prefer'));
      const params = new Params();
      const argSql = fn.args
        .filter((a) => a.name in args)
        .map(
          (a) =>
            `${quoteIdent(a.name)} => ${params.add(toPgText(args[a.name], a.type))}::${a.type}`,
        )
        .join(', ');
      const call = `"public".${quoteIdent(fn.name)}(${argSql})`;
      const single = wantsObject(c);
      return runAs(ctx.db, caller, reqInfo(c), async (tx) => {
        if (fn.returnsVoid) {
          await tx.query(`select ${call}`, params.values);
          return { status: 204, body: null };
        }
        if (fn.returnsSet) {
          const tname = fn.returnType.replace(/^public\./, '').replace(/^"|"$/g, '');
          const table = cache.tables.get(tname) ?? null;
          const parsed = parseRequest(
            cache,
            table,
            call,
            url,
            { range: c.req.header('range') },
            argNames,
          );
          // parseRequest numbered its own params from 1; merge by re-numbering the call's params first
          const root = parsed.root;
          root.source = call;
          return readRows(tx, root, prefer, single, params);
        }
        const r = await tx.query<{ body: string | null }>(
          `select to_json(${call})::text as body`,
          params.values,
        );
        return { status: 200, body: r.rows[0]?.body ?? 'null' };
      });
    });
  app.post('/rpc/:fn', rpc);
  app.get('/rpc/:fn', rpc);
  app.on('HEAD', '/rpc/:fn', rpc);

  app.get('/', (c) =>
    c.json({ swagger: '2.0', info: { title: 'bistro local PostgREST-compatible API' }, paths: {} }),
  );
  app.all('*', (c) =>
    c.json(
      {
        code: 'PGRST125',
        message: 'Invalid path specified in request URL',
        details: null,
        hint: null,
      },
      404,
    ),
  );
  return app;
}

/** The first element of a JSON array body when a single object was requested. */
function asObject(body: string | null, single: boolean): string | null {
  if (!single || body === null) return body;
  return JSON.stringify((JSON.parse(body) as unknown[])[0] ?? null);
}

function pickFunction(
  fns: FunctionInfo[],
  args: Record<string, unknown>,
): FunctionInfo | undefined {
  const keys = Object.keys(args);
  return fns.find(
    (f) =>
      keys.every((k) => f.args.some((a) => a.name === k)) &&
      f.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
}

function toPgText(v: unknown, type: string): string | null {
  if (v === null || v === undefined) return null;
  if (/^jsonb?$/.test(type)) return JSON.stringify(v);
  if (Array.isArray(v)) return type.endsWith('[]') ? pgArrayLiteral(v) : JSON.stringify(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

async function readRows(
  tx: Queryable,
  root: ReadNode,
  prefer: Prefer,
  single: boolean,
  base: Params = new Params(),
): Promise<Outcome> {
  const params = new Params();
  params.values.push(...base.values);
  const sql = readSql(root, params, { single });
  const r = await tx.query<{ body: string | null; n: number }>(sql, params.values);
  const row = r.rows[0] ?? { body: '[]', n: 0 };
  let total: number | null = null;
  if (prefer.count) {
    const cp = new Params();
    // count ignores limit/offset; the source (an RPC call) may need the base params
    cp.values.push(...base.values);
    const cr = await tx.query<{ n: number }>(countSql(root, cp), cp.values);
    total = cr.rows[0]?.n ?? 0;
  }
  if (single) singleCheck(row.n);
  const offset = root.offset ?? 0;
  const n = row.n;
  const partial =
    total !== null && n < total && (offset > 0 || n === Math.min(root.limit ?? MAX_ROWS, MAX_ROWS));
  return {
    status: partial ? 206 : 200,
    body: row.body ?? (single ? 'null' : '[]'),
    contentRange: contentRange(offset, n, total),
  };
}

/** Runs a mutation, with `returning` wrapped into the JSON of the select list when asked. */
async function mutationResult(
  tx: Queryable,
  stmt: string,
  root: ReadNode,
  params: Params,
  representation: boolean,
): Promise<{ n: number; body: string | null }> {
  if (!representation) {
    const r = await tx.query(stmt, params.values);
    return { n: r.affectedRows, body: null };
  }
  const saved = root.source;
  root.source = '_m';
  try {
    const inner = `select ${selectListSql(root, params)} from "_m" as ${quoteIdent(root.alias)}${orderSql(root, params)}`;
    const sql = `with "_m" as (${stmt}) ${wrapJson(inner, false)}`;
    const r = await tx.query<{ body: string; n: number }>(sql, params.values);
    const row = r.rows[0] ?? { body: '[]', n: 0 };
    return { n: row.n, body: row.body };
  } finally {
    root.source = saved;
  }
}
