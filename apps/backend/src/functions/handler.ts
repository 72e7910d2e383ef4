/**
 * Edge functions at /functions/v1/<name>: runs supabase/functions/<name>/index.ts.
 * Convention (works here and on hosted Supabase): the module exports
 *   export async function handler(req: Request): Promise<Response>
 * and calls `Deno.serve(handler)` only when `globalThis.Deno` exists. A default export of
 * such a function, or of `{ fetch }`, is accepted too.
 */
import { Hono, type Context } from 'hono';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { AppContext } from '../context.js';
import { JwtError } from '../authz.js';
import { requestCaller } from '../shared/caller.js';
import { runAs } from '../db/run-as.js';
import { isPgError } from '../db/types.js';

type Handler = (req: Request) => Response | Promise<Response>;

const NAME_RE = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const TIMEOUT_MS = 30_000;

function pickHandler(mod: Record<string, unknown>): Handler | null {
  const h = mod['handler'];
  if (typeof h === 'function') return h as Handler;
  const d = mod['default'];
  if (typeof d === 'function') return d as Handler;
  if (d && typeof d === 'object' && typeof (d as { fetch?: unknown }).fetch === 'function') {
    const obj = d as { fetch: Handler };
    return (req) => obj.fetch(req);
  }
  return null;
}

export function functionsApp(ctx: AppContext): Hono {
  const app = new Hono();
  const cache = new Map<string, Promise<Handler | null>>();

  const load = (name: string): Promise<Handler | null> => {
    let p = cache.get(name);
    if (!p) {
      const dir = path.join(ctx.config.supabaseDir, 'functions', name);
      const file = ['index.ts', 'index.js', 'index.mjs']
        .map((f) => path.join(dir, f))
        .find((f) => existsSync(f));
      p = file
        ? import(pathToFileURL(file).href).then((m: Record<string, unknown>) => pickHandler(m))
        : Promise.resolve(null);
      p.catch(() => cache.delete(name));
      cache.set(name, p);
    }
    return p;
  };

  const run = async (c: Context): Promise<Response> => {
    const name = c.req.param('name') ?? '';
    if (!NAME_RE.test(name))
      return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    // hosted Supabase verifies the JWT before a function runs (verify_jwt = true)
    try {
      if (!c.req.header('authorization') && !c.req.header('apikey'))
        return c.json({ code: 401, message: 'Missing authorization header' }, 401);
      const caller = await requestCaller(c, ctx.keys);
      // a deleted user's token is refused (auth.require_live_user() in the preamble)
      if (caller.isUser && caller.role === 'authenticated')
        await runAs(ctx.db, caller, { method: c.req.method, path: c.req.path }, async () => null);
    } catch (e) {
      if (e instanceof JwtError || (isPgError(e) && e.code === 'PT401'))
        return c.json({ code: 401, message: 'Invalid JWT' }, 401);
      throw e;
    }
    let handler: Handler | null;
    try {
      handler = await load(name);
    } catch (e) {
      console.error(`[functions] ${name} failed to load:`, e);
      return c.json(
        { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
        503,
      );
    }
    if (!handler)
      return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    // The function reads these as Deno.env / process.env on hosted Supabase and here.
    process.env['SUPABASE_URL'] = ctx.config.apiUrl;
    process.env['SUPABASE_ANON_KEY'] = ctx.anonKey;
    process.env['SUPABASE_SERVICE_ROLE_KEY'] = ctx.serviceRoleKey;
    process.env['BISTRO_MAIL_URL'] = `${ctx.config.apiUrl}/mail/v1/send`;
    // Links in mails (the booking cancel page) point at the app.
    process.env['SITE_URL'] = ctx.config.siteUrl;
    const url = new URL(c.req.url);
    const target = `${ctx.config.apiUrl}${url.pathname}${url.search}`;
    const hasBody = !['GET', 'HEAD'].includes(c.req.method);
    const req = new Request(target, {
      method: c.req.method,
      headers: c.req.raw.headers,
      ...(hasBody ? { body: await c.req.arrayBuffer() } : {}),
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const res = await Promise.race([
        Promise.resolve(handler(req)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
        }),
      ]);
      if (!(res instanceof Response)) throw new Error('handler did not return a Response');
      return res;
    } catch (e) {
      console.error(`[functions] ${name} failed:`, e);
      const timeout = (e as Error).message === 'timeout';
      return c.json(
        {
          code: timeout ? 'WORKER_LIMIT' : 'WORKER_ERROR',
          message: timeout
            ? 'Function timed out'
            : 'Function exited due to an error (please check logs)',
        },
        timeout ? (546 as 500) : 500,
      );
    } finally {
      clearTimeout(timer);
    }
  };

  app.all('/:name', run);
  app.all('/:name/*', run);
  return app;
}
