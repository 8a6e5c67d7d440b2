// One fetch helper for the whole admin: same-origin JSON with the session cookie;
// error bodies `{ code, message, errors }` become HttpError (react-admin shows them).
import { HttpError } from 'react-admin';

export const API = '/rest';

export async function api<T = any>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${API}${path}`, { ...init, headers, body, credentials: 'same-origin' });
  const text = await res.text();
  let data: any = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!res.ok) {
    throw new HttpError(data?.message ?? 'Une erreur est survenue', res.status, data ?? undefined);
  }
  return data as T;
}
