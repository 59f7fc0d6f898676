import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken } from '../api/session';
import { selectExpiredOwner, selectIsAuthenticated, selectSignedOut } from '../features/auth/selectors';
import { useAppSelector } from './hooks';

/**
 * Everything under / needs a stored token; without one, go to /login and remember this path, in the
 * navigation itself (nothing is written while rendering, and nothing outlives the tab). After 'Sair'
 * nothing is remembered: the next sign-in starts on its landing page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const expiredOwner = useAppSelector(selectExpiredOwner);
  const signedOut = useAppSelector(selectSignedOut);
  const location = useLocation();
  if (!isAuthenticated || !getToken()) {
    const path = `${location.pathname}${location.search}`;
    // After an expired session, the page is that user's only (LoginPage checks who signs in).
    const remember = path !== '/' && !signedOut;
    return <Navigate to="/login" replace state={remember ? { from: path, owner: expiredOwner } : undefined} />;
  }
  return children;
}
