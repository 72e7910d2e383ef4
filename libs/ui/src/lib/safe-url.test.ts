// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeImageUrl } from './safe-url';

describe('safeImageUrl', () => {
  it('keeps http(s) URLs, such as the storage public URLs', () => {
    const url = 'http://127.0.0.1:54321/storage/v1/object/public/photo-wall/u1/1.png';
    expect(safeImageUrl(url)).toBe(url);
    expect(safeImageUrl(' https://cdn.example.com/a b.jpg ')).toBe(
      'https://cdn.example.com/a%20b.jpg',
    );
  });

  it.each([
    'javascript:window.__xss=1',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'blob:https://example.com/1',
    '/relative/path.png',
    '//evil.example/x.png',
    'not a url',
    '',
    null,
    undefined,
  ])('drops %j', (url) => {
    expect(safeImageUrl(url)).toBeUndefined();
  });
});
