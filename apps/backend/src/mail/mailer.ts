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
  while ((m = re.exec(html))) out.push(decodeAttribute(m[1] ?? ''));
  return out;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** An HTML attribute's value as the browser reads it: numeric and the basic named entities decoded. */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
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
          // one recipient, as given: never parsed as a list of addresses or a display name
          to: { name: '', address: msg.to },
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
