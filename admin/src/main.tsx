// Boot: a browser with no session gets the log-in shell only (auth/LoginShell.tsx,
// a few dozen kB); the admin (react-admin, the menus, the screens) is downloaded
// once someone is logged in, on the page that was asked.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginShell } from './auth/LoginShell';
import { rememberNext, storedUser, takeNext } from './auth/session';
import './print.css';

const root = createRoot(document.getElementById('root')!);

const loadAdmin = () => import('./App');

function startAdmin(): void {
  void loadAdmin().then(({ App }) =>
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
  // Nothing but the form is downloaded until someone types in it; from the first key the
  // admin downloads while the name and password are typed, so that the log-in does not
  // wait for it afterwards (issue 29 §8: the log-in waited for the bundle after the POST).
  document.addEventListener('input', () => void loadAdmin(), { once: true, capture: true });
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
