import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  createdAt: string;
}

export interface Mailer {
  send(msg: { to: string; subject: string; html: string; text: string }): Promise<void>;
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
      async send(msg) {
        await transport.sendMail({ from: opts.from, ...msg });
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
