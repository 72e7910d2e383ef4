import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@bistro/ui';
import { SignUpForm } from './sign-up-form';

const signUp = vi.hoisted(() => vi.fn());
vi.mock('@bistro/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/auth')>()),
  signUp,
}));

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  signUp.mockReset();
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Bea');
  await user.type(screen.getByLabelText('Last name'), 'Quinn');
  await user.type(screen.getByLabelText(/Email/), 'bea@example.com');
  await user.type(screen.getByLabelText(/Password/), 'a-long-password');
}

describe('sign-up', () => {
  it('takes an optional birthday for the birthday treat', async () => {
    signUp.mockResolvedValue({ error: null, needsVerification: true });
    const user = userEvent.setup();
    render(<SignUpForm onVerify={() => undefined} />);
    await fill(user);
    await user.type(screen.getByLabelText('Birthday (optional)'), '1992-03-14');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ birthday: '1992-03-14' }));
  });

  it('signs up without one', async () => {
    signUp.mockResolvedValue({ error: null, needsVerification: true });
    const user = userEvent.setup();
    render(<SignUpForm onVerify={() => undefined} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ birthday: null }));
  });

  it('says a refused sign-up above the button', async () => {
    signUp.mockResolvedValue({ error: { message: 'User already registered' } });
    const user = userEvent.setup();
    render(<SignUpForm onVerify={() => undefined} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
