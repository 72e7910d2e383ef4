/** GET /.well-known/jwks.json: the public key that verifies every access token. */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';

export function jwks(api: AuthApi, c: Context): Response {
  return c.json({ keys: [api.keys.publicJwk] });
}
