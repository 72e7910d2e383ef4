import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@bistro/ui';
import { RequireMember } from '@bistro/auth';
import { GamesHubPage } from '../features/hub/games-hub-page';
import { ComingSoonPage } from '../features/hub/coming-soon-page';

// Each game's code (and the word list behind word chain) loads only when its page opens.
const TriviaPage = lazy(() =>
  import('../features/trivia/trivia-page').then((m) => ({ default: m.TriviaPage })),
);
const WordChainPage = lazy(() =>
  import('../features/word-chain/word-chain-page').then((m) => ({ default: m.WordChainPage })),
);
const MemoryPage = lazy(() =>
  import('../features/memory/memory-page').then((m) => ({ default: m.MemoryPage })),
);

/** Game pages are members only: visitors go to /auth (the hub itself is open to everyone). */
function MembersGame({ children }: { children: ReactNode }) {
  return (
    <RequireMember loadingLabel="Loading game…">
      <Suspense fallback={<LoadingState label="Loading game…" />}>{children}</Suspense>
    </RequireMember>
  );
}

const comingSoon = [
  '/games/guess-the-throwback',
  '/games/beat-the-clock',
  '/games/rap-it-or-scrap-it',
] as const;

/**
 * The games area. The shell renders this outside any <Route>, so the paths are
 * absolute and match the whole URL (libs/ui routesOwnedBy('games')).
 */
export default function GamesApp() {
  return (
    <Routes>
      <Route path="/games" element={<GamesHubPage />} />
      <Route
        path="/games/trivia-blast"
        element={
          <MembersGame>
            <TriviaPage />
          </MembersGame>
        }
      />
      <Route
        path="/games/word-chain"
        element={
          <MembersGame>
            <WordChainPage />
          </MembersGame>
        }
      />
      <Route
        path="/games/memory-match"
        element={
          <MembersGame>
            <MemoryPage />
          </MembersGame>
        }
      />
      {comingSoon.map((path) => (
        <Route key={path} path={path} element={<ComingSoonPage path={path} />} />
      ))}
    </Routes>
  );
}
