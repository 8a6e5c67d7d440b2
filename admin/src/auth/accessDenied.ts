// The one handler of "not logged in" (403) and "missing right" (401) answers (§8, docs/errors.md#how-errors-are-shown),
// shared by react-admin's data provider (authProvider.checkError) and by every call
// made through admin/src/api.ts: a 403 clears the stored session and goes to /login,
// whose page then shows "401/403 Vous n'êtes pas connecté"; a 401 shows
// "401 Droit insuffisant" and keeps the user where they are.
import { MESSAGES } from '../../../common/messages';
import { USER_KEY } from './stored';

export { USER_KEY };
/** Set when a session is found ended: the log-in page says so. */
export const EXPIRED_KEY = 'bivouac.expired';
/** Set by the user menu's "Déconnexion": the log-in page shows the success alert. */
export const LOGGED_OUT_KEY = 'bivouac.loggedOut';

export const NOT_LOGGED_IN = MESSAGES.NOT_LOGGED_IN;
export const INSUFFICIENT_RIGHT = MESSAGES.INSUFFICIENT_RIGHT;

/** Forgets the session the server no longer knows. */
export function sessionEnded(): void {
  localStorage.removeItem(USER_KEY);
  sessionStorage.setItem(EXPIRED_KEY, '1');
}

export interface AuthError {
  status: number;
  message: string;
}

/** Installed by the layout (react-admin's log-out, redirect and notifications); null before. */
let handler: ((e: AuthError) => void) | null = null;

export function setAuthErrorHandler(h: ((e: AuthError) => void) | null): void {
  handler = h;
}

/** A 401 or 403 answer of the server, wherever it was met. */
export function reportAuthError(e: AuthError): void {
  if (e.status !== 401 && e.status !== 403) return;
  if (handler) {
    handler(e);
    return;
  }
  // Before the layout is there (or outside it): the page itself goes to /login.
  if (e.status === 403) {
    sessionEnded();
    if (location.pathname !== '/login') location.assign('/login');
  }
}

export interface LoginNotice {
  loggedOut: boolean;
  expired: boolean;
}
const NONE: LoginNotice = { loggedOut: false, expired: false };
let notice: LoginNotice = NONE;

const take = (key: string) => {
  const v = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  return !!v;
};

/**
 * What the log-in page says: "Vous êtes déconnecté" after "Déconnexion", §8's (docs/errors.md#messages) "not
 * logged in" after a session found ended. Kept for the page load, as the page may be
 * mounted again while the last requests of the previous screen come back 403.
 */
export function loginNotice(): LoginNotice {
  const out = take(LOGGED_OUT_KEY);
  const ended = take(EXPIRED_KEY);
  if (out) notice = { loggedOut: true, expired: false };
  else if (ended && !notice.loggedOut) notice = { loggedOut: false, expired: true };
  return notice;
}

/** A new log-in: nothing left to say. */
export function clearLoginNotice(): void {
  sessionStorage.removeItem(LOGGED_OUT_KEY);
  sessionStorage.removeItem(EXPIRED_KEY);
  notice = NONE;
}
