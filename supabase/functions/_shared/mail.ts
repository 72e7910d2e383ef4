import { HttpError } from './http.ts';
import { env } from './env.ts';
import { venue } from './venue.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64-encoded. */
  content: string;
  /** Set for an image shown in the HTML part as <img src="cid:...">. */
  contentId?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * Sends one e-mail through whichever transport is configured:
 * - RESEND_API_KEY (+ MAIL_FROM): the Resend HTTP API (or any API of the same
 *   shape at MAIL_API_URL), for hosted Supabase;
 * - BISTRO_MAIL_URL: the project's own backend, which sends through its SMTP
 *   settings or keeps the message in the dev inbox (set by the backend for
 *   every function call; it accepts the service role key only).
 */
export async function sendMail(mail: OutgoingMail, fetchImpl: typeof fetch = fetch): Promise<void> {
  const apiKey = env('RESEND_API_KEY');
  if (apiKey) {
    const from = env('MAIL_FROM') ?? venue.mailFrom;
    const response = await fetchImpl(env('MAIL_API_URL') ?? 'https://api.resend.com/emails', {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from,
        to: [mail.to],
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                content_type: a.contentType,
                ...(a.contentId ? { content_id: a.contentId } : {}),
              })),
            }
          : {}),
      }),
    });
    if (!response.ok) {
      throw new HttpError(502, `The mail provider refused the message (HTTP ${response.status})`);
    }
    return;
  }
  const localUrl = env('BISTRO_MAIL_URL');
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY');
  if (localUrl && serviceKey) {
    const response = await fetchImpl(localUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${serviceKey}`,
        apikey: serviceKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(mail),
    });
    if (!response.ok) {
      throw new HttpError(502, `The mail service refused the message (HTTP ${response.status})`);
    }
    return;
  }
  throw new HttpError(503, 'No mail transport is configured (set RESEND_API_KEY)');
}

export { escapeHtml } from './branded-mail.ts';
