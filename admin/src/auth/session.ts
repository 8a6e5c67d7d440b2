// The session as the browser keeps it, with no react-admin import: the log-in
// shell (auth/LoginShell.tsx) uses it before the admin is even downloaded, and
// authProvider.ts builds on it once it is.
import { clearLoginNotice } from './accessDenied';
import { USER_KEY, storedUser, type CurrentUser } from './stored';

export { storedUser, type CurrentUser };

/** Where to go once logged in (the bookmark that led to /login). */
const NEXT_KEY = 'bivouac.next';

export function storeUser(user: CurrentUser | null): void {
  if (user) {
    const { id, login, name, admin, systeme, rights, lookups } = user;
    localStorage.setItem(USER_KEY, JSON.stringify({ id, login, name, admin, systeme, rights, lookups }));
  } else localStorage.removeItem(USER_KEY);
}

/** A log-in failure with the server's French message (or none: the form says the generic one). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The log-in's answer: the user, as /security/me gives it (its menu included). */
export type LoginAnswer = CurrentUser & { menus?: unknown };

/** POST /rest/security/login; stores the user. */
export async function loginRequest(login: string, password: string): Promise<LoginAnswer> {
  const res = await fetch('/rest/security/login', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const text = await res.text();
  let data: (LoginAnswer & { message?: unknown }) | null = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok)
    throw new LoginError(typeof data?.message === 'string' ? data.message : '', res.status, data ?? undefined);
  storeUser(data);
  clearLoginNotice();
  return data as LoginAnswer;
}

/** Remembers the page that was asked (not /login itself) for after the log-in. */
export function rememberNext(path = location.pathname + location.search): void {
  if (!path.startsWith('/login')) sessionStorage.setItem(NEXT_KEY, path);
}

/** The page to open after the log-in, `/` by default (kept for takeNext). */
export function peekNext(): string {
  const next = sessionStorage.getItem(NEXT_KEY);
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/';
}

/** The page to open after the log-in (once), `/` by default. */
export function takeNext(): string {
  const next = peekNext();
  sessionStorage.removeItem(NEXT_KEY);
  return next;
}
