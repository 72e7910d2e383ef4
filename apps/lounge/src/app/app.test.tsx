import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useAuthStore } from '@bistro/auth';
import LoungeApp from './app';

function WhereAmI() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LoungeApp />
      <Routes>
        <Route path="/auth" element={<h1>Sign in page</h1>} />
        <Route path="*" element={null} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}

describe('lounge routes', () => {
  afterEach(() => useAuthStore.setState({ status: 'loading', session: null, isAdmin: false }));

  it("shows 'Loading the Vibe...' on /song-requests while the session is looked up", () => {
    useAuthStore.setState({ status: 'loading', session: null });
    renderAt('/song-requests');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the Vibe...');
    expect(screen.getByTestId('location')).toHaveTextContent('/song-requests');
  });

  it.each(['/song-requests', '/djs'])('sends a visitor on %s to /auth', (path) => {
    useAuthStore.setState({ status: 'signedOut', session: null });
    renderAt(path);
    expect(screen.getByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('sends the member to /auth when the session ends while the page is open', () => {
    useAuthStore.setState({ status: 'loading', session: null });
    renderAt('/song-requests');
    act(() => useAuthStore.setState({ status: 'signedOut', session: null }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });
});
