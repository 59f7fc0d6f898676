import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../../api/authApi';
import { getToken } from '../../api/session';
import { loggedOut } from '../../api/sessionEvents';
import { endSession } from '../endSession';
import { useAppDispatch } from '../hooks';

/**
 * 'Sair': the browser forgets the session at once and goes to /login; the token's revocation on the
 * server follows (best effort), so a slow or lost answer never keeps anyone signed in.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return () => {
    const token = getToken();
    endSession(dispatch, loggedOut());
    // After the session's end, which aborts every call still running (the api cache's reset).
    if (token) void logout(token);
    navigate('/login', { replace: true });
  };
}
