/**
 * The /rest/v1 HTTP layer: routes, the caller's identity, the schema cache, and errors in
 * PostgREST's shape. Each request goes ApiRequest (request.ts) -> Plan (plan.ts) -> SQL
 * (query/) run in the caller's transaction (execute.ts) -> Response (response.ts).
 */
import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { JwtError, type Caller } from '../authz.js';
import { requestCaller } from '../shared/caller.js';
import { runAs } from '../db/run-as.js';
import { toApiError } from './errors.js';
import { execute } from './execute.js';
import { planRequest } from './plan.js';
import { checkProfileAndMedia, parseApiRequest, type RawRequest } from './request.js';
import { JSON_CT, RollbackWith, respond } from './response.js';
import { loadSchema, type SchemaCache } from './schema.js';
import { restSettings } from '../config.js';

/** A name missing from the cache reloads it, at most every 250 ms (new tables, new functions). */
const RELOAD_AFTER_MS = 250;

export function restApp(ctx: AppContext): Hono {
  const app = new Hono();
  const settings = restSettings(ctx.config);
  // public is the app's shared cache; other exposed schemas have their own here
  const others = new Map<string, SchemaCache>();
  const loadOther = async (schema: string): Promise<SchemaCache> => {
    const cache = await loadSchema(ctx.db, schema);
    others.set(schema, cache);
    return cache;
  };

  const schemaWith = async (
    schema: string,
    has: (cache: SchemaCache) => boolean,
  ): Promise<SchemaCache> => {
    if (schema === 'public') {
      const cache = ctx.schema;
      if (!has(cache) && Date.now() - cache.loadedAt > RELOAD_AFTER_MS) return ctx.reloadSchema();
      return cache;
    }
    const held = others.get(schema);
    // loaded before the app's cache was last reloaded (NOTIFY pgrst, 'reload schema'): stale
    const cache = held && held.loadedAt >= ctx.schema.loadedAt ? held : await loadOther(schema);
    if (!has(cache) && Date.now() - cache.loadedAt > RELOAD_AFTER_MS) return loadOther(schema);
    return cache;
  };

  const rawRequest = async (c: Context): Promise<RawRequest> => {
    const method = c.req.method.toUpperCase();
    const raw: RawRequest = {
      method,
      url: new URL(c.req.url),
      header: (name) => c.req.header(name),
    };
    if (method === 'POST' || method === 'PATCH') raw.body = await c.req.text();
    return raw;
  };

  const serve = async (
    c: Context,
    target: { kind: 'table' | 'rpc'; name: string },
  ): Promise<Response> => {
    let caller: Caller | null = null;
    try {
      const schema = checkProfileAndMedia(
        c.req.method.toUpperCase(),
        (name) => c.req.header(name),
        settings.schemas,
      );
      caller = await requestCaller(c, ctx.keys);
      const cache = await schemaWith(schema, (s) =>
        target.kind === 'rpc' ? s.functions.has(target.name) : s.tables.has(target.name),
      );
      const argNames = new Set(
        (cache.functions.get(target.name) ?? []).flatMap((f) => f.args.map((a) => a.name)),
      );
      const req = parseApiRequest(
        await rawRequest(c),
        target,
        target.kind === 'rpc' ? argNames : undefined,
        schema,
      );
      const plan = planRequest(req, cache, { aggregates: settings.aggregates });
      const info = { method: req.method, path: new URL(c.req.url).pathname };
      // a read nobody waits for any more is skipped (writes always run: the client may
      // have gone, but what it sent should still happen or fail on its own terms)
      const signal = plan.kind === 'read' ? { signal: c.req.raw.signal } : {};
      const out = await runAs(ctx.db, caller, { ...info, ...signal }, async (tx) => {
        const outcome = respond(req, plan, await execute(tx, plan));
        if (req.prefer.tx === 'rollback') throw new RollbackWith(outcome);
        return outcome;
      }).catch((e: unknown) => {
        if (e instanceof RollbackWith) return e.outcome;
        throw e;
      });
      return new Response(req.headOnly ? null : out.body, {
        status: out.status,
        headers: out.headers,
      });
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

  const table = (c: Context) => serve(c, { kind: 'table', name: c.req.param('table') as string });
  const rpc = (c: Context) => serve(c, { kind: 'rpc', name: c.req.param('fn') as string });

  app.get('/:table', table);
  app.on('HEAD', '/:table', table);
  app.post('/:table', table);
  app.patch('/:table', table);
  app.delete('/:table', table);
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
