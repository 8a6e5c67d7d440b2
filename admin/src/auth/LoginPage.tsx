// /login inside the admin (a stored user whose session may still be alive): the
// same form as the log-in shell, through react-admin's log-in (redirect included).
import { useEffect } from 'react';
import { useCheckAuth, useLogin } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LoginCard } from './LoginCard';
import { takeNext } from './session';

export function LoginPage() {
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  // Already logged in: straight to the home page, as react-admin's own page does.
  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/'))
      .catch(() => undefined);
  }, [checkAuth, navigate]);
  return <LoginCard onLogin={(username, password) => login({ username, password }, takeNext())} />;
}
