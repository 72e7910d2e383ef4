import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@bistro/ui';
import { RequireMember } from '@bistro/auth';
import { SongRequestsPage } from '../features/song-requests/song-requests-page';

// /song-requests is where the lounge's visits go, so its page ships with the
// area; the DJ list (its cards, rating dialog and the dialog's code) loads when
// /djs opens, not on every lounge visit.
const DjsPage = lazy(() =>
  import('../features/djs/djs-page').then((m) => ({ default: m.DjsPage })),
);

/**
 * The lounge area. The shell renders this outside any <Route>, so the paths are
 * absolute and match the whole URL. Both pages are members only: visitors are
 * sent to /auth on load and whenever the session ends (RequireMember follows
 * the shared auth store).
 */
export default function LoungeApp() {
  return (
    <Routes>
      <Route
        path="/song-requests"
        element={
          <RequireMember loadingLabel="Loading the Vibe...">
            <SongRequestsPage />
          </RequireMember>
        }
      />
      <Route
        path="/djs"
        element={
          <RequireMember loadingLabel="Loading DJs…">
            <Suspense fallback={<LoadingState label="Loading DJs…" />}>
              <DjsPage />
            </Suspense>
          </RequireMember>
        }
      />
    </Routes>
  );
}
