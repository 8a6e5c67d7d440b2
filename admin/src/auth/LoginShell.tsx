// What a browser without a session downloads: the log-in form and its theme, no
// react-admin. Once logged in, main.tsx loads the admin on the page that was asked.
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { LoginCard } from './LoginCard';
import { loginRequest } from './session';
import { PALETTE } from '../palette';

const theme = createTheme({ palette: PALETTE });

export function LoginShell({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LoginCard
        onLogin={async (login, password) => {
          await loginRequest(login, password);
          onLoggedIn();
        }}
      />
    </ThemeProvider>
  );
}
