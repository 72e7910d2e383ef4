// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { fetchAdminPhotos } from './photos-query';

const API = 'http://api/storage/v1';
const rows = [
  { id: 'p1', is_approved: true, image_url: `${API}/object/public/photo-wall/u1/1.png` },
  { id: 'p2', is_approved: false, image_url: `${API}/object/public/photo-wall/u1/2.png` },
  { id: 'p3', is_approved: false, image_url: 'https://elsewhere.example/3.png' },
];
const signed: { paths: string[]; seconds: number }[] = [];

function builder(): Record<string, unknown> {
  const chain: Record<string, unknown> = {};
  for (const name of ['from', 'select', 'order', 'abortSignal']) chain[name] = () => chain;
  chain['then'] = (resolve: (value: unknown) => unknown) =>
    Promise.resolve({ data: rows, error: null }).then(resolve);
  return chain;
}

vi.mock('../lib/supabase-client', () => ({
  getSupabase: () => builder(),
  getStorage: async () => ({
    from: () => ({
      createSignedUrls: async (paths: string[], seconds: number) => {
        signed.push({ paths, seconds });
        return {
          data: paths.map((path) => ({
            path,
            signedUrl: `${API}/object/sign/photo-wall/${path}?token=t`,
          })),
          error: null,
        };
      },
    }),
  }),
}));

describe('admin photos', () => {
  it('photos not approved yet show through a signed link; the rest keep their URL', async () => {
    const photos = await fetchAdminPhotos();
    expect(signed).toEqual([{ paths: ['u1/2.png'], seconds: 3600 }]);
    expect(photos.map((p) => p.image_url)).toEqual([
      rows[0]?.image_url,
      `${API}/object/sign/photo-wall/u1/2.png?token=t`,
      rows[2]?.image_url,
    ]);
  });
});
