import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../../api/authApi';
import { loggedOut } from '../../api/sessionEvents';
import { endSession } from '../endSession';
import { useAppDispatch } from '../hooks';

/** 'Sair': revoke the token on the server (best effort), forget the session everywhere, go to /login. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    endSession(dispatch, loggedOut());
    navigate('/login', { replace: true });
  };
}
