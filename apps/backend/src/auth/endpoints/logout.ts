/** POST /logout?scope=global|local|others: ends the user's sessions (and their refresh tokens). */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { validationFailed } from '../errors.js';
import { deleteOtherSessions, deleteSession, deleteUserSessions } from '../models/sessions.js';
import { requireUser } from '../session.js';

export async function logout(api: AuthApi, c: Context): Promise<Response> {
  const { db } = api;
  const { user, sessionId } = await requireUser(api, c);
  const scope = c.req.query('scope') ?? 'global';
  if (scope === 'global') await deleteUserSessions(db, user.id);
  else if (scope === 'local') {
    if (sessionId) await deleteSession(db, sessionId);
  } else if (scope === 'others') await deleteOtherSessions(db, user.id, sessionId);
  else throw validationFailed('scope must be one of global, local, others');
  return c.body(null, 204);
}
