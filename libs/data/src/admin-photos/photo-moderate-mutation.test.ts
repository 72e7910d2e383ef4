// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eventImagePath } from '../admin-events/event-image-upload-mutation';
import { grantFailed } from '../admin-roles/errors';
import { DataError } from '../lib/errors';
import { photoUpdate } from './photo-moderate-mutation';

describe('photo moderation', () => {
  it('approving writes only the flag (the database stamps it)', () => {
    expect(photoUpdate('approve')).toEqual({ is_approved: true });
  });

  it('rejecting or hiding takes the photo off the wall and un-features it', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(photoUpdate('hide', now)).toEqual({ is_approved: false, is_featured: false });
    // a rejection asks the database for its stamp, so the uploader sees it
    expect(photoUpdate('reject', now)).toEqual({
      is_approved: false,
      is_featured: false,
      rejected_at: now.toISOString(),
    });
    expect(photoUpdate('feature')).toEqual({ is_featured: true });
    expect(photoUpdate('unfeature')).toEqual({ is_featured: false });
  });
});

describe('event images and role errors', () => {
  it("stores an event image under the admin's folder with its extension", () => {
    expect(eventImagePath('a1', { name: 'Neon Night.PNG' }, 42)).toBe('a1/42.png');
    expect(eventImagePath('a1', { name: 'no-extension' }, 42)).toBe('a1/42.jpg');
  });

  it("maps a duplicate admin grant (23505) to 'Already Admin'", () => {
    expect(grantFailed(new DataError({ code: '23505', message: 'duplicate key' }))).toEqual({
      title: 'Already Admin',
      description: 'This user already has admin rights',
      variant: 'destructive',
    });
    expect(grantFailed(new DataError({ code: '42501', message: 'denied' })).title).toBe('Error');
  });
});
