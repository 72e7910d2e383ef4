import { describe, expect, it, beforeAll } from 'vitest';
import { StorageClient } from '@supabase/storage-js';
import { configureSupabase } from './supabase-client';
import { imageSources, renderUrl } from './storage-image';

const API = 'http://127.0.0.1:54999';

describe('imageSources', () => {
  beforeAll(() => {
    configureSupabase({ url: API, anonKey: 'anon' });
  });

  it("writes render URLs as storage-js's getPublicUrl({ transform }) does", () => {
    const storage = new StorageClient(`${API}/storage/v1`, {});
    const { data } = storage.from('event-images').getPublicUrl('seed/a b.webp', {
      transform: { width: 640, height: 360, resize: 'cover', quality: 70 },
    });
    expect(
      renderUrl('event-images', 'seed/a b.webp', { width: 640, height: 360, quality: 70 }),
    ).toBe(data.publicUrl);
  });

  it("answers a public storage URL of any host from this site's API at each width", () => {
    const s = imageSources(
      'http://127.0.0.1:54321/storage/v1/object/public/event-images/seed/neon-1.webp',
      { widths: [640, 320, 960], aspect: 16 / 9 },
    );
    expect(s?.src).toBe(
      `${API}/storage/v1/render/image/public/event-images/seed/neon-1.webp?width=640&height=360&resize=cover&quality=70`,
    );
    expect(s?.srcSet?.split(', ').map((x) => x.split(' ')[1])).toEqual(['320w', '640w', '960w']);
    expect(s?.srcSet).toContain('width=320&height=180');
  });

  it('uses another http(s) URL as it is and refuses other schemes', () => {
    expect(imageSources('https://cdn.example/x.jpg', { widths: [320], aspect: 1 })).toEqual({
      src: 'https://cdn.example/x.jpg',
    });
    // a signed (private) link is not public: used as it is
    const signed = `${API}/storage/v1/object/sign/photo-wall/u/1.png?token=t`;
    expect(imageSources(signed, { widths: [320], aspect: 1 })?.srcSet).toBeUndefined();
    expect(imageSources('javascript:alert(1)', { widths: [320], aspect: 1 })).toBeUndefined();
    expect(imageSources('/relative.png', { widths: [320], aspect: 1 })).toBeUndefined();
    expect(imageSources(null, { widths: [320], aspect: 1 })).toBeUndefined();
  });
});
