/**
 * Supabase's API gateway: a request to /rest/v1, /auth/v1 or /storage/v1 that carries no API
 * key at all (no `apikey` header or query parameter, no bearer token) is answered 401 before
 * any service sees it. Open, as there: CORS preflights, the auth links a mail or a provider
 * opens in a browser (/verify, /callback, /authorize), the auth JWKS, and the storage URLs made
 * to be opened without credentials (public objects and renders, signed links and uploads).
 */
import type { Context, Next } from 'hono';

const OPEN: { methods: string[]; re: RegExp }[] = [
  { methods: ['GET', 'POST'], re: /^\/auth\/v1\/(verify|callback|authorize)\/?$/ },
  { methods: ['GET'], re: /^\/auth\/v1\/\.well-known\// },
  {
    methods: ['GET', 'HEAD'],
    re: /^\/storage\/v1\/(object\/public|object\/sign|render\/image\/public|render\/image\/sign)\//,
  },
  { methods: ['PUT'], re: /^\/storage\/v1\/object\/upload\/sign\// },
];

const GATED = /^\/(rest|auth|storage)\/v1(\/|$)/;

export function hasApiKey(c: Context): boolean {
  return Boolean(c.req.header('apikey') || c.req.header('authorization') || c.req.query('apikey'));
}

export async function apiKeyGate(c: Context, next: Next): Promise<Response | void> {
  const path = new URL(c.req.url).pathname;
  const method = c.req.method;
  if (
    method === 'OPTIONS' ||
    !GATED.test(path) ||
    hasApiKey(c) ||
    OPEN.some((o) => o.methods.includes(method) && o.re.test(path))
  )
    return next();
  return c.json(
    {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    },
    401,
  );
}
