import { Route, Routes } from 'react-router-dom';
import { AdminGate } from '../features/access/admin-gate';
import { AdminDashboard } from '../features/dashboard/admin-dashboard';
import { DoorGate } from '../features/door/door-gate';
import { DoorPage } from '../features/door/door-page';
import { HostStand } from '../features/lounge-tables/host-stand';

/** /admin and /admin-enhanced are the same screen (both paths are kept for old links). */
export const adminPaths = ['/admin', '/admin-enhanced'] as const;

/**
 * The admin area, the door (/door) and the host stand (/host-stand), both for staff and admins.
 * The shell renders it outside any <Route> and loads this
 * remote only when an admin path is opened, so the paths here are absolute.
 */
export default function AdminApp() {
  return (
    <Routes>
      {adminPaths.map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <AdminGate>
              <AdminDashboard />
            </AdminGate>
          }
        />
      ))}
      <Route
        path="/door"
        element={
          <DoorGate>
            <DoorPage />
          </DoorGate>
        }
      />
      <Route
        path="/host-stand"
        element={
          <DoorGate>
            <HostStand />
          </DoorGate>
        }
      />
    </Routes>
  );
}
