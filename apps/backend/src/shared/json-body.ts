import type { Context } from 'hono';

export type JsonBodyProblem = 'invalid' | 'not_object' | 'too_large' | 'too_deep';

/** Why a request body could not be read as a JSON object; each service answers in its own shape. */
export class JsonBodyError extends Error {
  constructor(readonly problem: JsonBodyProblem) {
    super(
      {
        invalid: 'The body is not valid JSON',
        not_object: 'The body must be a JSON object',
        too_large: 'The body is too large',
        too_deep: 'The JSON body is nested too deeply',
      }[problem],
    );
  }
}

/**
 * Reads the request body as one JSON object (not an array, string or null). The app-wide body
 * limit already cuts off oversized bodies; `maxBytes` narrows it for one endpoint.
 */
export async function readJsonObject(
  c: Context,
  opts: { maxBytes?: number } = {},
): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (opts.maxBytes !== undefined && Buffer.byteLength(text) > opts.maxBytes)
    throw new JsonBodyError('too_large');
  let v: unknown;
  try {
    v = JSON.parse(text) as unknown;
  } catch (e) {
    throw new JsonBodyError(e instanceof RangeError ? 'too_deep' : 'invalid');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new JsonBodyError('not_object');
  return v as Record<string, unknown>;
}
