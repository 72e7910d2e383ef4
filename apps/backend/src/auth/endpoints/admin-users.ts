/** /admin/users: the service role creates, lists, reads, changes and deletes users. */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { hashPassword } from '../crypto.js';
import { emailExists, userNotFound, validationFailed } from '../errors.js';
import { listFactors } from '../models/factors.js';
import { listIdentities } from '../models/identities.js';
import { deleteUserSessions } from '../models/sessions.js';
import {
  confirmEmail,
  countUsers,
  createUser,
  deleteUser,
  emailTaken,
  findUserByEmail,
  findUserById,
  getUserById,
  listUserIds,
  mergeAppMetadata,
  mergeUserMetadata,
  setBan,
  setEmail,
  setPassword,
  touchUser,
  type UserRow,
} from '../models/users.js';
import {
  checkPassword,
  emailField,
  metaObj,
  optionalStr,
  readBody,
  userIdParam,
} from '../request.js';
import { requireServiceRole } from '../session.js';
import { userJson } from '../user-json.js';

const withIdentities = async (api: AuthApi, u: UserRow) =>
  userJson(u, await listIdentities(api.db, u.id), await listFactors(api.db, u.id));

export async function createUserAsAdmin(api: AuthApi, c: Context): Promise<Response> {
  await requireServiceRole(api, c);
  const b = await readBody(c);
  const email = emailField(b);
  const password = optionalStr(b['password'], 'password');
  if (password !== undefined) checkPassword(password);
  const userMetadata = metaObj(b['user_metadata'] ?? b['data'], 'user_metadata');
  const appMetadata = {
    provider: 'email',
    providers: ['email'],
    ...metaObj(b['app_metadata'], 'app_metadata'),
  };
  const passwordHash = password ? await hashPassword(password) : null;
  const user = await api.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailExists();
    return createUser(tx, {
      email,
      passwordHash,
      appMetadata,
      userMetadata,
      confirmed: b['email_confirm'] === true,
      signedIn: false,
    });
  });
  return c.json(await withIdentities(api, user));
}

/**
 * A `page` or `per_page` query value: an unsigned whole number, or GoTrue's 400 with the
 * parser's words.
 */
function pageParam(v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  if (!/^[0-9]{1,15}$/.test(v))
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${v}": invalid syntax`,
    );
  return Number(v);
}

export async function listUsers(api: AuthApi, c: Context): Promise<Response> {
  const { db, config } = api;
  await requireServiceRole(api, c);
  const page = Math.max(1, pageParam(c.req.query('page'), 1));
  const perPage = Math.min(1000, Math.max(1, pageParam(c.req.query('per_page'), 50)));
  const n = await countUsers(db);
  const users = [];
  for (const id of await listUserIds(db, perPage, (page - 1) * perPage)) {
    const u = await findUserById(db, id);
    if (u) users.push(await withIdentities(api, u));
  }
  const last = Math.max(1, Math.ceil(n / perPage));
  const base = `${config.apiUrl}/auth/v1/admin/users`;
  const links = [`<${base}?page=${last}&per_page=${perPage}>; rel="last"`];
  if (page < last) links.unshift(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  c.header('x-total-count', String(n));
  c.header('link', links.join(', '));
  return c.json({ users, aud: 'authenticated' });
}

export async function getUserAsAdmin(api: AuthApi, c: Context): Promise<Response> {
  await requireServiceRole(api, c);
  const u = await findUserById(api.db, userIdParam(c));
  if (!u) throw userNotFound();
  return c.json(await withIdentities(api, u));
}

/** `ban_duration`: "none" lifts a ban, "<hours>h" bans (and ends every session). */
function banHours(d: string): number | null {
  if (d === 'none') return null;
  const m = /^([0-9]{1,6})h$/.exec(d);
  if (!m) throw validationFailed('ban_duration must look like "24h" or "none"');
  return Number(m[1]);
}

export async function updateUserAsAdmin(api: AuthApi, c: Context): Promise<Response> {
  const { db } = api;
  await requireServiceRole(api, c);
  const id = userIdParam(c);
  const b = await readBody(c);
  const current = await findUserById(db, id);
  if (!current) throw userNotFound();
  const rawEmail = optionalStr(b['email'], 'email');
  const email = rawEmail === undefined ? undefined : emailField(b);
  const changesEmail = email !== undefined && email !== (current.email ?? '').toLowerCase();
  const password = optionalStr(b['password'], 'password');
  if (password !== undefined) checkPassword(password);
  const hash = password ? await hashPassword(password) : null;
  await db.transaction(async (tx) => {
    if (changesEmail) {
      if (await emailTaken(tx, email, id)) throw emailExists();
      // the admin's word sets the address; email_confirm (below) confirms it
      await setEmail(tx, id, email, false);
    }
    if (hash) await setPassword(tx, id, hash);
    if (b['email_confirm'] === true) await confirmEmail(tx, id);
    if (b['user_metadata'] !== undefined)
      await mergeUserMetadata(tx, id, metaObj(b['user_metadata'], 'user_metadata'), {
        stripNulls: false,
      });
    if (b['app_metadata'] !== undefined)
      await mergeAppMetadata(tx, id, metaObj(b['app_metadata'], 'app_metadata'));
    if (typeof b['ban_duration'] === 'string') {
      const hours = banHours(b['ban_duration']);
      await setBan(tx, id, hours);
      if (hours !== null) await deleteUserSessions(tx, id);
    }
    await touchUser(tx, id);
  });
  return c.json(await withIdentities(api, await getUserById(db, id)));
}

export async function deleteUserAsAdmin(api: AuthApi, c: Context): Promise<Response> {
  const { db } = api;
  await requireServiceRole(api, c);
  const id = userIdParam(c);
  const u = await findUserById(db, id);
  if (!u) throw userNotFound();
  const identities = await listIdentities(db, id);
  const factors = await listFactors(db, id);
  await deleteUser(db, id);
  return c.json(userJson(u, identities, factors));
}
