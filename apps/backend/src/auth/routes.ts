/** GoTrue-compatible auth API (the subset supabase-js calls), mounted at /auth/v1: the route table. */
import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import type { AuthApi } from './api.js';
import {
  createUserAsAdmin,
  deleteUserAsAdmin,
  getUserAsAdmin,
  listUsers,
  updateUserAsAdmin,
} from './endpoints/admin-users.js';
import { generateLink, invite } from './endpoints/admin-links.js';
import { health, settings } from './endpoints/health.js';
import { jwks } from './endpoints/jwks.js';
import { logout } from './endpoints/logout.js';
import { otp } from './endpoints/otp.js';
import { recover } from './endpoints/recover.js';
import { resend } from './endpoints/resend.js';
import { signup } from './endpoints/signup.js';
import { token } from './endpoints/token.js';
import { authorize, manualLinking, sso } from './endpoints/unsupported.js';
import {
  adminDeleteFactor,
  adminListFactors,
  challengeFactor,
  enrollFactor,
  unenrollFactor,
  verifyFactor,
} from './endpoints/factors.js';
import { getUser, reauthenticate, updateUser } from './endpoints/user.js';
import { verifyCode, verifyLink } from './endpoints/verify.js';
import { AuthError, authErrorResponse, badJson, notFound, unexpectedFailure } from './errors.js';
import { createAuthLimiter } from './rate-limit.js';

export function authApp(ctx: AppContext): Hono {
  const api: AuthApi = {
    db: ctx.db,
    config: ctx.config,
    keys: ctx.keys,
    mailer: ctx.mailer,
    limits: createAuthLimiter(ctx.db, ctx.config),
  };
  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    // JSON.parse's answer to a body nested too deeply for the stack
    if (err instanceof RangeError)
      return authErrorResponse(c, badJson('The JSON body is nested too deeply'));
    console.error('[auth] unexpected error:', err);
    return authErrorResponse(c, unexpectedFailure());
  });

  const to = (fn: (api: AuthApi, c: Context) => Response | Promise<Response>) => (c: Context) =>
    fn(api, c);

  app.get('/health', health);
  app.get('/settings', to(settings));
  app.get('/.well-known/jwks.json', to(jwks));

  app.post('/signup', to(signup));
  app.post('/otp', to(otp));
  app.post('/token', to(token));
  app.get('/verify', to(verifyLink));
  app.post('/verify', to(verifyCode));
  app.post('/recover', to(recover));
  app.post('/resend', to(resend));

  app.get('/user', to(getUser));
  app.put('/user', to(updateUser));
  app.get('/reauthenticate', to(reauthenticate));
  app.post('/logout', to(logout));

  app.get('/authorize', authorize);
  app.get('/user/identities/authorize', to(manualLinking));
  app.delete('/user/identities/:id', to(manualLinking));
  app.post('/sso', sso);
  app.post('/factors', to(enrollFactor));
  app.post('/factors/:id/challenge', to(challengeFactor));
  app.post('/factors/:id/verify', to(verifyFactor));
  app.delete('/factors/:id', to(unenrollFactor));

  app.post('/invite', to(invite));
  app.post('/admin/generate_link', to(generateLink));
  app.post('/admin/users', to(createUserAsAdmin));
  app.get('/admin/users', to(listUsers));
  app.get('/admin/users/:id', to(getUserAsAdmin));
  app.put('/admin/users/:id', to(updateUserAsAdmin));
  app.delete('/admin/users/:id', to(deleteUserAsAdmin));
  app.get('/admin/users/:id/factors', to(adminListFactors));
  app.delete('/admin/users/:id/factors/:factorId', to(adminDeleteFactor));

  app.all('*', () => {
    throw notFound();
  });
  return app;
}
