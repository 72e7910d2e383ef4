// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { fetchAdminPhotos } from './photos-query';

const API = 'http://api/storage/v1';
const rows = [
  {
    id: 'p1',
    user_id: 'u1',
    is_approved: true,
    image_url: `${API}/object/public/photo-wall/u1/1.png`,
  },
  {
    id: 'p2',
    user_id: 'u1',
    is_approved: false,
    image_url: `${API}/object/public/photo-wall/u1/2.png`,
  },
  { id: 'p3', user_id: 'u2', is_approved: false, image_url: 'https://elsewhere.example/3.png' },
];
const profiles = [
  { user_id: 'u1', first_name: 'Maya', last_name: 'Brooks', email: 'maya@example.com' },
];
const signed: { paths: string[]; seconds: number }[] = [];

function builder(): Record<string, unknown> {
  const chain: Record<string, unknown> = {};
  let table = '';
  for (const name of ['select', 'order', 'abortSignal', 'in']) chain[name] = () => chain;
  chain['from'] = (name: string) => {
    table = name;
    return chain;
  };
  chain['then'] = (resolve: (value: unknown) => unknown) =>
    Promise.resolve({ data: table === 'profiles' ? profiles : rows, error: null }).then(resolve);
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

  it('names who uploaded each photo, from their profile', async () => {
    const photos = await fetchAdminPhotos();
    expect(photos.map((p) => p.uploader)).toEqual([
      'Maya Brooks (maya@example.com)',
      'Maya Brooks (maya@example.com)',
      null,
    ]);
  });
});
