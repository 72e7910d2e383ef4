import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingReviewUpdate, reviewBooking } from './booking-review-mutation';
import { bookingStatus, type AdminBooking } from './bookings-query';

const booking: AdminBooking = {
  id: 'b1',
  event_id: 'e1',
  occasion: null,
  booking_code: 'ABCD2345',
  cancelled_at: null,
  cancelled_by: null,
  checked_in_at: null,
  checked_in_by: null,
  no_show_at: null,
  user_id: 'u1',
  name: 'Leo Martinez',
  email: 'leo@example.com',
  phone: '555',
  event_title: 'Rooftop Brunch',
  event_date: '2031-05-04T16:00:00Z',
  number_of_guests: 2,
  special_requests: null,
  event_image_url: null,
  status: 'pending',
  admin_notes: null,
  approved_at: null,
  approved_by: null,
  created_at: '2031-03-01T00:00:00Z',
  updated_at: '2031-03-01T00:00:00Z',
};

/** Every request the client sends, answered as PostgREST answers the update. */
const sent: { method: string; url: string; body: unknown }[] = [];
const client = createClient('http://api.test', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  global: {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      sent.push({ method: init?.method ?? 'GET', url, body });
      return new Response(JSON.stringify([{ ...booking, ...body }]), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  },
});
vi.mock('../lib/supabase-client', () => ({ getSupabase: () => client }));

describe('booking review', () => {
  afterEach(() => {
    sent.length = 0;
  });

  it('writes the status and trimmed notes; the database stamps the approval', () => {
    expect(bookingReviewUpdate({ status: 'approved', adminNotes: ' Ask for Sam ' })).toEqual({
      status: 'approved',
      admin_notes: 'Ask for Sam',
    });
    expect(bookingReviewUpdate({ status: 'rejected', adminNotes: '  ' })).toEqual({
      status: 'rejected',
      admin_notes: null,
    });
  });

  it('keeps the five statuses and treats anything else as pending', () => {
    expect(bookingStatus('approved')).toBe('approved');
    expect(bookingStatus('rejected')).toBe('rejected');
    expect(bookingStatus('waitlisted')).toBe('waitlisted');
    expect(bookingStatus('cancelled')).toBe('cancelled');
    expect(bookingStatus('confirmed')).toBe('pending');
    expect(bookingStatus(null)).toBe('pending');
  });

  it('saves the decision in one update and sends nothing else: the database queues the mail', async () => {
    const updated = await reviewBooking({
      booking,
      status: 'approved',
      adminNotes: 'Ask for Sam',
      adminId: 'admin-1',
    });
    expect(updated).toMatchObject({ id: 'b1', status: 'approved', admin_notes: 'Ask for Sam' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('PATCH');
    expect(sent[0]?.url).toMatch(/^http:\/\/api\.test\/rest\/v1\/event_bookings\?id=eq\.b1/);
    expect(sent[0]?.body).toEqual({ status: 'approved', admin_notes: 'Ask for Sam' });
  });
});
