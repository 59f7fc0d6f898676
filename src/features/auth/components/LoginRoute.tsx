import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import LoginPage from './LoginPage';

/** The login screen as a route of the staff app (src/app/routes.tsx): its entry's state, and the router to leave by. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const goTo = useCallback((path: string) => void navigate(path, { replace: true }), [navigate]);
  return <LoginPage cameFrom={state} goTo={goTo} />;
}
