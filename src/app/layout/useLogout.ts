import { useNavigate } from 'react-router-dom';
import { apiSlice } from '../../api/apiSlice';
import { useLogoutMutation } from '../../api/authApi';
import { clearSession } from '../../api/session';
import { loggedOut } from '../../api/sessionEvents';
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
    clearSession();
    dispatch(loggedOut());
    dispatch(apiSlice.util.resetApiState());
    navigate('/login', { replace: true });
  };
}
