/**
 * Direct API access for the admin e2e tests: the service role (from the suite's
 * keys.json) to arrange data the way other users would have left it, members'
 * own tokens for what members do, and the dev inbox.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signInThroughApi } from './session';
import { DATA_DIR, inboxUrl } from './suite';

interface Keys {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

let keysPromise: Promise<Keys> | null = null;

export function suiteKeys(): Promise<Keys> {
  keysPromise ??= readFile(
    join(import.meta.dirname, '..', '..', DATA_DIR, 'keys.json'),
    'utf8',
  ).then((text) => JSON.parse(text) as Keys);
  return keysPromise;
}

async function request<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; prefer?: string } = {},
): Promise<T> {
  const keys = await suiteKeys();
  const token = init.token ?? keys.serviceRoleKey;
  const response = await fetch(`${keys.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: init.token ? keys.anonKey : keys.serviceRoleKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.prefer ? { Prefer: init.prefer } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** PostgREST as the service role (bypasses RLS) or, with `token`, as that member. */
export const rest = <T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> =>
  request<T>(`/rest/v1/${path}`, {
    ...init,
    prefer: init.method && init.method !== 'GET' ? 'return=representation' : undefined,
  });

/** A confirmed member created through the auth admin API (GoTrue), as a venue admin would. */
export async function createMember(
  email: string,
  firstName: string,
  lastName: string,
  password?: string,
): Promise<string> {
  const user = await request<{ id: string }>('/auth/v1/admin/users', {
    method: 'POST',
    body: {
      email,
      ...(password ? { password } : {}),
      email_confirm: true,
      user_metadata: { first_name: firstName, last_name: lastName },
    },
  });
  return user.id;
}

export async function memberToken(email: string, password = 'password123') {
  const { session } = await signInThroughApi(email, password);
  return { token: session.access_token, userId: session.user.id };
}

/** Uploads a file into a storage bucket as a member and returns its public URL. */
export async function uploadAs(
  token: string,
  bucket: string,
  path: string,
  body: Buffer,
  contentType: string,
): Promise<string> {
  const keys = await suiteKeys();
  const response = await fetch(`${keys.url}/storage/v1/object/${bucket}/${path}`, {
    method: 'POST',
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': contentType,
    },
    body: new Uint8Array(body),
  });
  if (!response.ok)
    throw new Error(`upload ${bucket}/${path}: HTTP ${response.status} ${await response.text()}`);
  return `${keys.url}/storage/v1/object/public/${bucket}/${path}`;
}

export interface InboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The dev inbox, newest first. */
export async function inbox(to: string): Promise<InboxMessage[]> {
  const response = await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as InboxMessage[];
}

/** A valid 8x8 PNG (event images and photos must really be images: the storage API sniffs them). */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNYlv0fK2IYWhIAfYWEAQ/ThEsAAAAASUVORK5CYII=',
  'base64',
);

export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** An exact row count (HEAD with Prefer: count=exact), past the API's row limit. */
export async function countRows(pathAndQuery: string): Promise<number> {
  const keys = await suiteKeys();
  const response = await fetch(`${keys.url}/rest/v1/${pathAndQuery}`, {
    method: 'HEAD',
    headers: {
      apikey: keys.serviceRoleKey,
      Authorization: `Bearer ${keys.serviceRoleKey}`,
      Prefer: 'count=exact',
    },
  });
  const range = response.headers.get('content-range') ?? '';
  const total = Number(range.split('/')[1]);
  if (!response.ok || !Number.isFinite(total)) {
    throw new Error(`count ${pathAndQuery}: HTTP ${response.status} ${range}`);
  }
  return total;
}
