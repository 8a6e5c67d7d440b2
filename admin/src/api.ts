// One fetch helper for the whole admin: same-origin JSON with the session cookie;
// error bodies `{ code, message, errors }` become HttpError (react-admin shows them).
// A 401 or 403 also goes to the shared handler (auth/accessDenied.ts): an ended
// session leads to /login even when the screen ignores the error.
import { HttpError } from 'react-admin';
import { reportAuthError } from './auth/accessDenied';
import { takeEarly } from './boot/early';

export const API = '/rest';

export interface ApiInit extends RequestInit {
  json?: unknown;
  /** false for the log-in machinery itself, which handles these answers */
  authErrors?: boolean;
}

// The transport under rest() and records (their answers are typed there). The `any` default serves
// the untyped calls left in custom-screens (issue 23 §2, docs/history.md#issue-23); it becomes
// `unknown` when they are converted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, authErrors = true, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  // A plain read the page's entry already started (boot/early.ts) is not asked twice.
  const read = (rest.method ?? 'GET') === 'GET' && body == null && !rest.headers && !rest.signal;
  const res = await ((read && takeEarly(path)) ||
    fetch(`${API}${path}`, { ...rest, headers, body, credentials: 'same-origin' }));
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const given = (data as { message?: unknown } | null)?.message;
    const message = typeof given === 'string' ? given : 'Une erreur est survenue';
    if (authErrors) reportAuthError({ status: res.status, message });
    throw new HttpError(message, res.status, data ?? undefined);
  }
  return data as T;
}
