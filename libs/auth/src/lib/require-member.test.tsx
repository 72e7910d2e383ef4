import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore } from './auth-store';
import { RequireMember } from './require-member';

function renderGuarded() {
  return render(
    <MemoryRouter initialEntries={['/games']}>
      <Routes>
        <Route
          path="/games"
          element={
            <RequireMember loadingLabel="Checking…">
              <p>members only</p>
            </RequireMember>
          }
        />
        <Route path="/auth" element={<p>auth page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const session = { user: { id: 'u1', email: 'maya@example.com' } } as unknown as Session;

beforeEach(() => useAuthStore.setState({ status: 'loading', session: null, isAdmin: false }));

describe('RequireMember', () => {
  it('waits for the session lookup, then shows members the page', () => {
    renderGuarded();
    expect(screen.getByText('Checking…')).toBeInTheDocument();
    act(() => useAuthStore.getState().setSession(session));
    expect(screen.getByText('members only')).toBeInTheDocument();
  });

  it('sends visitors to /auth, also when a member signs out on the page', () => {
    useAuthStore.getState().setSession(session);
    renderGuarded();
    expect(screen.getByText('members only')).toBeInTheDocument();
    act(() => useAuthStore.getState().setSession(null));
    expect(screen.getByText('auth page')).toBeInTheDocument();
    expect(screen.queryByText('members only')).not.toBeInTheDocument();
  });
});
