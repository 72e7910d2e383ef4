import { Route, Routes } from 'react-router-dom';
import { RequireMember } from '@bistro/auth';
import { SongRequestsPage } from '../features/song-requests/song-requests-page';
import { DjsPage } from '../features/djs/djs-page';

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
            <DjsPage />
          </RequireMember>
        }
      />
    </Routes>
  );
}
