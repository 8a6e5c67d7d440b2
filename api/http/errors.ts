// Errors that become HTTP answers: `{ code, message, errors? }` with a French
// message. Anything unexpected is logged server-side (without request data, see
// log.ts) and answered as a bare 500.
import type { Middleware } from 'koa';
import { describeError, requestLabel } from './log';
import { formatMessage, type MessageCode } from '../../common/messages';
import type { FieldErrors } from '../../common/validation';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly errors?: FieldErrors,
    readonly params?: Record<string, string | number>,
    /** more of the answer's body (e.g. the current record of a 409) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(formatMessage(code, params));
  }
}

export const badRequest = (code: MessageCode, errors?: FieldErrors, params?: Record<string, string | number>) =>
  new HttpError(400, code, errors, params);
export const notFound = () => new HttpError(404, 'NOT_FOUND');
export const forbiddenRight = () => new HttpError(401, 'INSUFFICIENT_RIGHT');
export const notLoggedIn = () => new HttpError(403, 'NOT_LOGGED_IN');

/** Maps database and body-parser failures; returns undefined for real bugs. */
export type ErrorMapper = (err: unknown) => HttpError | undefined;

/** `log` receives a data-free description of each unexpected error (describeError). */
export function errorMiddleware(mapDbError: ErrorMapper, log: (line: string) => void = console.error): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      let e: HttpError | undefined = thrown instanceof HttpError ? thrown : mapDbError(thrown);
      // What body parsers and http-errors set on what they throw.
      const err = thrown as { type?: unknown; status?: unknown; message?: unknown } | null | undefined;
      if (!e && err?.type === 'entity.too.large') e = badRequest('REQUEST_TOO_LARGE');
      if (
        !e &&
        (err?.type === 'entity.parse.failed' || (err?.status === 400 && /JSON|parse/i.test(String(err?.message))))
      )
        e = badRequest('MALFORMED_JSON');
      if (!e && err?.status === 413) e = badRequest('REQUEST_TOO_LARGE');
      if (!e && err?.status === 415) e = badRequest('INCORRECT_FORM');
      if (!e) {
        log(
          describeError(thrown, requestLabel(ctx.method, (ctx as { _matchedRoute?: string })._matchedRoute, ctx.path)),
        );
        ctx.status = 500;
        ctx.body = { code: 'ERROR_500', message: formatMessage('ERROR_500') };
        return;
      }
      ctx.status = e.status;
      if (e.status === 503) ctx.set('Retry-After', '5');
      ctx.body = { code: e.code, message: e.message, ...(e.errors ? { errors: e.errors } : {}), ...(e.extra ?? {}) };
    }
  };
}
