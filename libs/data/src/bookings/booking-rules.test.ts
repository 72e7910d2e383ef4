// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { guestBookingStatus, spotsLeftLabel, willBeWaitlisted } from './booking-rules';

describe('booking rules', () => {
  it('knows the five statuses and treats anything else as pending', () => {
    expect(guestBookingStatus('waitlisted')).toBe('waitlisted');
    expect(guestBookingStatus('cancelled')).toBe('cancelled');
    expect(guestBookingStatus('approved')).toBe('approved');
    expect(guestBookingStatus('rejected')).toBe('rejected');
    expect(guestBookingStatus('confirmed')).toBe('pending');
    expect(guestBookingStatus(null)).toBe('pending');
  });

  it('waitlists a party only when a capacity is set and the party does not fit', () => {
    expect(willBeWaitlisted(null, 20)).toBe(false);
    expect(willBeWaitlisted(undefined, 20)).toBe(false);
    expect(willBeWaitlisted(4, 4)).toBe(false);
    expect(willBeWaitlisted(4, 5)).toBe(true);
    expect(willBeWaitlisted(0, 1)).toBe(true);
  });

  it('labels the spots left', () => {
    expect(spotsLeftLabel(null)).toBeNull();
    expect(spotsLeftLabel(1)).toBe('1 spot left');
    expect(spotsLeftLabel(12)).toBe('12 spots left');
    expect(spotsLeftLabel(0)).toBe('Fully booked: waitlist open');
    expect(spotsLeftLabel(-2)).toBe('Fully booked: waitlist open');
  });
});
