import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@bistro/ui';
import { AuthenticatorCard } from './authenticator-card';

vi.mock('@bistro/data', async (importOriginal) =>
  (await import('../../test/venue-mock')).withTestVenue(importOriginal),
);

const auth = vi.hoisted(() => ({
  authenticatorOf: vi.fn(),
  startTotpEnrolment: vi.fn(),
  confirmTotp: vi.fn(),
  removeAuthenticator: vi.fn(),
}));
vi.mock('@bistro/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/auth')>()),
  ...auth,
}));

const URI = 'otpauth://totp/Lakeshore%20Bistro:ada%40example.com?secret=JBSWY3DPEHPK3PXP';

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  for (const fn of Object.values(auth)) fn.mockReset();
});

describe('two-step sign-in on the profile', () => {
  it('sets up an authenticator: QR code and key, then the code from the app', async () => {
    auth.authenticatorOf.mockResolvedValueOnce({ data: null, error: null });
    auth.startTotpEnrolment.mockResolvedValue({
      data: { factorId: 'f1', uri: URI, secret: 'JBSWY3DPEHPK3PXP' },
      error: null,
    });
    auth.confirmTotp
      .mockResolvedValueOnce({ data: null, error: { code: 'mfa_verification_failed' } })
      .mockResolvedValueOnce({ data: true, error: null });
    auth.authenticatorOf.mockResolvedValue({
      data: { id: 'f1', name: 'Authenticator app', createdAt: '2026-11-27T00:00:00Z' },
      error: null,
    });
    const user = userEvent.setup();
    render(<AuthenticatorCard />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator' }));
    // the app's name for the account is the venue's, from its record
    expect(auth.startTotpEnrolment).toHaveBeenCalledWith('Lakeshore Bistro');
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(auth.confirmTotp).toHaveBeenLastCalledWith('f1', '123456');
    expect(await screen.findByText(/An authenticator app is set up/)).toBeInTheDocument();
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Authenticator added');
  });

  it('says when the settings cannot be loaded, and retries', async () => {
    auth.authenticatorOf.mockResolvedValueOnce({ data: null, error: { message: 'down' } });
    auth.authenticatorOf.mockResolvedValueOnce({ data: null, error: null });
    const user = userEvent.setup();
    render(<AuthenticatorCard />);
    await user.click(await screen.findByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator' })).toBeInTheDocument();
  });
});
