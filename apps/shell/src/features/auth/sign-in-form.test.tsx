import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@bistro/ui';
import { SignInForm } from './sign-in-form';

const signIn = vi.hoisted(() => vi.fn());
vi.mock('@bistro/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/auth')>()),
  signInWithPassword: signIn,
}));

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('a failed sign-in', () => {
  it('says what went wrong above the button, and again in one toast however often it fails', async () => {
    signIn.mockResolvedValue({ error: { message: 'Invalid login credentials' } });
    const user = userEvent.setup();
    render(<SignInForm />);
    await user.type(screen.getByLabelText(/Email/), 'maya@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    const button = screen.getByRole('button', { name: 'Sign In' });
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Invalid email or password. Please check your credentials and try again.',
    );
    // the message sits right before the button that caused it
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(button);
    await user.click(button);
    const open = useToastStore.getState().toasts.filter((t) => t.open);
    expect(open.map((t) => t.title)).toEqual(['Sign in failed']);
  });
});
