import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken, rememberRedirect } from '../api/session';
import { selectIsAuthenticated } from '../features/auth/selectors';
import { useAppSelector } from './hooks';

/** Everything under / needs a stored token; without one, go to /login and remember this path. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!isAuthenticated || !getToken()) {
    const path = `${location.pathname}${location.search}`;
    if (path !== '/') rememberRedirect(path);
    return <Navigate to="/login" replace />;
  }
  return children;
}
