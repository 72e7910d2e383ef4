import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { returnPath } from './auth-redirect';
import { RedirectToAuth } from './redirect-to-auth';

function SignInPage() {
  const location = useLocation();
  return <p>came from {returnPath(location.state) ?? 'nowhere'}</p>;
}

describe('RedirectToAuth', () => {
  it('goes to /auth once, carrying the page (with its query) the visitor wanted', () => {
    render(
      <MemoryRouter initialEntries={['/games/word-chain?players=3']}>
        {/* Stays mounted across the navigation, as a gate outside the routes would. */}
        <RedirectToAuth />
        <Routes>
          <Route path="/auth" element={<SignInPage />} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('came from /games/word-chain?players=3')).toBeInTheDocument();
  });
});
