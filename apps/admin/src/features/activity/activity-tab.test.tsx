import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import { ActivityTab } from './activity-tab';
import { renderAt, setViewer } from '../../test/render';

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAuditLog: vi.fn(),
}));

const entry = (id: number, action: string): data.AuditEntry => ({
  id,
  at: new Date(Date.UTC(2026, 10, 26, 20, 0) - id * 60_000).toISOString(),
  actorId: 'admin-1',
  actorEmail: 'ada@example.com',
  action,
  tableName: 'event_bookings',
  rowKey: `b${id}`,
  subjectUserId: 'u1',
  fields: [{ field: 'status', before: 'pending', after: 'approved' }],
});

describe('ActivityTab', () => {
  beforeEach(() => {
    setViewer('signedIn', { isAdmin: true });
    vi.mocked(data.useAuditLog).mockImplementation(
      (filters: data.AuditFilters = {}) =>
        ({
          data: filters.before
            ? [entry(99, 'role.granted')]
            : Array.from({ length: data.AUDIT_PAGE_SIZE }, (_, i) =>
                entry(i + 1, 'booking.approved'),
              ),
          isPending: false,
          isError: false,
          isFetching: false,
          refetch: vi.fn(),
        }) as unknown as ReturnType<typeof data.useAuditLog>,
    );
  });

  it('lists who did what with the fields before and after', () => {
    renderAt(<ActivityTab />);
    const entries = screen.getAllByTestId('activity-entry');
    expect(entries).toHaveLength(data.AUDIT_PAGE_SIZE);
    expect(within(entries[0]!).getByText(/ada@example\.com/)).toBeInTheDocument();
    expect(within(entries[0]!).getByText('booking approved', { exact: false })).toBeInTheDocument();
    expect(within(entries[0]!).getByText('status: pending → approved')).toBeInTheDocument();
  });

  it('filters by action and staff member, and pages to older entries', async () => {
    const user = userEvent.setup();
    renderAt(<ActivityTab />);
    await user.selectOptions(screen.getByLabelText('Action'), 'role');
    expect(vi.mocked(data.useAuditLog)).toHaveBeenLastCalledWith({ action: 'role' });
    await user.type(screen.getByLabelText('Staff member'), 'ada');
    await vi.waitFor(() =>
      expect(vi.mocked(data.useAuditLog)).toHaveBeenLastCalledWith({
        action: 'role',
        actorEmail: 'ada',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(vi.mocked(data.useAuditLog)).toHaveBeenLastCalledWith({
      action: 'role',
      actorEmail: 'ada',
      before: data.AUDIT_PAGE_SIZE,
    });
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });
});
