import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bookingNotificationPayload,
  bookingReviewUpdate,
  notifyBookingChange,
} from './booking-review-mutation';
import { bookingStatus, type AdminBooking } from './bookings-query';

const invoke = vi.fn();
vi.mock('../lib/supabase-client', () => ({ getFunctions: async () => ({ invoke }) }));

const booking: AdminBooking = {
  id: 'b1',
  event_id: 'e1',
  occasion: null,
  booking_code: 'ABCD2345',
  cancelled_at: null,
  cancelled_by: null,
  checked_in_at: null,
  checked_in_by: null,
  user_id: 'u1',
  name: 'Leo Martinez',
  email: 'leo@example.com',
  phone: '555',
  event_title: 'Rooftop Brunch',
  event_date: '2031-05-04T16:00:00Z',
  number_of_guests: 2,
  special_requests: null,
  event_image_url: null,
  status: 'approved',
  admin_notes: 'Ask for Sam',
  approved_at: '2031-04-01T00:00:00Z',
  approved_by: 'admin-1',
  created_at: '2031-03-01T00:00:00Z',
  updated_at: '2031-04-01T00:00:00Z',
};

describe('booking review', () => {
  afterEach(() => invoke.mockReset());

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

  it("sends the spec's notification payload", async () => {
    invoke.mockResolvedValue({ data: { sent: true }, error: null });
    expect(await notifyBookingChange(booking)).toBe(true);
    expect(invoke).toHaveBeenCalledWith('send-booking-notification', {
      body: {
        bookingId: 'b1',
        status: 'approved',
        customerEmail: 'leo@example.com',
        customerName: 'Leo Martinez',
        eventTitle: 'Rooftop Brunch',
        eventDate: '2031-05-04T16:00:00Z',
        adminNotes: 'Ask for Sam',
      },
    });
    expect(bookingNotificationPayload({ ...booking, status: 'rejected' }).status).toBe('rejected');
  });

  it('only logs a failed notification', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    invoke.mockResolvedValueOnce({ data: null, error: new Error('HTTP 503') });
    expect(await notifyBookingChange(booking)).toBe(false);
    invoke.mockRejectedValueOnce(new Error('offline'));
    expect(await notifyBookingChange(booking)).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });
});
