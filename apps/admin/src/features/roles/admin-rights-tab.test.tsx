import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import {
  DataError,
  type GrantAdminVars,
  type MutationHookOptions,
  type StaffRole,
} from '@bistro/data';
import { AdminRightsTab } from './admin-rights-tab';
import { ADMIN_ID, clearToasts, renderAt, setViewer, toasts } from '../../test/render';

const server = vi.hoisted(() => ({
  grant: vi.fn<(vars: GrantAdminVars) => Promise<string>>(),
  revoke: vi.fn<(vars: { userId: string }) => Promise<void>>(),
  grantStaff: vi.fn<(vars: { email: string; role: StaffRole }) => Promise<string>>(),
  revokeStaff: vi.fn<(vars: { userId: string; role: StaffRole }) => Promise<void>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAdmins: vi.fn(),
  useRoleGrantMutation: (options: MutationHookOptions<string, GrantAdminVars> = {}) =>
    useMutation({ ...options, mutationFn: server.grant }),
  useRoleRevokeMutation: (options: MutationHookOptions<void, { userId: string }> = {}) =>
    useMutation({ ...options, mutationFn: server.revoke }),
  useStaffAccounts: vi.fn(),
  useStaffRoleGrantMutation: (
    options: MutationHookOptions<string, { email: string; role: StaffRole }> = {},
  ) => useMutation({ ...options, mutationFn: server.grantStaff }),
  useStaffRoleRevokeMutation: (
    options: MutationHookOptions<void, { userId: string; role: StaffRole }> = {},
  ) => useMutation({ ...options, mutationFn: server.revokeStaff }),
}));

describe('AdminRightsTab', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    server.grant.mockReset();
    server.revoke.mockReset();
    server.grantStaff.mockReset();
    server.revokeStaff.mockReset();
    vi.mocked(data.useStaffAccounts).mockReturnValue({
      data: [
        {
          userId: 'u9',
          role: 'staff',
          grantedAt: '2025-08-03T00:00:00Z',
          firstName: 'Sam',
          lastName: 'Door',
          email: 'sam@example.com',
        },
      ],
      isPending: false,
      isError: false,
      refetch: vi.fn(),
    } as unknown as ReturnType<typeof data.useStaffAccounts>);
    vi.mocked(data.useAdmins).mockReturnValue({
      data: [
        {
          userId: ADMIN_ID,
          grantedAt: '2025-08-01T00:00:00Z',
          firstName: 'Ada',
          lastName: 'Admin',
          email: 'admin@example.com',
        },
        {
          userId: 'u2',
          grantedAt: '2025-08-02T00:00:00Z',
          firstName: 'Maya',
          lastName: 'Brooks',
          email: 'maya@example.com',
        },
      ],
      isPending: false,
      isError: false,
      refetch: vi.fn(),
    } as unknown as ReturnType<typeof data.useAdmins>);
  });

  it('has no Revoke button for the signed-in admin', () => {
    renderAt(<AdminRightsTab />);
    const me = screen.getByRole('listitem', { name: 'Ada Admin' });
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();
    expect(within(me).getByText('You')).toBeInTheDocument();
    const maya = screen.getByRole('listitem', { name: 'Maya Brooks' });
    expect(within(maya).getByRole('button', { name: 'Revoke Admin' })).toBeInTheDocument();
  });

  it("grants by e-mail, and says 'Already Admin' for a duplicate", async () => {
    const user = userEvent.setup();
    server.grant.mockResolvedValueOnce('u3');
    renderAt(<AdminRightsTab />);
    const email = screen.getByLabelText('Grant admin rights by e-mail');
    const grant = screen.getByRole('button', { name: 'Grant Admin' });
    expect(grant).toBeDisabled();
    await user.type(email, 'leo@example.com');
    await user.click(grant);
    await waitFor(() => expect(toasts()[0]).toMatch(/^Admin Rights Granted/));
    expect(server.grant.mock.calls[0]?.[0]).toEqual({ email: 'leo@example.com' });
    expect(email).toHaveValue('');

    server.grant.mockRejectedValueOnce(
      new DataError({ code: '23505', message: 'duplicate key value violates unique constraint' }),
    );
    await user.type(email, 'maya@example.com');
    await user.click(grant);
    await waitFor(() =>
      expect(toasts()).toContain('Already Admin / This user already has admin rights'),
    );
  });

  it('revokes and toasts Admin Rights Revoked', async () => {
    const user = userEvent.setup();
    server.revoke.mockResolvedValue(undefined);
    renderAt(<AdminRightsTab />);
    await user.click(screen.getByRole('button', { name: 'Revoke Admin' }));
    await waitFor(() => expect(toasts()[0]).toMatch(/^Admin Rights Revoked/));
    expect(server.revoke.mock.calls[0]?.[0]).toEqual({ userId: 'u2' });
  });

  it('grants Staff or Promoter by e-mail beside Admin, and revokes a staff role', async () => {
    const user = userEvent.setup();
    server.grantStaff.mockResolvedValueOnce('u4');
    server.revokeStaff.mockResolvedValueOnce(undefined);
    renderAt(<AdminRightsTab />);
    await user.type(screen.getByLabelText('Grant a role by e-mail'), 'pia@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'promoter');
    await user.click(screen.getByRole('button', { name: 'Grant Promoter' }));
    await waitFor(() => expect(toasts()[0]).toMatch(/^Role Granted/));
    expect(server.grantStaff.mock.calls[0]?.[0]).toEqual({
      email: 'pia@example.com',
      role: 'promoter',
    });
    const sam = screen.getByRole('listitem', { name: 'Sam Door, Staff' });
    await user.click(within(sam).getByRole('button', { name: 'Revoke Staff' }));
    await waitFor(() => expect(toasts()[0]).toMatch(/^Role Revoked/));
    expect(server.revokeStaff.mock.calls[0]?.[0]).toEqual({ userId: 'u9', role: 'staff' });
  });
});
