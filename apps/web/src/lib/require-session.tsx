import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsSignedIn } from './use-session';

/** Signed-out visitors (or a session that could not be refreshed) go to sign-in and come back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/auth/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
}
