import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import {
  DataError,
  type AdminUser,
  type DeleteUserVars,
  type MutationHookOptions,
  type UsersPage,
} from '@bistro/data';
import { UsersTab } from './users-tab';
import { ADMIN_ID, clearToasts, renderAt, setViewer, toasts } from '../../test/render';

const server = vi.hoisted(() => ({
  deleteUser: vi.fn<(vars: DeleteUserVars) => Promise<void>>(),
  setVip: vi.fn<(vars: { userId: string; vip: boolean }) => Promise<void>>(),
  seed: vi.fn<
    () => Promise<{
      created: number;
      existing: number;
      users: string[];
      passwords?: Record<string, string>;
    }>
  >(),
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@bistro/data')>();
  const mutation =
    <V, R>(fn: (vars: V) => Promise<R>) =>
    (options: MutationHookOptions<R, V> = {}) =>
      useMutation({ ...options, mutationFn: fn });
  return {
    ...actual,
    useUsersPage: vi.fn(),
    useAdmins: vi.fn(),
    useUserDeleteMutation: mutation(server.deleteUser),
    useUserVipMutation: mutation(server.setVip),
    useTestUsersSeedMutation: mutation(server.seed),
    useRoleGrantMutation: mutation(vi.fn()),
  };
});

const user = (over: Partial<AdminUser>): AdminUser => ({
  user_id: 'member-1',
  first_name: 'Leo',
  last_name: 'Martinez',
  email: 'leo@example.com',
  phone: null,
  vip_status: false,
  total_bookings: 2,
  created_at: '2025-07-01T12:00:00Z',
  ...over,
});

const rows = [
  user({}),
  user({ user_id: ADMIN_ID, first_name: 'Ada', last_name: 'Admin', email: 'admin@example.com' }),
];

function page(search: string, total = 5_012): UsersPage {
  return { rows, total, page: 0, pageCount: Math.ceil(total / 25), search };
}

describe('UsersTab', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    vi.mocked(data.useUsersPage).mockImplementation(
      (vars) =>
        ({
          data: page(vars.search),
          isPending: false,
          isError: false,
          isFetching: false,
          isPlaceholderData: false,
          refetch: vi.fn(),
        }) as unknown as ReturnType<typeof data.useUsersPage>,
    );
    vi.mocked(data.useAdmins).mockReturnValue({
      data: [{ userId: ADMIN_ID, grantedAt: '', firstName: 'Ada', lastName: 'Admin', email: null }],
    } as unknown as ReturnType<typeof data.useAdmins>);
    server.deleteUser.mockReset();
    server.setVip.mockReset();
    server.seed.mockReset();
  });

  afterEach(() => vi.useRealTimers());

  it('never shows delete or role buttons on the current admin', () => {
    renderAt(<UsersTab />);
    const me = screen.getByRole('listitem', { name: 'Ada Admin' });
    expect(within(me).getByText('You')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: 'Make Admin' })).not.toBeInTheDocument();
    const leo = screen.getByRole('listitem', { name: 'Leo Martinez' });
    expect(within(leo).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(leo).getByRole('button', { name: 'Make Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('users-total')).toHaveTextContent('5,012 users');
    expect(screen.getByText(/Page 1 of 201/)).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt(<UsersTab />);
    await typist.type(
      screen.getByRole('searchbox', { name: 'Search users by name or e-mail' }),
      'maya',
    );
    const searched = () => vi.mocked(data.useUsersPage).mock.calls.map(([vars]) => vars.search);
    expect(searched()).not.toContain('maya');
    expect(searched()).not.toContain('m');
    act(() => vi.advanceTimersByTime(300));
    await waitFor(() => expect(searched()).toContain('maya'));
    expect(searched()).not.toContain('ma');
    expect(vi.mocked(data.useUsersPage).mock.lastCall?.[0]).toEqual({ page: 0, search: 'maya' });
    expect(screen.getByTestId('users-total')).toHaveTextContent('5,012 users matching "maya"');
  });

  it('deletes after confirming and toasts User Deleted', async () => {
    const clicker = userEvent.setup();
    server.deleteUser.mockResolvedValue(undefined);
    renderAt(<UsersTab />);
    await clicker.click(
      within(screen.getByRole('listitem', { name: 'Leo Martinez' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    expect(server.deleteUser).not.toHaveBeenCalled();
    await clicker.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(toasts()[0]).toMatch(/^User Deleted/));
    expect(server.deleteUser.mock.calls[0]?.[0]).toEqual({ userId: 'member-1', adminId: ADMIN_ID });
    // gone at once, although the list on screen is an answer from before the delete (here the
    // mocked page never changes, as a search still loading would not)
    expect(screen.queryByRole('listitem', { name: 'Leo Martinez' })).not.toBeInTheDocument();
  });

  it("maps the server's self-delete refusal to 'Action blocked' and others to 'Deletion Failed'", async () => {
    const clicker = userEvent.setup();
    renderAt(<UsersTab />);
    const remove = async () => {
      await clicker.click(
        within(screen.getByRole('listitem', { name: 'Leo Martinez' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await clicker.click(screen.getByRole('button', { name: 'Delete User' }));
    };
    server.deleteUser.mockRejectedValueOnce(
      new DataError({ code: 'P0001', message: 'You cannot delete your own admin account.' }),
    );
    await remove();
    await waitFor(() =>
      expect(toasts()).toContain('Action blocked / You cannot delete your own admin account.'),
    );
    server.deleteUser.mockRejectedValueOnce(
      new DataError({ code: '42501', message: 'Admin privileges required' }),
    );
    await remove();
    await waitFor(() => expect(toasts()).toContain('Deletion Failed / Admin privileges required'));
  });

  it('toggles VIP and seeds test users with the spec toasts', async () => {
    const clicker = userEvent.setup();
    server.setVip.mockResolvedValue(undefined);
    server.seed.mockResolvedValueOnce({ created: 3, existing: 0, users: [] });
    renderAt(<UsersTab />);
    const leo = screen.getByRole('listitem', { name: 'Leo Martinez' });
    await clicker.click(within(leo).getByRole('button', { name: 'Make VIP' }));
    await waitFor(() => expect(toasts()[0]).toMatch(/^VIP Status Updated/));
    expect(server.setVip.mock.calls[0]?.[0]).toEqual({ userId: 'member-1', vip: true });
    await clicker.click(screen.getByRole('button', { name: 'Seed Test Users' }));
    await waitFor(() => expect(toasts()).toContain('Test Users Ready / 3 test members created.'));
    server.seed.mockRejectedValueOnce(new Error('Admin privileges required'));
    await clicker.click(screen.getByRole('button', { name: 'Seed Test Users' }));
    await waitFor(() => expect(toasts()).toContain('Seeding Failed / Admin privileges required'));
  });

  it("shows new test members' random passwords once, until dismissed", async () => {
    const clicker = userEvent.setup();
    server.seed.mockResolvedValueOnce({
      created: 1,
      existing: 0,
      users: ['test1@example.com'],
      passwords: { 'test1@example.com': 'k3Qz-random-pass' },
    });
    renderAt(<UsersTab />);
    await clicker.click(screen.getByRole('button', { name: 'Seed Test Users' }));
    const panel = await screen.findByRole('region', { name: 'Test member passwords' });
    expect(within(panel).getByText('test1@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('k3Qz-random-pass')).toBeInTheDocument();
    await clicker.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Test member passwords' })).not.toBeInTheDocument();
  });
});
