// No session: the log-in form alone (auth/LoginShell.tsx, no react-admin). A bookmark
// opened without a session shows the form at /login and opens after it.
import { StrictMode } from 'react';
import { LoginShell } from '../auth/LoginShell';
import { peekNext, rememberNext, takeNext, type LoginAnswer } from '../auth/session';
import { provideEarly, startEarly } from './early';
import { LAYOUT_READS, screenReads } from './early-requests';
import { root } from './root';

const loadAdmin = () => import('./admin');

/** The log-in answer is the user /security/me gives, menu included: the admin does not ask for them again. */
function openAdmin(user: LoginAnswer): void {
  history.replaceState(null, '', takeNext());
  provideEarly('/security/me', user);
  if (user.menus) provideEarly('/security/menu', user.menus);
  startEarly([...LAYOUT_READS, ...screenReads(location.pathname, user)]);
  void loadAdmin().then((m) => m.startAdmin());
}

export function startLogin(): void {
  if (location.pathname !== '/login') {
    rememberNext();
    history.replaceState(null, '', '/login');
  }
  // Nothing but the form is downloaded until someone types in it; from the first key the
  // admin downloads while the name and password are typed, so that the log-in does not
  // wait for it afterwards — with the screen to open when every user may open it (the
  // home): the others wait for the user's rights.
  const prefetch = () =>
    void loadAdmin()
      .then((m) => m.preloadScreen(new URL(peekNext(), location.origin).pathname, null))
      .catch(() => undefined);
  document.addEventListener('input', prefetch, { once: true, capture: true });
  root.render(
    <StrictMode>
      <LoginShell onLoggedIn={openAdmin} />
    </StrictMode>,
  );
}
