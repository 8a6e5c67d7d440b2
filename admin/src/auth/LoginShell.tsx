// What a browser without a session downloads: the log-in form and its theme, no
// react-admin. Once logged in, boot/login.tsx opens the admin on the page that was asked.
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { LoginCard } from './LoginCard';
import { loginRequest, type LoginAnswer } from './session';
import { PALETTE } from '../palette';

const theme = createTheme({ palette: PALETTE });

export function LoginShell({ onLoggedIn }: { onLoggedIn: (user: LoginAnswer) => void }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LoginCard
        onLogin={async (login, password) => {
          onLoggedIn(await loginRequest(login, password));
        }}
      />
    </ThemeProvider>
  );
}
