import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import * as data from '@bistro/data';
import { AdminGate } from './admin-gate';
import { clearToasts, renderAt, setViewer, toasts } from '../../test/render';

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAdminAccess: vi.fn(),
}));

const access = vi.mocked(data.useAdminAccess);

function answer(state: Partial<UseQueryResult<boolean>>) {
  access.mockReturnValue({
    isPending: false,
    isError: false,
    data: undefined,
    refetch: vi.fn(),
    ...state,
  } as unknown as UseQueryResult<boolean>);
}

const gate = () =>
  renderAt(
    <AdminGate>
      <h1>Dashboard</h1>
    </AdminGate>,
  );

describe('AdminGate', () => {
  beforeEach(() => {
    clearToasts();
    answer({ isPending: true });
  });

  it('sends a visitor to /auth', () => {
    setViewer('signedOut');
    gate();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('waits while the session or the role lookup is still in flight', () => {
    setViewer('loading');
    const view = gate();
    expect(screen.getByRole('status')).toHaveTextContent('Checking admin access');
    view.unmount();
    setViewer('signedIn', { roleLoading: true });
    answer({ isPending: false, data: false });
    gate();
    expect(screen.getByRole('status')).toHaveTextContent('Checking admin access');
    expect(toasts()).toEqual([]);
  });

  it("lets in an admin the shell's store knows", () => {
    setViewer('signedIn', { isAdmin: true });
    gate();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lets in an admin whose role the database confirms before the store does', () => {
    setViewer('signedIn');
    answer({ data: true });
    gate();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(access).toHaveBeenCalledWith('admin-1');
  });

  it("turns a member away: 'Access Denied' / 'Admin privileges required', then home", () => {
    setViewer('signedIn', { id: 'member-1' });
    answer({ data: false });
    gate();
    expect(toasts()).toEqual(['Access Denied / Admin privileges required']);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load admin data' with Retry when the role cannot be read", () => {
    setViewer('signedIn');
    const refetch = vi.fn();
    answer({ isError: true, refetch });
    gate();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load admin data');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(refetch).toHaveBeenCalled();
  });
});
