import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import AdminApp from '../../app/app';
import { renderAt, setViewer } from '../../test/render';

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAdminCounts: vi.fn(),
  useLatestAnalytics: vi.fn(),
}));

const records = Array.from({ length: 50 }, (_, i) => ({
  id: `a${i}`,
  user_id: 'u1',
  event_type: 'booking_created',
  event_data: { event_title: `Event ${i}`, guests: 2 },
  client_reported: false,
  created_at: new Date(Date.UTC(2025, 7, 1, 12, 0) - i * 60_000).toISOString(),
}));

describe('AdminDashboard', () => {
  beforeEach(() => {
    setViewer('signedIn', { isAdmin: true });
    vi.mocked(data.useAdminCounts).mockReturnValue({
      data: { users: 5123, pendingEvents: 2, pendingBookings: 3, pendingPhotos: 4 },
      isPending: false,
      isError: false,
      refetch: vi.fn(),
    } as unknown as ReturnType<typeof data.useAdminCounts>);
    vi.mocked(data.useLatestAnalytics).mockReturnValue({
      data: records,
      isPending: false,
      isError: false,
      refetch: vi.fn(),
    } as unknown as ReturnType<typeof data.useLatestAnalytics>);
  });

  it.each(['/admin', '/admin-enhanced'])(
    '%s shows the same screen with the spec tabs, Venue and Menu',
    (path) => {
      renderAt(<AdminApp />, path);
      expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
      expect(screen.getAllByRole('tab', { hidden: true }).map((t) => t.textContent)).toEqual([
        'Overview',
        'Events',
        'Bookings',
        'Check-in',
        'Photo Wall',
        'Users',
        'Admin Rights',
        'Notifications',
        'Analytics',
        'Venue',
        'Menu',
        'Promotions',
        'Activity',
        'Tonight',
        'Tables',
        'VIP Tables',
        'Guest Lists',
        'Releases',
      ]);
    },
  );

  it('states the admin capacity and the real counts on the overview', () => {
    renderAt(<AdminApp />);
    expect(screen.getByText('Admin capacity: 5,000+ users')).toBeInTheDocument();
    expect(screen.getByTestId('count-users')).toHaveTextContent('5,123Total users');
    expect(screen.getByTestId('count-bookings')).toHaveTextContent('3Pending bookings');
  });

  it('switches tabs from the small-screen dropdown, and shows the placeholder and 10 analytics rows', async () => {
    const user = userEvent.setup();
    renderAt(<AdminApp />);
    await user.selectOptions(screen.getByLabelText('Dashboard section'), 'Notifications');
    expect(screen.getByRole('heading', { name: 'Coming Soon', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notifications', hidden: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // jsdom applies the phone layout (the tab list is hidden below 1024 px); tabs still work.
    await user.click(screen.getByRole('tab', { name: 'Analytics', hidden: true }));
    expect(screen.getByLabelText('Dashboard section')).toHaveValue('analytics');
    // 50 fetched, 10 shown (plus the header row).
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(
      screen.getByText('Showing the 10 most recent of 50 records fetched.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Booking createdEvent 0 · 2 guests');
  });
});
