import { Hono } from 'hono';
import type { Mailer, MailMessage } from './mailer.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
iframe{width:100%;height:32rem;border:1px solid #ccc}</style></head><body>${body}</body></html>`;
}

/**
 * The dev inbox (like Supabase CLI's Inbucket on 54324): an HTML list, a message view
 * with clickable links, and a JSON API:
 *   GET    /api/messages?to=<email>   newest first
 *   GET    /api/messages/:id
 *   DELETE /api/messages              clears the inbox
 */
export function inboxApp(mailer: Mailer): Hono {
  const app = new Hono();
  const list = (to?: string): MailMessage[] =>
    mailer.inbox
      .filter((m) => !to || m.to.toLowerCase() === to.toLowerCase())
      .slice()
      .reverse();

  app.get('/api/messages', (c) => c.json(list(c.req.query('to'))));
  app.get('/api/messages/:id', (c) => {
    const m = mailer.inbox.find((x) => x.id === c.req.param('id'));
    return m ? c.json(m) : c.json({ error: 'not found' }, 404);
  });
  app.delete('/api/messages', (c) => {
    mailer.inbox.length = 0;
    return c.json({ ok: true });
  });
  app.get('/', (c) => {
    const rows = list(c.req.query('to'))
      .map(
        (m) =>
          `<tr><td>${esc(m.createdAt)}</td><td>${esc(m.to)}</td><td><a href="/messages/${esc(m.id)}">${esc(m.subject)}</a></td></tr>`,
      )
      .join('');
    return c.html(
      page(
        'Dev inbox',
        `<h1>Dev inbox</h1><p>Mail sent by the local backend (no SMTP_URL set).</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No messages yet.</td></tr>'}</tbody></table>`,
      ),
    );
  });
  app.get('/messages/:id', (c) => {
    const m = mailer.inbox.find((x) => x.id === c.req.param('id'));
    if (!m) return c.html(page('Not found', '<p>No such message. <a href="/">Back</a></p>'), 404);
    const links = m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('');
    // inline images (cid:) shown from the attachments themselves
    const html = (m.attachments ?? []).reduce(
      (out, a) =>
        a.contentId
          ? out.split(`cid:${a.contentId}`).join(`data:${a.contentType};base64,${a.content}`)
          : out,
      m.html,
    );
    const files = (m.attachments ?? [])
      .map((a) => `<li>${esc(a.filename)} (${esc(a.contentType)})</li>`)
      .join('');
    return c.html(
      page(
        m.subject,
        `<p><a href="/">&larr; Inbox</a></p><h1>${esc(m.subject)}</h1><p>To: ${esc(m.to)}<br>From: ${esc(m.from)}<br>${esc(m.createdAt)}</p>
<h2>Links</h2><ul>${links}</ul>${files ? `<h2>Attachments</h2><ul>${files}</ul>` : ''}<h2>Message</h2><iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${esc(html)}"></iframe>`,
      ),
    );
  });
  return app;
}
