import { Route, Routes } from 'react-router-dom';
import { AdminGate } from '../features/access/admin-gate';
import { AdminDashboard } from '../features/dashboard/admin-dashboard';
import { HostStand, StaffGate } from '../features/lounge-tables/host-stand';

/** /admin and /admin-enhanced are the same screen (both paths are kept for old links). */
export const adminPaths = ['/admin', '/admin-enhanced'] as const;

/**
 * The admin area. The shell renders it outside any <Route> and loads this
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
        path="/host-stand"
        element={
          <StaffGate>
            <HostStand />
          </StaffGate>
        }
      />
    </Routes>
  );
}
