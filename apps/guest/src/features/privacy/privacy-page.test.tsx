import { fireEvent, screen, within } from '@testing-library/react';
import { useToastStore } from '@bistro/ui';
import { MEMBER_ID, renderAt, setViewer } from '../../test/render';
import { PrivacyPage, PrivacyPolicySummaryPage } from './privacy-page';

const state = vi.hoisted(() => ({ mutate: vi.fn(), exportError: null as unknown }));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await (await import('../../test/venue-mock')).withTestVenue(importOriginal);
  return {
    ...actual,
    useAccountDeleteMutation: () => ({ mutate: state.mutate, isPending: false }),
    fetchAccountExport: async () => {
      if (state.exportError) throw state.exportError;
      return {
        profile: null,
        bookings: [],
        offers: [],
        photos: [],
        exported_at: '2025-08-15T00:00:00Z',
      };
    },
  };
});

describe('privacy pages', () => {
  beforeEach(() => {
    state.mutate.mockClear();
    state.exportError = null;
    useToastStore.setState({ toasts: [] });
  });

  it('both versions carry the effective date and mention roles with row-level security', () => {
    setViewer('signedOut');
    for (const [Page, path] of [
      [PrivacyPage, '/privacy'],
      [PrivacyPolicySummaryPage, '/privacy-policy'],
    ] as const) {
      const { unmount } = renderAt(<Page />, path);
      expect(screen.getByText(/Effective date:/)).toHaveTextContent('August 15, 2025');
      expect(document.body).toHaveTextContent(/row-level security/i);
      expect(document.body).toHaveTextContent(/admin role/i);
      expect(document.body).toHaveTextContent(/user role/i);
      unmount();
    }
  });

  it('shows no data controls to visitors', () => {
    setViewer('signedOut');
    renderAt(<PrivacyPage />, '/privacy');
    expect(screen.queryByRole('button', { name: 'Export My Data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete My Account' })).not.toBeInTheDocument();
  });

  it('asks a member to confirm before deleting the account', () => {
    setViewer('signedIn');
    renderAt(<PrivacyPage />, '/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
    expect(state.mutate).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(state.mutate).toHaveBeenCalledWith({ userId: MEMBER_ID });
  });

  it('toasts Export failed when the export cannot be fetched', async () => {
    setViewer('signedIn');
    state.exportError = new Error('offline');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(<PrivacyPage />, '/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'Export My Data' }));
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toEqual(
        expect.objectContaining({
          title: 'Export failed',
          description: 'Failed to export your data. Please try again.',
        }),
      ),
    );
  });
});
