// The log-in form (§7 (docs/api.md), §8, docs/errors.md#messages) in plain MUI, no react-admin: it is all the log-in
// shell downloads. The logout success alert, §8's (docs/errors.md#messages) "not logged in" after a session
// found ended, and the server's message when the log-in is refused.
import { useState, type FormEvent } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { NOT_LOGGED_IN, loginNotice } from './accessDenied';

/** §8 (docs/errors.md#messages): a refused log-in without a message of the server's own. */
export const SIGN_IN_ERROR = 'Identifiant ou mot de passe incorrect';

export function LoginCard({ onLogin }: { onLogin: (login: string, password: string) => Promise<unknown> }) {
  // Read once per mount: the page may be mounted again while late answers come back 403.
  const [{ loggedOut, expired }] = useState(loginNotice);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const login = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!login || !password) {
      setError('Saisissez votre identifiant et votre mot de passe');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onLogin(login, password);
    } catch (err) {
      const message = (err as { message?: unknown } | null)?.message;
      setError(typeof message === 'string' && message ? message : SIGN_IN_ERROR);
      setBusy(false);
    }
  };
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-start',
        background: 'radial-gradient(circle at 50% 14em, #4c7a58 0%, #2e5d3a 60%, #1d3b25 100%)',
      }}
    >
      <Card sx={{ minWidth: 300, maxWidth: 360, mt: '6em' }}>
        <Box sx={{ m: '1em', display: 'flex', justifyContent: 'center' }}>
          <Avatar sx={{ bgcolor: 'secondary.main' }}>
            <LockIcon />
          </Avatar>
        </Box>
        <Typography variant="h5" component="h1" align="center" sx={{ mt: 1 }}>
          Bivouac
        </Typography>
        {loggedOut && (
          <Alert severity="success" sx={{ mx: 2, mt: 1 }}>
            Vous êtes déconnecté
          </Alert>
        )}
        {expired && (
          <Alert severity="warning" sx={{ mx: 2, mt: 1 }}>
            {NOT_LOGGED_IN}
          </Alert>
        )}
        <CardContent component="form" onSubmit={submit} noValidate>
          <TextField
            name="username"
            label="Identifiant"
            autoComplete="username"
            autoFocus
            fullWidth
            margin="normal"
            size="small"
            disabled={busy}
          />
          <TextField
            name="password"
            type="password"
            label="Mot de passe"
            autoComplete="current-password"
            fullWidth
            margin="normal"
            size="small"
            disabled={busy}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" color="primary" fullWidth disabled={busy} sx={{ mt: 2 }}>
            {busy ? <CircularProgress size={19} thickness={3} color="inherit" /> : 'Se connecter'}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
