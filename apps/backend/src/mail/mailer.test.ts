import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createMailer, extractLinks } from './mailer.js';

/** A minimal SMTP server that records what it is sent (enough for nodemailer, no TLS). */
let server: Server;
let port: number;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  server = createServer((sock: Socket) => {
    let buf = '';
    let inData = false;
    let cur = { from: '', to: [] as string[], data: '' };
    sock.write('220 test ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString();
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(cur);
            cur = { from: '', to: [], data: '' };
            sock.write('250 OK queued\r\n');
          } else cur.data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250-test\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') {
          cur.from = line;
          sock.write('250 OK\r\n');
        } else if (cmd === 'RCPT') {
          cur.to.push(line);
          sock.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          sock.end('221 bye\r\n');
        } else sock.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('mailer', () => {
  it('sends over SMTP when SMTP_URL is set, and keeps nothing in the dev inbox', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Bistro <no-reply@bistro.local>',
    });
    await mailer.send({
      to: 'guest@example.com',
      subject: 'Confirm your signup',
      html: '<a href="http://x/verify?a=1&amp;b=2">go</a><a href="http://x/cancel?t=1&#38;u=&#x27;2&#39;">x</a>',
      text: 'go',
    });
    expect(mailer.inbox).toEqual([]);
    expect(received).toHaveLength(1);
    expect(received[0]?.to[0]).toContain('guest@example.com');
    expect(received[0]?.data).toContain('Subject: Confirm your signup');
  });

  it('keeps messages in the dev inbox otherwise, with their links', async () => {
    const mailer = createMailer({ from: 'x@y.z' });
    await mailer.send({
      to: 'a@b.c',
      subject: 's',
      html: '<a href="http://x/verify?a=1&amp;b=2">go</a><a href="http://x/cancel?t=1&#38;u=&#x27;2&#39;">x</a>',
      text: '',
    });
    expect(mailer.inbox[0]).toMatchObject({
      to: 'a@b.c',
      subject: 's',
      links: ['http://x/verify?a=1&b=2', "http://x/cancel?t=1&u='2'"],
    });
    expect(extractLinks('<a href="u1">x</a><a href="u2">')).toEqual(['u1', 'u2']);
  });
});
