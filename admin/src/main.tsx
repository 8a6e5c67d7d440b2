// Boot: a browser with no session gets the log-in shell only (auth/LoginShell.tsx,
// a few dozen kB); the admin (react-admin, the menus, the screens) is downloaded
// once someone is logged in, on the page that was asked.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginShell } from './auth/LoginShell';
import { rememberNext, storedUser, takeNext } from './auth/session';
import './print.css';

const root = createRoot(document.getElementById('root')!);

function startAdmin(): void {
  void import('./App').then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

if (storedUser()) startAdmin();
else {
  // A bookmark opened without a session: the form at /login, the bookmark after it.
  if (location.pathname !== '/login') {
    rememberNext();
    history.replaceState(null, '', '/login');
  }
  root.render(
    <StrictMode>
      <LoginShell
        onLoggedIn={() => {
          history.replaceState(null, '', takeNext());
          startAdmin();
        }}
      />
    </StrictMode>,
  );
}
