/**
 * POST /mail/v1/send: mail for edge functions (e.g. booking-mails), sent over SMTP
 * or kept in the dev inbox. Only the service role may send.
 */
import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requestCaller } from '../shared/caller.js';
import { JsonBodyError, readJsonObject } from '../shared/json-body.js';
import type { MailAttachment } from './mailer.js';

const FIELDS_REQUIRED = 'to, subject and html or text are required';
const ATTACHMENTS_SHAPE =
  'attachments must be a list of up to 5 { filename, contentType, content (base64), contentId? } of at most 1 MB each';

/** The optional attachments, checked; null when they are malformed. */
function parseAttachments(raw: unknown): MailAttachment[] | null {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > 5) return null;
  const out: MailAttachment[] = [];
  for (const a of raw as unknown[]) {
    const o = a as Record<string, unknown> | null;
    if (
      typeof o !== 'object' ||
      o === null ||
      typeof o['filename'] !== 'string' ||
      !/^[\w.-]{1,100}$/.test(o['filename']) ||
      typeof o['contentType'] !== 'string' ||
      o['contentType'].length > 100 ||
      typeof o['content'] !== 'string' ||
      o['content'].length > 1_400_000 ||
      !/^[A-Za-z0-9+/]*={0,2}$/.test(o['content']) ||
      (o['contentId'] !== undefined &&
        (typeof o['contentId'] !== 'string' || !/^[\w.@-]{1,100}$/.test(o['contentId'])))
    )
      return null;
    out.push({
      filename: o['filename'],
      contentType: o['contentType'],
      content: o['content'],
      ...(typeof o['contentId'] === 'string' ? { contentId: o['contentId'] } : {}),
    });
  }
  return out;
}

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
    const attachments = parseAttachments(b['attachments']);
    if (!attachments) return c.json({ error: ATTACHMENTS_SHAPE }, 400);
    await ctx.mailer.send({
      to,
      subject: subject.slice(0, 300),
      html: typeof html === 'string' ? html : '',
      text: typeof text === 'string' ? text : '',
      ...(attachments.length ? { attachments } : {}),
    });
    return c.json({ ok: true });
  });
  return app;
}
