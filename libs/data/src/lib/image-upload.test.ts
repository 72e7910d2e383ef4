// @vitest-environment node
import { fileExtension, isImageFile, storedImageName, uploadImage } from './image-upload';

const storage = vi.hoisted(() => ({
  uploads: [] as { bucket: string; path: string }[],
  created: [] as string[],
  bucketExists: true,
}));

vi.mock('../lib/supabase-client', () => ({
  getStorage: async () => ({
    from: (bucket: string) => ({
      upload: async (path: string) => {
        storage.uploads.push({ bucket, path });
        return storage.bucketExists
          ? { data: { path }, error: null }
          : { data: null, error: { message: 'Bucket not found', statusCode: '404' } };
      },
      getPublicUrl: (path: string) => ({
        data: { publicUrl: `http://api/storage/v1/object/public/${bucket}/${path}` },
      }),
    }),
    createBucket: async (id: string) => {
      storage.created.push(id);
      storage.bucketExists = true;
      return { data: { name: id }, error: null };
    },
  }),
}));

const png = new File([new Uint8Array([137, 80, 78, 71])], 'Victory.PNG', { type: 'image/png' });

describe('image uploads', () => {
  beforeEach(() => {
    storage.uploads = [];
    storage.created = [];
    storage.bucketExists = true;
  });

  it('accepts image files only', () => {
    expect(isImageFile(png)).toBe(true);
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });

  it('names the file by user id, timestamp and original extension', () => {
    expect(storedImageName('u1', png, 1700000000000)).toBe('u1/1700000000000.png');
    expect(fileExtension({ name: 'no-extension', type: 'image/jpeg' })).toBe('jpeg');
    expect(fileExtension({ name: 'a.b.webp', type: 'image/webp' })).toBe('webp');
  });

  it('uploads under the member folder and returns the public URL', async () => {
    const result = await uploadImage('photo-wall', 'u1', png);
    expect(storage.uploads).toEqual([{ bucket: 'photo-wall', path: result.path }]);
    expect(result.path).toMatch(/^u1\/\d+\.png$/);
    expect(result.publicUrl).toBe(`http://api/storage/v1/object/public/photo-wall/${result.path}`);
  });

  it('recovers from a missing bucket by creating it and uploading again', async () => {
    storage.bucketExists = false;
    const result = await uploadImage('photo-wall', 'u1', png);
    expect(storage.created).toEqual(['photo-wall']);
    expect(storage.uploads).toHaveLength(2);
    expect(result.publicUrl).toContain('/photo-wall/u1/');
  });

  it('refuses a non-image before uploading anything', async () => {
    const text = new File(['hi'], 'notes.txt', { type: 'text/plain' });
    await expect(uploadImage('photo-wall', 'u1', text)).rejects.toThrow(
      'Please choose an image file.',
    );
    expect(storage.uploads).toEqual([]);
  });
});
