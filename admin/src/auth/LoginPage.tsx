// /login: react-admin's form in French, with the logout success alert (§7, §8).
import { useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { Login, LoginForm } from 'react-admin';
import { LOGGED_OUT_KEY } from './authProvider';

export function LoginPage() {
  const [loggedOut] = useState(() => {
    const v = sessionStorage.getItem(LOGGED_OUT_KEY);
    sessionStorage.removeItem(LOGGED_OUT_KEY);
    return !!v;
  });
  return (
    <Login>
      <Typography variant="h5" component="h1" align="center" sx={{ mt: 1 }}>Bivouac</Typography>
      {loggedOut && <Alert severity="success" sx={{ mx: 2, mt: 1 }}>Vous êtes déconnecté</Alert>}
      <LoginForm />
    </Login>
  );
}
