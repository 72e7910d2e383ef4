/** GoTrue-compatible auth API (the subset supabase-js calls), mounted at /auth/v1. */
import { Hono, type Context } from 'hono';
import bcrypt from 'bcryptjs';
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { bearer } from '../authz.js';
import { RateLimiter } from './rate-limit.js';
import {
  findUserByEmail,
  findUserById,
  listIdentities,
  metaOf,
  userJson,
  type UserRow,
} from './users.js';

const BCRYPT_COST = 10;
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);
const OTP_TTL_MS = 3600_000;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const randomToken = (bytes = 28) => randomBytes(bytes).toString('hex');
/** GoTrue-style opaque refresh tokens (12 chars base62-ish is theirs; we use more entropy). */
const newRefreshToken = () => randomBytes(18).toString('base64url');

function authErrorResponse(c: Context, e: AuthError): Response {
  return c.json(
    { code: e.status, error_code: e.errorCode, msg: e.message, ...e.extra },
    e.status as 400,
  );
}

export function authApp(ctx: AppContext): Hono {
  const app = new Hono();
  const { db, config, keys, mailer } = ctx;
  const limiter = new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs);

  app.onError((err, c) => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    if (err instanceof RangeError)
      return authErrorResponse(
        c,
        new AuthError(400, 'bad_json', 'The JSON body is nested too deeply'),
      );
    console.error('[auth] unexpected error:', err);
    return c.json(
      { code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure, please try again' },
      500,
    );
  });

  const clientIp = (c: Context): string => {
    const fwd = c.req.header('x-forwarded-for');
    if (fwd && config.trustProxy) return fwd.split(',')[0]?.trim() ?? 'unknown';
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
    return env?.incoming?.socket?.remoteAddress ?? 'unknown';
  };

  const rateLimit = (c: Context, action: string, email: string) => {
    if (!limiter.take(`${action}:${clientIp(c)}:${email.toLowerCase()}`))
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  };

  const body = async (c: Context): Promise<Record<string, unknown>> => {
    const text = await c.req.text();
    if (!text.trim()) return {};
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new AuthError(400, 'bad_json', 'Request body must be a JSON object');
    return v as Record<string, unknown>;
  };

  const str = (v: unknown, field: string, required = true): string => {
    if (v === undefined || v === null || v === '') {
      if (required) throw new AuthError(400, 'validation_failed', `${field} is required`);
      return '';
    }
    if (typeof v !== 'string' || v.length > 1000)
      throw new AuthError(400, 'validation_failed', `${field} must be a string`);
    return v;
  };

  const checkEmail = (email: string) => {
    if (!EMAIL_RE.test(email) || email.length > 255)
      throw new AuthError(
        400,
        'email_address_invalid',
        'Unable to validate email address: invalid format',
      );
  };

  const checkPassword = (password: string) => {
    if (password.length < 6)
      throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.', {
        weak_password: { reasons: ['length'] },
      });
    if (password.length > 72)
      throw new AuthError(422, 'weak_password', 'Password cannot be longer than 72 characters', {
        weak_password: { reasons: ['length'] },
      });
  };

  const metaObj = (v: unknown, field: string): Record<string, unknown> => {
    if (v === undefined || v === null) return {};
    if (typeof v !== 'object' || Array.isArray(v))
      throw new AuthError(400, 'validation_failed', `${field} must be an object`);
    if (JSON.stringify(v).length > 16_000)
      throw new AuthError(400, 'validation_failed', `${field} is too large`);
    return v as Record<string, unknown>;
  };

  /** Only redirect to the site, configured URLs or the local app origins (no open redirect). */
  const safeRedirect = (to: string | undefined): string => {
    if (!to) return config.siteUrl;
    try {
      const u = new URL(to);
      const allowed = [config.siteUrl, ...config.redirectUrls, ...config.corsOrigins];
      const ok = allowed.some((a) => {
        if (!a) return false;
        const base = new URL(a);
        // same origin, and (for entries with a path) inside that path
        return (
          u.origin === base.origin &&
          (base.pathname === '/' || u.pathname.startsWith(base.pathname))
        );
      });
      if (ok && (u.protocol === 'http:' || u.protocol === 'https:')) return to;
    } catch {
      /* fall through */
    }
    return config.siteUrl;
  };

  // ------------------------------------------------------------------ sessions
  async function issueSession(
    tx: Queryable,
    user: UserRow,
    method: string,
    c: Context,
    sessionId?: string,
  ) {
    const sid = sessionId ?? randomUUID();
    if (!sessionId) {
      await tx.query(
        `insert into auth.sessions (id, user_id, aal, user_agent, ip, refreshed_at) values ($1::uuid, $2::uuid, 'aal1', $3, $4, now())`,
        [sid, user.id, (c.req.header('user-agent') ?? '').slice(0, 255), clientIp(c)],
      );
    }
    const refresh = newRefreshToken();
    await tx.query(
      `insert into auth.refresh_tokens (token, user_id, session_id, revoked) values ($1, $2, $3::uuid, false)`,
      [refresh, user.id, sid],
    );
    return sessionJson(user, sid, refresh, method, tx);
  }

  async function sessionJson(
    user: UserRow,
    sid: string,
    refresh: string,
    method: string,
    tx: Queryable,
  ) {
    const now = Math.floor(Date.now() / 1000);
    const meta = metaOf(user);
    const claims: JWTPayload = {
      aud: 'authenticated',
      iss: `${config.apiUrl}/auth/v1`,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: meta.app,
      user_metadata: meta.user,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: now }],
      session_id: sid,
      is_anonymous: false,
    };
    const accessToken = await keys.sign(claims, config.jwtExpiry);
    const identities = await listIdentities(tx, user.id);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: now + config.jwtExpiry,
      refresh_token: refresh,
      user: userJson(user, identities),
    };
  }

  /** The user behind the request's Bearer token, with its session still alive. */
  async function requireUser(
    c: Context,
  ): Promise<{ user: UserRow; claims: JWTPayload; sessionId: string | null }> {
    const token = bearer(c.req.header('authorization'));
    if (!token)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: JWTPayload;
    try {
      claims = await keys.verify(token);
    } catch (e) {
      const expired = (e as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new AuthError(
        403,
        'bad_jwt',
        expired
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : 'invalid JWT: unable to parse or verify signature, token signature is invalid',
      );
    }
    if (typeof claims.sub !== 'string' || !claims.sub)
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const sid = typeof claims['session_id'] === 'string' ? (claims['session_id'] as string) : null;
    if (sid) {
      const s = await db.query('select 1 from auth.sessions where id = $1::uuid', [sid]);
      if (!s.rows.length)
        throw new AuthError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        );
    }
    const user = await findUserById(db, claims.sub);
    if (!user || user.deleted_at)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, claims, sessionId: sid };
  }

  async function requireServiceRole(c: Context): Promise<void> {
    const token = bearer(c.req.header('authorization'));
    if (!token)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: JWTPayload;
    try {
      claims = await keys.verify(token);
    } catch {
      throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    }
    if (claims['role'] !== 'service_role')
      throw new AuthError(403, 'not_admin', 'User not allowed');
  }

  // ------------------------------------------------------------------ mail
  async function createOtp(
    tx: Queryable,
    user: UserRow,
    type: 'signup' | 'recovery',
  ): Promise<{ otp: string; token: string }> {
    const token = randomToken();
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (type === 'signup') {
      await tx.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1::uuid`,
        [user.id, token],
      );
    } else {
      await tx.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1::uuid`,
        [user.id, token],
      );
    }
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2`,
      [user.id, type],
    );
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1::uuid, $2, $3, $4)`,
      [user.id, type, sha256(`${(user.email ?? '').toLowerCase()}:${otp}`), user.email ?? ''],
    );
    return { otp, token };
  }

  async function sendAuthMail(
    user: UserRow,
    type: 'signup' | 'recovery',
    token: string,
    otp: string,
    redirectTo: string,
  ) {
    const link = `${config.apiUrl}/auth/v1/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
    const esc = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const subject = type === 'signup' ? 'Confirm your signup' : 'Reset your password';
    const lead =
      type === 'signup'
        ? 'Follow this link to confirm your account:'
        : 'Follow this link to reset the password for your account:';
    const action = type === 'signup' ? 'Confirm your email' : 'Reset password';
    await mailer.send({
      to: user.email ?? '',
      subject,
      html: `<h2>${subject}</h2><p>${lead}</p><p><a href="${esc(link)}">${action}</a></p><p>Or enter this code: ${otp}</p>`,
      text: `${subject}\n\n${lead}\n${link}\n\nOr enter this code: ${otp}\n`,
    });
  }

  // ------------------------------------------------------------------ PKCE
  /** Remembers a PKCE challenge sent with signup/recover/resend so /verify answers with ?code=. */
  async function savePkce(
    tx: Queryable,
    b: Record<string, unknown>,
    userId: string,
    method: 'signup' | 'recovery',
  ) {
    const challenge = b['code_challenge'];
    const challengeMethod =
      typeof b['code_challenge_method'] === 'string'
        ? b['code_challenge_method'].toLowerCase()
        : '';
    if (typeof challenge !== 'string' || !challenge) return;
    if (
      !['s256', 'plain'].includes(challengeMethod) ||
      challenge.length < 43 ||
      challenge.length > 128
    )
      throw new AuthError(
        400,
        'validation_failed',
        'Invalid code_challenge or code_challenge_method',
      );
    await tx.query(
      `delete from auth.flow_state where user_id = $1::uuid and authentication_method = $2`,
      [userId, method],
    );
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
       values ($1::uuid, $2::uuid, $3, $4, $5, $6)`,
      [randomUUID(), userId, randomUUID(), challengeMethod, challenge, method],
    );
  }

  // ------------------------------------------------------------------ routes
  app.get('/health', (c) =>
    c.json({
      version: 'bistro-local',
      name: 'GoTrue',
      description: 'Local GoTrue-compatible auth',
    }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false, google: false, github: false },
      disable_signup: false,
      mailer_autoconfirm: config.mailerAutoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [keys.publicJwk] }));

  app.post('/signup', async (c) => {
    const b = await body(c);
    const email = str(b['email'], 'email').trim().toLowerCase();
    const password = str(b['password'], 'password');
    checkEmail(email);
    rateLimit(c, 'signup', email);
    checkPassword(password);
    const data = metaObj(b['data'], 'data');
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    const result = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && existing.email_confirmed_at)
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      let user: UserRow;
      if (existing) {
        await tx.query(
          `update auth.users set encrypted_password = $2, raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb, updated_at = now() where id = $1::uuid`,
          [existing.id, hash, JSON.stringify(data)],
        );
        user = (await findUserById(tx, existing.id)) as UserRow;
      } else {
        const id = randomUUID();
        await tx.query(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3, '{"provider":"email","providers":["email"]}', $4::jsonb, $5::timestamptz, now(), now())`,
          [
            id,
            email,
            hash,
            JSON.stringify(data),
            config.mailerAutoconfirm ? new Date().toISOString() : null,
          ],
        );
        await tx.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $3::uuid, $2::jsonb, 'email', now())`,
          [
            id,
            JSON.stringify({
              sub: id,
              email,
              email_verified: config.mailerAutoconfirm,
              phone_verified: false,
            }),
            id,
          ],
        );
        user = (await findUserById(tx, id)) as UserRow;
      }
      if (config.mailerAutoconfirm) return { session: await issueSession(tx, user, 'password', c) };
      await savePkce(tx, b, user.id, 'signup');
      const { token, otp } = await createOtp(tx, user, 'signup');
      return { user: (await findUserById(tx, user.id)) as UserRow, token, otp };
    });
    if ('session' in result) return c.json(result.session);
    await sendAuthMail(result.user, 'signup', result.token, result.otp, redirectTo);
    return c.json(userJson(result.user, await listIdentities(db, result.user.id)));
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const b = await body(c);
    if (grant === 'password') {
      const email = str(b['email'], 'email').trim().toLowerCase();
      const password = str(b['password'], 'password');
      rateLimit(c, 'token', email);
      const user = await findUserByEmail(db, email);
      // compare against a dummy hash for unknown users too, so timing does not reveal accounts
      const hash = user?.encrypted_password || DUMMY_HASH;
      const ok =
        (await bcrypt.compare(password, hash).catch(() => false)) &&
        Boolean(user?.encrypted_password);
      if (!user || !ok)
        throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
      if (!user.email_confirmed_at)
        throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      if (user.banned_until && new Date(user.banned_until).getTime() > Date.now())
        throw new AuthError(400, 'user_banned', 'User is banned');
      const session = await db.transaction(async (tx) => {
        await tx.query(`update auth.users set last_sign_in_at = now() where id = $1::uuid`, [
          user.id,
        ]);
        return issueSession(tx, (await findUserById(tx, user.id)) as UserRow, 'password', c);
      });
      return c.json(session);
    }
    if (grant === 'refresh_token') {
      const token = str(b['refresh_token'], 'refresh_token');
      const out = await db.transaction(async (tx) => {
        const r = await tx.query<{
          id: string;
          user_id: string;
          revoked: boolean;
          session_id: string | null;
          age_ms: number;
        }>(
          `select id::text, user_id, revoked, session_id::text,
             (extract(epoch from (now() - updated_at)) * 1000)::float8 as age_ms
           from auth.refresh_tokens where token = $1 for update`,
          [token],
        );
        const row = r.rows[0];
        if (!row || !row.session_id)
          throw new AuthError(
            400,
            'refresh_token_not_found',
            'Invalid Refresh Token: Refresh Token Not Found',
          );
        const sess = await tx.query('select 1 from auth.sessions where id = $1::uuid', [
          row.session_id,
        ]);
        if (!sess.rows.length)
          throw new AuthError(
            400,
            'refresh_token_not_found',
            'Invalid Refresh Token: Refresh Token Not Found',
          );
        const user = await findUserById(tx, row.user_id);
        if (!user || user.deleted_at)
          throw new AuthError(
            400,
            'refresh_token_not_found',
            'Invalid Refresh Token: Refresh Token Not Found',
          );
        if (row.revoked) {
          const child = await tx.query<{ token: string }>(
            `select token from auth.refresh_tokens where parent = $1 and revoked = false order by id desc limit 1`,
            [token],
          );
          const childToken = child.rows[0]?.token;
          if (childToken && Number(row.age_ms) <= config.refreshReuseIntervalMs) {
            // a concurrent refresh (e.g. two tabs) inside the reuse interval: hand out the active token
            return {
              session: await sessionJson(user, row.session_id, childToken, 'token_refresh', tx),
            };
          }
          // reuse detected: revoke the whole session
          await tx.query(
            `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid`,
            [row.session_id],
          );
          await tx.query(`delete from auth.sessions where id = $1::uuid`, [row.session_id]);
          return { reused: true as const };
        }
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`,
          [row.id],
        );
        const next = newRefreshToken();
        await tx.query(
          `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked) values ($1, $2, $3::uuid, $4, false)`,
          [next, user.id, row.session_id, token],
        );
        await tx.query(
          `update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid`,
          [row.session_id],
        );
        return { session: await sessionJson(user, row.session_id, next, 'token_refresh', tx) };
      });
      if ('reused' in out)
        throw new AuthError(
          400,
          'refresh_token_already_used',
          'Invalid Refresh Token: Already Used',
        );
      return c.json(out.session);
    }
    if (grant === 'pkce') {
      const authCode = str(b['auth_code'], 'auth_code');
      const verifier = str(b['code_verifier'], 'code_verifier');
      const session = await db.transaction(async (tx) => {
        const r = await tx.query<{
          id: string;
          user_id: string;
          method: string;
          challenge: string;
          fresh: boolean;
        }>(
          `select id::text, user_id::text, code_challenge_method as method, code_challenge as challenge,
             coalesce(auth_code_issued_at, created_at) > now() - interval '10 minutes' as fresh
           from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null for update`,
          [authCode],
        );
        const flow = r.rows[0];
        if (!flow)
          throw new AuthError(
            404,
            'flow_state_not_found',
            'invalid flow state, no valid flow state found',
          );
        await tx.query('delete from auth.flow_state where id = $1::uuid', [flow.id]);
        if (!flow.fresh)
          throw new AuthError(
            400,
            'flow_state_expired',
            'invalid flow state, flow state has expired',
          );
        const expected =
          flow.method === 's256'
            ? createHash('sha256').update(verifier).digest('base64url')
            : verifier;
        if (expected !== flow.challenge)
          throw new AuthError(
            403,
            'bad_code_verifier',
            'code challenge does not match previously saved code verifier',
          );
        const user = await findUserById(tx, flow.user_id);
        if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
        return issueSession(tx, user, 'otp', c);
      });
      return c.json(session);
    }
    throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => {
    const { user } = await requireUser(c);
    return c.json(userJson(user, await listIdentities(db, user.id)));
  });

  app.put('/user', async (c) => {
    const { user } = await requireUser(c);
    const b = await body(c);
    const password = b['password'] === undefined ? undefined : str(b['password'], 'password');
    const data = b['data'] === undefined ? undefined : metaObj(b['data'], 'data');
    if (b['email'] !== undefined && b['email'] !== user.email)
      throw new AuthError(
        422,
        'email_change_not_supported',
        'Changing the e-mail address is not supported by this server',
      );
    if (password !== undefined) {
      checkPassword(password);
      if (
        user.encrypted_password &&
        (await bcrypt.compare(password, user.encrypted_password).catch(() => false))
      )
        throw new AuthError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
    }
    const hash = password !== undefined ? await bcrypt.hash(password, BCRYPT_COST) : null;
    await db.transaction(async (tx) => {
      if (hash)
        await tx.query(
          `update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid`,
          [user.id, hash],
        );
      if (data) {
        // GoTrue merges top-level keys; a null value removes the key
        await tx.query(
          `update auth.users set raw_user_meta_data = jsonb_strip_nulls(coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb), updated_at = now() where id = $1::uuid`,
          [user.id, JSON.stringify(data)],
        );
      }
    });
    const fresh = (await findUserById(db, user.id)) as UserRow;
    return c.json(userJson(fresh, await listIdentities(db, user.id)));
  });

  app.post('/logout', async (c) => {
    const { user, sessionId } = await requireUser(c);
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope))
      throw new AuthError(400, 'validation_failed', 'scope must be one of global, local, others');
    if (scope === 'global')
      await db.query('delete from auth.sessions where user_id = $1::uuid', [user.id]);
    else if (scope === 'local' && sessionId)
      await db.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
    else if (scope === 'others')
      await db.query(
        'delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid',
        [user.id, sessionId],
      );
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    const b = await body(c);
    const email = str(b['email'], 'email').trim().toLowerCase();
    checkEmail(email);
    rateLimit(c, 'recover', email);
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    const user = await findUserByEmail(db, email);
    if (user) {
      const { token, otp } = await db.transaction(async (tx) => {
        await savePkce(tx, b, user.id, 'recovery');
        return createOtp(tx, user, 'recovery');
      });
      await sendAuthMail(user, 'recovery', token, otp, redirectTo);
    }
    return c.json({});
  });

  app.post('/resend', async (c) => {
    const b = await body(c);
    const email = str(b['email'], 'email').trim().toLowerCase();
    const type = str(b['type'], 'type');
    checkEmail(email);
    if (type !== 'signup')
      throw new AuthError(
        400,
        'validation_failed',
        'Only type "signup" can be resent by this server',
      );
    rateLimit(c, 'resend', email);
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    const user = await findUserByEmail(db, email);
    if (user && !user.email_confirmed_at) {
      const { token, otp } = await db.transaction(async (tx) => {
        await savePkce(tx, b, user.id, 'signup');
        return createOtp(tx, user, 'signup');
      });
      await sendAuthMail(user, 'signup', token, otp, redirectTo);
    }
    return c.json({});
  });

  /** Confirms a signup or recovery token; returns the user or throws otp_expired. */
  async function consumeToken(
    tx: Queryable,
    type: string,
    lookup: { token?: string; email?: string; otp?: string },
  ): Promise<UserRow> {
    const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    let user: UserRow | null = null;
    const kind =
      type === 'recovery' || type === 'magiclink'
        ? 'recovery'
        : type === 'signup' || type === 'email'
          ? 'signup'
          : null;
    if (!kind) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if (lookup.token) {
      const col = kind === 'signup' ? 'confirmation_token' : 'recovery_token';
      const r = await tx.query<{ id: string }>(
        `select id::text from auth.users where ${col} = $1 and $1 <> '' limit 1`,
        [lookup.token],
      );
      if (r.rows[0]) user = await findUserById(tx, r.rows[0].id);
    } else if (lookup.email && lookup.otp) {
      const r = await tx.query<{ user_id: string }>(
        `select user_id::text from auth.one_time_tokens where token_type = $1 and token_hash = $2 limit 1`,
        [kind, sha256(`${lookup.email.toLowerCase()}:${lookup.otp}`)],
      );
      if (r.rows[0]) user = await findUserById(tx, r.rows[0].user_id);
    }
    if (!user) throw expired();
    const sentAt = kind === 'signup' ? user.confirmation_sent_at : user.recovery_sent_at;
    if (!sentAt || Date.now() - new Date(sentAt).getTime() > OTP_TTL_MS) throw expired();
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2`,
      [user.id, kind],
    );
    if (kind === 'signup') {
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', last_sign_in_at = now(), updated_at = now() where id = $1::uuid`,
        [user.id],
      );
      await tx.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1::uuid and provider = 'email'`,
        [user.id],
      );
    } else {
      await tx.query(
        `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now() where id = $1::uuid`,
        [user.id],
      );
    }
    return (await findUserById(tx, user.id)) as UserRow;
  }

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    try {
      const out = await db.transaction(async (tx) => {
        const user = await consumeToken(tx, type, { token });
        const flow = await tx.query<{ auth_code: string }>(
          `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
           where user_id = $1::uuid and authentication_method = $2 returning auth_code`,
          [user.id, type === 'recovery' ? 'recovery' : 'signup'],
        );
        const code = flow.rows[0]?.auth_code;
        if (code) return { code };
        return { session: await issueSession(tx, user, 'otp', c) };
      });
      if ('code' in out) {
        const u = new URL(redirectTo);
        u.searchParams.set('code', out.code as string);
        return c.redirect(u.toString(), 303);
      }
      const session = out.session;
      const frag = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: type === 'recovery' ? 'recovery' : 'signup',
      });
      return c.redirect(`${redirectTo.split('#')[0]}#${frag.toString()}`, 303);
    } catch (e) {
      if (!(e instanceof AuthError)) throw e;
      const frag = new URLSearchParams({
        error: 'access_denied',
        error_code: e.errorCode,
        error_description:
          e.errorCode === 'otp_expired' ? 'Email link is invalid or has expired' : e.message,
      });
      return c.redirect(`${redirectTo.split('#')[0]}#${frag.toString()}`, 303);
    }
  });

  app.post('/verify', async (c) => {
    const b = await body(c);
    const type = str(b['type'], 'type');
    const tokenHash =
      b['token_hash'] === undefined ? undefined : str(b['token_hash'], 'token_hash');
    const email = b['email'] === undefined ? undefined : str(b['email'], 'email');
    const otp = b['token'] === undefined ? undefined : str(b['token'], 'token');
    // a 6-digit code is guessable without a limit: count attempts per IP and e-mail (and
    // per IP for bare codes and token hashes)
    rateLimit(c, 'verify', email && otp ? email : '');
    const session = await db.transaction(async (tx) => {
      const lookup: { token?: string; email?: string; otp?: string } = {};
      if (tokenHash) lookup.token = tokenHash;
      else if (email && otp) {
        lookup.email = email;
        lookup.otp = otp;
      } else if (otp) lookup.token = otp;
      const user = await consumeToken(tx, type, lookup);
      return issueSession(tx, user, 'otp', c);
    });
    return c.json(session);
  });

  // Endpoints supabase-js exposes that this server does not offer: answer in GoTrue's shape.
  app.get('/authorize', () => {
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  });
  app.delete('/user/identities/:id', async (c) => {
    await requireUser(c);
    throw new AuthError(
      422,
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  });
  app.get('/user/identities/authorize', () => {
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  });
  app.post('/factors', async (c) => {
    await requireUser(c);
    throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  });
  app.post('/factors/:id/challenge', async (c) => {
    await requireUser(c);
    throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  });
  app.post('/factors/:id/verify', async (c) => {
    await requireUser(c);
    throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  });
  app.delete('/factors/:id', async (c) => {
    await requireUser(c);
    throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  });

  // ------------------------------------------------------------------ admin
  app.post('/admin/users', async (c) => {
    await requireServiceRole(c);
    const b = await body(c);
    const email = str(b['email'], 'email').trim().toLowerCase();
    checkEmail(email);
    const password = b['password'] === undefined ? undefined : str(b['password'], 'password');
    if (password !== undefined) checkPassword(password);
    const userMeta = metaObj(b['user_metadata'] ?? b['data'], 'user_metadata');
    const appMeta = {
      provider: 'email',
      providers: ['email'],
      ...metaObj(b['app_metadata'], 'app_metadata'),
    };
    const hash = password ? await bcrypt.hash(password, BCRYPT_COST) : null;
    const user = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email))
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      const id = randomUUID();
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3, $4::jsonb, $5::jsonb, $6::timestamptz, now(), now())`,
        [
          id,
          email,
          hash,
          JSON.stringify(appMeta),
          JSON.stringify(userMeta),
          b['email_confirm'] === true ? new Date().toISOString() : null,
        ],
      );
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1, $3::uuid, $2::jsonb, 'email')`,
        [
          id,
          JSON.stringify({
            sub: id,
            email,
            email_verified: b['email_confirm'] === true,
            phone_verified: false,
          }),
          id,
        ],
      );
      return (await findUserById(tx, id)) as UserRow;
    });
    return c.json(userJson(user, await listIdentities(db, user.id)));
  });

  app.get('/admin/users', async (c) => {
    await requireServiceRole(c);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const perPage = Math.min(
      1000,
      Math.max(1, Number.parseInt(c.req.query('per_page') ?? '50', 10) || 50),
    );
    const total = await db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where deleted_at is null',
    );
    const ids = await db.query<{ id: string }>(
      'select id::text from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    const users = [];
    for (const { id } of ids.rows) {
      const u = await findUserById(db, id);
      if (u) users.push(userJson(u, await listIdentities(db, id)));
    }
    const n = total.rows[0]?.n ?? 0;
    const last = Math.max(1, Math.ceil(n / perPage));
    const base = `${config.apiUrl}/auth/v1/admin/users`;
    const links = [`<${base}?page=${last}&per_page=${perPage}>; rel="last"`];
    if (page < last) links.unshift(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    c.header('x-total-count', String(n));
    c.header('link', links.join(', '));
    return c.json({ users, aud: 'authenticated' });
  });

  const userIdParam = (c: Context): string => {
    const id = c.req.param('id') ?? '';
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new AuthError(404, 'user_not_found', 'User not found');
    return id;
  };

  app.get('/admin/users/:id', async (c) => {
    await requireServiceRole(c);
    const u = await findUserById(db, userIdParam(c));
    if (!u) throw new AuthError(404, 'user_not_found', 'User not found');
    return c.json(userJson(u, await listIdentities(db, u.id)));
  });

  app.put('/admin/users/:id', async (c) => {
    await requireServiceRole(c);
    const id = userIdParam(c);
    const b = await body(c);
    const u = await findUserById(db, id);
    if (!u) throw new AuthError(404, 'user_not_found', 'User not found');
    const password = b['password'] === undefined ? undefined : str(b['password'], 'password');
    if (password !== undefined) checkPassword(password);
    const hash = password ? await bcrypt.hash(password, BCRYPT_COST) : null;
    await db.transaction(async (tx) => {
      if (hash)
        await tx.query('update auth.users set encrypted_password = $2 where id = $1::uuid', [
          id,
          hash,
        ]);
      if (b['email_confirm'] === true)
        await tx.query(
          'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1::uuid',
          [id],
        );
      if (b['user_metadata'] !== undefined)
        await tx.query(
          `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1::uuid`,
          [id, JSON.stringify(metaObj(b['user_metadata'], 'user_metadata'))],
        );
      if (b['app_metadata'] !== undefined)
        await tx.query(
          `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb where id = $1::uuid`,
          [id, JSON.stringify(metaObj(b['app_metadata'], 'app_metadata'))],
        );
      if (typeof b['ban_duration'] === 'string') {
        const d = b['ban_duration'];
        if (d === 'none')
          await tx.query('update auth.users set banned_until = null where id = $1::uuid', [id]);
        else {
          const m = /^([0-9]{1,6})h$/.exec(d);
          if (!m)
            throw new AuthError(
              400,
              'validation_failed',
              'ban_duration must look like "24h" or "none"',
            );
          await tx.query(
            `update auth.users set banned_until = now() + make_interval(hours => $2::int) where id = $1::uuid`,
            [id, Number(m[1])],
          );
          await tx.query('delete from auth.sessions where user_id = $1::uuid', [id]);
        }
      }
      await tx.query('update auth.users set updated_at = now() where id = $1::uuid', [id]);
    });
    const fresh = (await findUserById(db, id)) as UserRow;
    return c.json(userJson(fresh, await listIdentities(db, id)));
  });

  app.delete('/admin/users/:id', async (c) => {
    await requireServiceRole(c);
    const id = userIdParam(c);
    const u = await findUserById(db, id);
    if (!u) throw new AuthError(404, 'user_not_found', 'User not found');
    const identities = await listIdentities(db, id);
    await db.query('delete from auth.users where id = $1::uuid', [id]);
    return c.json(userJson(u, identities));
  });

  app.all('*', () => {
    throw new AuthError(404, 'not_found', 'Not found');
  });
  return app;
}
