// @vitest-environment node
import { daysSince, memberStats } from './member-stats';

describe('member stats', () => {
  const now = new Date('2025-08-15T12:00:00Z');

  it('counts whole days since the member joined', () => {
    expect(daysSince('2025-08-15T11:00:00Z', now)).toBe(0);
    expect(daysSince('2025-08-14T12:00:00Z', now)).toBe(1);
    expect(daysSince('2025-04-17T13:00:00Z', now)).toBe(119);
    expect(daysSince('2025-09-01T00:00:00Z', now)).toBe(0);
    expect(daysSince(null, now)).toBe(0);
  });

  it('builds the tiles from the profile and the redemptions', () => {
    expect(
      memberStats(
        { total_bookings: 3, vip_status: true, created_at: '2025-08-05T12:00:00Z' },
        2,
        now,
      ),
    ).toEqual({ eventsBooked: 3, offersRedeemed: 2, status: 'VIP', daysMember: 10 });
    expect(memberStats(null, 0, now)).toEqual({
      eventsBooked: 0,
      offersRedeemed: 0,
      status: 'Member',
      daysMember: 0,
    });
  });
});
