import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routesOwnedBy } from '@bistro/ui';
import GamesApp from './app';
import { renderAt, setViewer } from '../test/render';

describe('games area routes', () => {
  afterEach(() => setViewer('loading'));

  it('serves every path the route table gives the games area', async () => {
    setViewer('signedIn');
    for (const route of routesOwnedBy('games')) {
      const view = renderAt(<GamesApp />, route.path);
      // The game pages are lazy chunks; the first import can take a moment.
      const page = await screen.findByRole(
        'heading',
        { level: 1, name: route.screen },
        { timeout: 15_000 },
      );
      expect(page.closest('[data-area="games"]')).toHaveAttribute('data-route', route.path);
      view.unmount();
    }
  });

  it.each(['/games/trivia-blast', '/games/word-chain', '/games/memory-match'])(
    'sends a visitor on %s to /auth',
    async (path) => {
      setViewer('signedOut');
      renderAt(<GamesApp />, path);
      expect(
        await screen.findByRole('heading', { name: 'Sign in page' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    },
  );

  it('shows a loading state on a game page while the session is looked up', () => {
    setViewer('loading');
    renderAt(<GamesApp />, '/games/memory-match');
    expect(screen.getByRole('status')).toHaveTextContent('Loading game…');
    expect(screen.getByTestId('location')).toHaveTextContent('/games/memory-match');
  });

  it('opens a game from the hub', async () => {
    setViewer('signedIn');
    renderAt(<GamesApp />, '/games');
    await userEvent.click(screen.getByRole('link', { name: 'Play Memory Match' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Memory Match' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Game' })).toBeVisible();
  });

  it.each(['/games/guess-the-throwback', '/games/beat-the-clock', '/games/rap-it-or-scrap-it'])(
    '%s is a coming-soon page whose link goes back to /games',
    async (path) => {
      setViewer('signedOut');
      renderAt(<GamesApp />, path);
      const main = screen.getByRole('heading', { level: 1 }).closest('[data-area]') as HTMLElement;
      expect(within(main).getByRole('heading', { name: 'Coming soon' })).toBeVisible();
      await userEvent.click(within(main).getByRole('link', { name: 'Back to Games' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/games$/);
      expect(screen.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    },
  );
});
