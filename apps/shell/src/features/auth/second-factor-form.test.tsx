import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@bistro/ui';
import { SecondFactorForm } from './second-factor-form';

const verify = vi.hoisted(() => vi.fn());
vi.mock('@bistro/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/auth')>()),
  verifySecondFactor: verify,
}));

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  verify.mockReset();
});

describe('the authenticator code at sign-in', () => {
  it('a wrong code is said above the button and the field keeps focus for another try', async () => {
    verify.mockResolvedValue({ data: null, error: { code: 'mfa_verification_failed' } });
    const user = userEvent.setup();
    render(<SecondFactorForm />);
    const field = screen.getByLabelText('Authenticator code');
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(verify).toHaveBeenCalledWith('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check the app and enter the current code.',
    );
    expect(field).toHaveFocus();
  });

  it('the right code welcomes the member back', async () => {
    verify.mockResolvedValue({ data: true, error: null });
    const user = userEvent.setup();
    render(<SecondFactorForm />);
    await user.type(screen.getByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Welcome back!'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
