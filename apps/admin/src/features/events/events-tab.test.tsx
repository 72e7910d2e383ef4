import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import type { AdminEvent } from '@bistro/data';
import { EventsTab, deleteDescription } from './events-tab';
import { clearToasts, renderAt, setViewer } from '../../test/render';

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAdminEvents: vi.fn(),
  useEventOpenBookingCount: () => ({ data: undefined }),
}));

const event = (id: string, title: string, state: Partial<AdminEvent>): AdminEvent => ({
  id,
  title,
  description: null,
  event_date: '2031-07-01T23:00:00Z',
  featured_image_url: null,
  is_approved: false,
  rejected_at: null,
  capacity: null,
  template_id: null,
  created_by: null,
  created_at: '2031-06-01T00:00:00Z',
  updated_at: '2031-06-01T00:00:00Z',
  ...state,
});

describe('EventsTab', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    vi.mocked(data.useAdminEvents).mockReturnValue({
      data: [
        event('e1', 'Salsa Social', {}),
        event('e2', 'Jazz Night', { is_approved: true }),
        event('e3', 'Foam Party', { rejected_at: '2031-06-02T00:00:00Z' }),
      ],
      isPending: false,
      isError: false,
      refetch: vi.fn(),
    } as unknown as ReturnType<typeof data.useAdminEvents>);
  });

  it('shows each state by name and offers only the moves it allows, none greyed out', () => {
    renderAt(<EventsTab />);
    // The moderation moves; the capacity form's Save stays disabled until the value changes.
    const buttons = (name: string) =>
      within(screen.getByRole('listitem', { name }))
        .getAllByRole('button')
        .filter((b) => b.textContent !== 'Save capacity')
        .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]);

    const pending = screen.getByRole('listitem', { name: 'Salsa Social' });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(buttons('Salsa Social')).toEqual([
      ['Approve', false],
      ['Reject', false],
      ['Delete', false],
    ]);

    const approved = screen.getByRole('listitem', { name: 'Jazz Night' });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(buttons('Jazz Night')).toEqual([
      ['Reject', false],
      ['Delete', false],
    ]);

    const rejected = screen.getByRole('listitem', { name: 'Foam Party' });
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).queryByText('Pending')).not.toBeInTheDocument();
    expect(buttons('Foam Party')).toEqual([
      ['Approve', false],
      ['Delete', false],
    ]);
  });

  it('says before deleting that the open bookings are cancelled and their guests mailed', () => {
    expect(deleteDescription('Salsa Sunday', undefined)).toBe(
      '"Salsa Sunday" will be removed for good. Checking its bookings…',
    );
    expect(deleteDescription('Salsa Sunday', 0)).toBe(
      '"Salsa Sunday" will be removed for good. It has no open bookings.',
    );
    expect(deleteDescription('Salsa Sunday', 3)).toBe(
      '"Salsa Sunday" will be removed for good. Its 3 open bookings are cancelled by the venue and each guest is told by e-mail.',
    );
  });
});
