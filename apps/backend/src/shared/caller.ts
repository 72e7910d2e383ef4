import type { Context } from 'hono';
import { resolveCaller, type Caller } from '../authz.js';
import type { KeySet } from '../keys.js';

/** The caller of a request, from its apikey and Authorization headers (throws JwtError). */
export function requestCaller(c: Context, keys: KeySet): Promise<Caller> {
  return resolveCaller(keys, {
    authorization: c.req.header('authorization'),
    apikey: c.req.header('apikey'),
  });
}
