/** Sends one fuzz case through the app in-process and judges the answer. */
import type { Hono } from 'hono';
import type { FuzzCase } from './fuzz.js';

export interface FuzzOutcome {
  status: number;
  text: string;
}

/** One request through the app in-process, with a deadline (a hang is a failure). */
export async function send(
  app: Hono,
  base: string,
  c: FuzzCase,
  auth: { apikey: string; token: string },
  timeoutMs: number,
): Promise<FuzzOutcome> {
  let url: string;
  try {
    url = new URL(`${base}/rest/v1/${c.path}?${c.query}`).toString();
  } catch {
    // not a URL a client could send; count it as the client's own 4xx
    return { status: 400, text: '{"code":"client","message":"","details":null,"hint":null}' };
  }
  const headers = new Headers();
  headers.set('apikey', auth.apikey);
  headers.set('authorization', `Bearer ${auth.token}`);
  for (const [k, v] of Object.entries(c.headers)) {
    try {
      headers.set(k, v);
    } catch {
      // a header value fetch itself refuses (e.g. a control character): leave it out
    }
  }
  const init: RequestInit = { method: c.method, headers };
  if (c.body !== undefined) init.body = c.body;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const res = await Promise.race([app.fetch(new Request(url, init)), deadline]);
    const text = await Promise.race([res.text(), deadline]);
    return { status: res.status, text };
  } finally {
    clearTimeout(timer);
  }
}

/** null when the answer is acceptable, else why not. */
export function judge(c: FuzzCase, o: FuzzOutcome): string | null {
  if (o.status >= 500) return `status ${o.status}`;
  if (o.status < 200 || (o.status >= 300 && o.status < 400)) return `status ${o.status}`;
  if (o.status >= 400 && c.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(o.text);
    } catch {
      return `a ${o.status} without a JSON body`;
    }
    const keys =
      body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : [];
    if (keys.join(',') !== 'code,details,hint,message')
      return `a ${o.status} not in PostgREST's error shape`;
    if (/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/.test(o.text)) return 'a stack trace in the body';
  }
  return null;
}

export const describeCase = (c: FuzzCase) =>
  `${c.method} /rest/v1/${c.path}?${c.query} headers=${JSON.stringify(c.headers)} body=${c.body ?? ''}`;
