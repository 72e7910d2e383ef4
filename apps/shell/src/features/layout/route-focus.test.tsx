import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { useRouteFocus } from './route-focus';

function Shell({ children }: { children: React.ReactNode }) {
  useRouteFocus('main');
  return (
    <>
      <nav>
        <Link to="/events">Events</Link>
        <Link to="/?book=1">Book</Link>
        <Link to="/auth">Sign In</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** A page whose heading arrives later, as a remote's does. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(t);
  }, []);
  return ready ? <h1>Upcoming Events</h1> : <p>Loading…</p>;
}

/** A page that puts the guest in its first field as it opens. */
function AuthPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(t);
  }, []);
  return ready ? (
    <>
      <h1>Sign In</h1>
      <input aria-label="Email" autoFocus />
    </>
  ) : null;
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Shell>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <h1>Home</h1>
                <input aria-label="Search" />
              </>
            }
          />
          <Route path="/auth" element={<AuthPage />} />
          <Route
            path="/events"
            element={
              <>
                <SlowPage />
                <Back />
              </>
            }
          />
        </Routes>
      </Shell>
    </MemoryRouter>,
  );
}

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => scrollTo.mockRestore());

describe('a change of page', () => {
  it('starts the new page at the top and puts focus on its heading once it is drawn', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Events' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    const heading = await screen.findByRole('heading', { name: 'Upcoming Events' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('keeps the page where it is when only the query string changes (a dialog)', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Book' }));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Home' })).not.toHaveFocus();
  });

  it('does not take focus from a field the page has put the guest in', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await new Promise((r) => setTimeout(r, 30));
    expect(email).toHaveFocus();
  });

  it('goes back to where the guest was on that page', async () => {
    const user = userEvent.setup();
    renderApp();
    // the guest scrolled down on home, then followed a link
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await user.click(screen.getByRole('link', { name: 'Events' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await screen.findByRole('heading', { name: 'Upcoming Events' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      value: 3000,
      configurable: true,
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
