// /login: react-admin's form in French, with the logout success alert (§7, §8).
import { useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { Login, LoginForm } from 'react-admin';
import { NOT_LOGGED_IN, loginNotice } from './accessDenied';

export function LoginPage() {
  // After "Déconnexion" the success alert; after a session found ended, §8's message.
  const [{ loggedOut, expired }] = useState(loginNotice);
  return (
    <Login>
      <Typography variant="h5" component="h1" align="center" sx={{ mt: 1 }}>Bivouac</Typography>
      {loggedOut && <Alert severity="success" sx={{ mx: 2, mt: 1 }}>Vous êtes déconnecté</Alert>}
      {expired && <Alert severity="warning" sx={{ mx: 2, mt: 1 }}>{NOT_LOGGED_IN}</Alert>}
      <LoginForm />
    </Login>
  );
}
