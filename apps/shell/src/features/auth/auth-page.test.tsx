import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { authRedirectState, useAuthStore } from '@bistro/auth';
import { AuthPage } from './auth-page';

vi.mock('@bistro/data', async (importOriginal) =>
  (await import('../../test/venue-mock')).withTestVenue(importOriginal),
);

const session = { user: { id: 'member-1', email: 'maya@example.com' } } as Session;

function renderAuth(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/auth', state }]}>
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/song-requests" element={<p>the lounge</p>} />
        <Route path="/" element={<p>home</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => act(() => useAuthStore.getState().setSession(null)));

describe('AuthPage', () => {
  it('says why a visitor was sent here and returns them there after sign-in', () => {
    renderAuth(authRedirectState('/song-requests'));
    expect(screen.getByRole('status')).toHaveTextContent('Sign in to request songs and vote.');
    act(() => useAuthStore.getState().setSession(session));
    expect(screen.getByText('the lounge')).toBeInTheDocument();
  });

  it('gives no reason, and goes home after sign-in, when opened directly', () => {
    renderAuth();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(/^Sign in to /)).not.toBeInTheDocument();
    act(() => useAuthStore.getState().setSession(session));
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  it('asks for the authenticator code before moving on when the account has one', () => {
    const token = (aal: string) =>
      `x.${btoa(JSON.stringify({ sub: 'member-1', aal })).replace(/=+$/, '')}.y`;
    const withFactor = (aal: string) =>
      ({
        access_token: token(aal),
        user: {
          id: 'member-1',
          email: 'maya@example.com',
          factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }],
        },
      }) as unknown as Session;
    renderAuth();
    act(() => useAuthStore.getState().setSession(withFactor('aal1')));
    expect(screen.getByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.queryByText('home')).not.toBeInTheDocument();
    act(() => useAuthStore.getState().setSession(withFactor('aal2')));
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  it('never returns to another site', () => {
    renderAuth({ from: '//evil.example/' });
    act(() => useAuthStore.getState().setSession(session));
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});
