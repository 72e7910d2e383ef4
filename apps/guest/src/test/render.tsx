import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore, type AuthStatus } from '@bistro/auth';

export const MEMBER_ID = 'member-1';

/** Puts the shared auth store in the given state, as the shell would. */
export function setViewer(status: AuthStatus, email = 'maya@example.com') {
  const session =
    status === 'signedIn'
      ? // Only the parts of a session the guest pages read; a real one comes from GoTrue.
        ({
          user: { id: MEMBER_ID, email, user_metadata: { first_name: 'Maya' } },
        } as unknown as Session)
      : null;
  useAuthStore.setState({ status, session, isAdmin: false });
}

function WhereAmI() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/** Renders inside a router at `path`, with a stand-in for the shell's /auth page. */
export function renderAt(ui: ReactElement, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth" element={<h1>Sign in page</h1>} />
        <Route path="*" element={ui} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}
