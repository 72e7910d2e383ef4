// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eventUpdate } from './event-moderate-mutation';

describe('event moderation', () => {
  it('approving writes only the flag; rejecting asks for the rejection stamp', () => {
    const now = new Date('2031-06-02T10:00:00Z');
    expect(eventUpdate('approve', now)).toEqual({ is_approved: true });
    expect(eventUpdate('reject', now)).toEqual({
      is_approved: false,
      rejected_at: '2031-06-02T10:00:00.000Z',
    });
  });
});
