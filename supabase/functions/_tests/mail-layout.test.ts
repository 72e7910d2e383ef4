import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copyFile, mailLayoutCopy } from '../_shared/copy-mail-layout.mjs';

describe("the backend's copy of the mail layout", () => {
  it('is what copy-mail-layout.mjs writes from branded-mail.ts', () => {
    // after editing the layout: node supabase/functions/_shared/copy-mail-layout.mjs
    expect(readFileSync(copyFile, 'utf8')).toBe(mailLayoutCopy());
  });
});
