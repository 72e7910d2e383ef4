/**
 * POST /mail/v1/send: mail for edge functions (e.g. send-booking-notification), sent over SMTP
 * or kept in the dev inbox. Only the service role may send.
 */
import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requestCaller } from '../shared/caller.js';
import { JsonBodyError, readJsonObject } from '../shared/json-body.js';

const FIELDS_REQUIRED = 'to, subject and html or text are required';

export function mailApp(ctx: AppContext): Hono {
  const app = new Hono();
  app.post('/send', async (c) => {
    const role = await requestCaller(c, ctx.keys).then(
      (who) => who.role,
      () => undefined,
    );
    if (role !== 'service_role') return c.json({ error: 'service role required' }, 403);
    let b: Record<string, unknown>;
    try {
      b = await readJsonObject(c);
    } catch (e) {
      if (!(e instanceof JsonBodyError)) throw e;
      return c.json({ error: e.problem === 'not_object' ? FIELDS_REQUIRED : 'invalid JSON' }, 400);
    }
    const { to, subject, html, text } = b;
    if (
      typeof to !== 'string' ||
      !/^[^\s@]+@[^\s@]+$/.test(to) ||
      typeof subject !== 'string' ||
      (typeof html !== 'string' && typeof text !== 'string')
    )
      return c.json({ error: FIELDS_REQUIRED }, 400);
    await ctx.mailer.send({
      to,
      subject: subject.slice(0, 300),
      html: typeof html === 'string' ? html : '',
      text: typeof text === 'string' ? text : '',
    });
    return c.json({ ok: true });
  });
  return app;
}
