import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calendarCopy, calendarCopyFile } from '../_shared/copy-calendar.mjs';

describe("the app's copy of the calendar code", () => {
  it('is what copy-calendar.mjs writes from calendar.ts', () => {
    // after editing calendar.ts: node supabase/functions/_shared/copy-calendar.mjs
    expect(readFileSync(calendarCopyFile, 'utf8')).toBe(calendarCopy());
  });
});
