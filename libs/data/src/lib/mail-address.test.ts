import { isMailAddress } from './mail-address';

describe('isMailAddress', () => {
  it('takes ordinary addresses', () => {
    for (const a of ['maya@example.com', 'o.brien+vip@mail.example.co.uk', "o'hara@x.io", 'a@b'])
      expect(isMailAddress(a), a).toBe(true);
  });
  it('refuses what a mailer or a mailto: link reads as more than one address or a header', () => {
    for (const a of [
      'x,victim@example.com',
      'a<b@c>',
      'xx:;x@x.x',
      'a b@example.com',
      'a@example.com?cc=victim@example.com',
      'a@example.com\r\nBcc: victim@example.com',
      'a@-example.com',
      `${'a'.repeat(250)}@example.com`,
      '',
      null,
    ])
      expect(isMailAddress(a), String(a)).toBe(false);
  });
});
