import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import type { AppContext } from './context.js';
import { restApp } from './rest/handler.js';
import { authApp } from './auth/routes.js';
import { storageApp } from './storage/routes.js';
import { apiKeyGate } from './shared/api-key-gate.js';
import { functionsApp } from './functions/handler.js';
import { mailApp } from './mail/endpoint.js';
import { releasesApp } from './releases/routes.js';
import type { RealtimeServer } from './realtime/server.js';
import { createObservability, type Observability } from './observability.js';

/**
 * `realtime`: the socket server whose plain-HTTP routes are mounted at /realtime/v1;
 * `obs`: the request log, /metrics and /health (made here when not given).
 */
export function createApp(
  ctx: AppContext,
  realtime?: RealtimeServer,
  obs: Observability = createObservability(ctx, realtime ? { realtime } : {}),
): Hono {
  const app = new Hono();
  const { config } = ctx;

  app.use('*', (c, next) => obs.middleware(c, next));
  obs.mount(app);

  app.use(
    '*',
    secureHeaders({
      crossOriginResourcePolicy: 'cross-origin',
      crossOriginOpenerPolicy: false,
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    }),
  );
  const corsAllowed = cors({
    origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // reflect the requested headers (supabase-js and functions.invoke send several); origins are restricted
    allowHeaders: [],
    exposeHeaders: [
      'content-range',
      'content-location',
      'x-total-count',
      'link',
      'x-supabase-api-version',
      'x-request-id',
    ],
    credentials: true,
    maxAge: 3600,
  });
  // CORS headers only for configured origins: any other origin (or none) gets no
  // Access-Control-* header at all, so a browser on that origin can read nothing
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && config.corsOrigins.includes(origin)) return corsAllowed(c, next);
    await next();
    c.header('Vary', 'Origin', { append: true });
  });

  const tooLarge = (kind: 'rest' | 'auth' | 'storage') =>
    bodyLimit({
      maxSize: kind === 'storage' ? config.maxUploadBytes : config.maxBodyBytes,
      onError: (c) => {
        // the rest of the body is not read: don't let the client reuse this connection
        c.header('connection', 'close');
        return kind === 'auth'
          ? c.json(
              { code: 413, error_code: 'request_too_large', msg: 'Request body too large' },
              413,
            )
          : kind === 'storage'
            ? c.json(
                {
                  statusCode: '413',
                  error: 'Payload too large',
                  message: 'The object exceeded the maximum allowed size',
                },
                413,
              )
            : c.json(
                { code: 'PGRST413', message: 'Payload too large', details: null, hint: null },
                413,
              );
      },
    });

  if (config.requireApiKey) app.use('*', apiKeyGate);
  app.use('/rest/v1/*', tooLarge('rest'));
  app.use('/auth/v1/*', tooLarge('auth'));
  app.use('/storage/v1/*', tooLarge('storage'));
  app.use('/functions/v1/*', tooLarge('rest'));

  app.route('/rest/v1', restApp(ctx));
  app.route('/auth/v1', authApp(ctx));
  app.route('/storage/v1', storageApp(ctx));
  app.route('/functions/v1', functionsApp(ctx));

  if (realtime) app.route('/realtime/v1', realtime.routes);

  app.use('/releases/v1/*', tooLarge('rest'));
  app.route('/releases/v1', releasesApp(ctx, obs.registry));

  app.use('/mail/v1/*', tooLarge('rest'));
  app.route('/mail/v1', mailApp(ctx));

  app.get('/', (c) =>
    c.json({
      name: 'bistro backend',
      services: ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/realtime/v1'],
    }),
  );
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((err, c) => {
    // On stdout as JSON with the request's path; stderr keeps the line when the log is silenced.
    if (obs.log.isLevelEnabled('error'))
      obs.log.error({ err, path: new URL(c.req.url).pathname }, 'unexpected error');
    else console.error('[http] unexpected error:', err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
