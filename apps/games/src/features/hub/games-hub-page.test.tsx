import { screen, within } from '@testing-library/react';
import { GamesHubPage } from './games-hub-page';
import { renderAt, setViewer } from '../../test/render';

describe('GamesHubPage', () => {
  afterEach(() => setViewer('loading'));

  it('asks a visitor to sign in, linking to /auth, and shows no games', () => {
    setViewer('signedOut');
    renderAt(<GamesHubPage />, '/games');
    expect(screen.getByRole('heading', { level: 1, name: 'Games hub' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('link', { name: /Play/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your points/)).not.toBeInTheDocument();
  });

  it('shows a loading state while the session is looked up', () => {
    setViewer('loading');
    renderAt(<GamesHubPage />, '/games');
    expect(screen.getByRole('status')).toHaveTextContent('Loading games…');
    expect(screen.queryByRole('heading', { name: 'Sign In Required' })).not.toBeInTheDocument();
  });

  it('shows a member the points display, fixed at 0', () => {
    setViewer('signedIn');
    renderAt(<GamesHubPage />, '/games');
    expect(screen.getByText(/Your points:/)).toHaveTextContent('Your points: 0');
  });

  it('links each playable game to /games/{id} with its difficulty: Medium, Hard, Easy', () => {
    setViewer('signedIn');
    renderAt(<GamesHubPage />, '/games');
    const expected = [
      ['Trivia Blast', '/games/trivia-blast', 'Medium'],
      ['Word Chain', '/games/word-chain', 'Hard'],
      ['Memory Match', '/games/memory-match', 'Easy'],
    ] as const;
    for (const [title, href, difficulty] of expected) {
      const card = screen.getByRole('article', { name: title });
      expect(within(card).getByText(difficulty)).toBeVisible();
      expect(within(card).getByRole('link', { name: `Play ${title}` })).toHaveAttribute(
        'href',
        href,
      );
    }
  });

  it('links the three coming-soon games to their pages', () => {
    setViewer('signedIn');
    renderAt(<GamesHubPage />, '/games');
    for (const [title, href] of [
      ['Guess the Throwback', '/games/guess-the-throwback'],
      ['Beat the Clock', '/games/beat-the-clock'],
      ['Rap It or Scrap It', '/games/rap-it-or-scrap-it'],
    ]) {
      const card = screen.getByRole('article', { name: title });
      expect(
        within(card).getByRole('link', { name: `Take a look at ${title} (coming soon)` }),
      ).toHaveAttribute('href', href);
    }
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });
});
