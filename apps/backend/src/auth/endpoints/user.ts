/** GET /user and PUT /user: the signed-in user, and changes to their password and metadata. */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { hashPassword, passwordMatches } from '../crypto.js';
import { emailChangeNotSupported, samePassword } from '../errors.js';
import { listIdentities } from '../models/identities.js';
import { deleteOtherSessions } from '../models/sessions.js';
import { getUserById, mergeUserMetadata, setPassword } from '../models/users.js';
import { checkPassword, metaObj, optionalStr, readBody } from '../request.js';
import { requireUser } from '../session.js';
import { userJson } from '../user-json.js';

export async function getUser(api: AuthApi, c: Context): Promise<Response> {
  const { user } = await requireUser(api, c);
  return c.json(userJson(user, await listIdentities(api.db, user.id)));
}

/**
 * Changes the password and/or merges metadata. A new password ends every other session of the
 * user (their refresh tokens stop working): whoever knew the old one is signed out.
 */
export async function updateUser(api: AuthApi, c: Context): Promise<Response> {
  const { db } = api;
  const { user, sessionId } = await requireUser(api, c);
  const b = await readBody(c);
  const password = optionalStr(b['password'], 'password');
  const data = b['data'] === undefined ? undefined : metaObj(b['data'], 'data');
  if (b['email'] !== undefined && b['email'] !== user.email) throw emailChangeNotSupported();
  if (password !== undefined) {
    checkPassword(password);
    if (user.encrypted_password && (await passwordMatches(password, user.encrypted_password)))
      throw samePassword();
  }
  const hash = password !== undefined ? await hashPassword(password) : null;
  await db.transaction(async (tx) => {
    if (hash) {
      await setPassword(tx, user.id, hash);
      await deleteOtherSessions(tx, user.id, sessionId);
    }
    // GoTrue merges top-level keys; a null value removes the key
    if (data) await mergeUserMetadata(tx, user.id, data, { stripNulls: true });
  });
  const fresh = await getUserById(db, user.id);
  return c.json(userJson(fresh, await listIdentities(db, user.id)));
}
