// What a screen shows of a refused call: api() throws react-admin's HttpError, whose body is
// the route's `{ code, message, errors }`; anything else (a network failure) has a message at most.
export interface ErrorBody {
  code?: string;
  message?: string;
  detail?: string;
  errors?: Record<string, string>;
  current?: Record<string, unknown>;
}

/** The error's message, or the French default. */
export function errorText(e: unknown): string {
  const message =
    e instanceof Error || (typeof e === 'object' && e !== null) ? (e as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : 'Une erreur est survenue';
}

/** The body of a refused call (HttpError.body), when the error has one. */
export function errorBody(e: unknown): ErrorBody | undefined {
  const body = typeof e === 'object' && e !== null ? (e as { body?: unknown }).body : undefined;
  return typeof body === 'object' && body !== null ? (body as ErrorBody) : undefined;
}
