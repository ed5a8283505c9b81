import { Navigate, Outlet } from 'react-router';
import { isSignedIn } from '../stores/session.ts';
import { paths } from '../routes/paths.ts';

/** Protected routes (docs/spec-points.md §4): without a token cookie the user is sent home. */
export function RequireSession() {
  return isSignedIn() ? <Outlet /> : <Navigate to={paths.home.to()} replace />;
}
