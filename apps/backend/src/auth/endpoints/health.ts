/** GET /health and GET /settings: what supabase-js and GoTrue clients ask before anything else. */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';

export function health(c: Context): Response {
  return c.json({
    version: 'bistro-local',
    name: 'GoTrue',
    description: 'Local GoTrue-compatible auth',
  });
}

export function settings(api: AuthApi, c: Context): Response {
  return c.json({
    external: {
      email: true,
      phone: false,
      anonymous_users: api.config.anonymousSignIns,
      google: false,
      github: false,
    },
    disable_signup: api.config.disableSignup,
    mailer_autoconfirm: api.config.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}
