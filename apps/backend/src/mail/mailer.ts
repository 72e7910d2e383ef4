import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';

/** A file sent with a mail; contentId marks an image shown inline (cid:) in the HTML part. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  contentId?: string;
}

export interface MailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  links: string[];
  createdAt: string;
}

export interface OutgoingMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(msg: OutgoingMessage): Promise<void>;
  /** Messages kept by the dev inbox (empty when SMTP is used). */
  readonly inbox: MailMessage[];
}

export function extractLinks(html: string): string[] {
  const out: string[] = [];
  const re = /href="([^"]+)"/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) out.push((m[1] ?? '').replace(/&amp;/g, '&'));
  return out;
}

export function createMailer(opts: { smtpUrl?: string | undefined; from: string }): Mailer {
  const inbox: MailMessage[] = [];
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      inbox,
      async send({ attachments, ...msg }) {
        await transport.sendMail({
          from: opts.from,
          ...msg,
          ...(attachments?.length
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  content: Buffer.from(a.content, 'base64'),
                  contentType: a.contentType,
                  ...(a.contentId ? { cid: a.contentId } : {}),
                })),
              }
            : {}),
        });
      },
    };
  }
  return {
    inbox,
    async send(msg) {
      inbox.push({
        id: randomUUID(),
        from: opts.from,
        ...msg,
        links: extractLinks(msg.html),
        createdAt: new Date().toISOString(),
      });
      if (inbox.length > 500) inbox.shift();
    },
  };
}
