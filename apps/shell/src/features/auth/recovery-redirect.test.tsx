import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore } from '@bistro/auth';
import { RecoveryRedirect } from './recovery-redirect';

const session = { user: { id: 'member-1', email: 'vera@example.com' } } as Session;

function Where() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>at {pathname + search}</p>
      <button type="button" onClick={() => navigate('/events')}>
        leave
      </button>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RecoveryRedirect />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() =>
  act(() => {
    useAuthStore.getState().setSession(null);
    useAuthStore.setState({ recovery: false });
  }),
);

describe('RecoveryRedirect', () => {
  it('sends a session that arrived for recovery to the reset form, once', () => {
    renderAt('/');
    expect(screen.getByText('at /')).toBeInTheDocument();
    act(() => {
      useAuthStore.getState().setSession(session);
      useAuthStore.setState({ recovery: true });
    });
    expect(screen.getByText('at /auth?reset=1')).toBeInTheDocument();
    // leaving the form is not undone
    act(() => screen.getByRole('button', { name: 'leave' }).click());
    expect(screen.getByText('at /events')).toBeInTheDocument();
  });

  it('leaves an ordinary sign-in where it is', () => {
    renderAt('/events');
    act(() => useAuthStore.getState().setSession(session));
    expect(screen.getByText('at /events')).toBeInTheDocument();
  });
});
