// Request bodies: JSON (and forms, text) up to 1 MB. Anything that goes wrong while
// reading a body is the client's fault and answers 400 with a French code, never
// a 500: malformed or forbidden JSON (`__proto__` keys), a body over the limit, a
// Content-Encoding the body does not match (gzip, br, deflate that is not) or one
// we do not decode. Once read, a body nested too deep or holding control characters
// (NUL first: PostgreSQL refuses it) is refused too, and so is a URL carrying them.
import type { Middleware } from 'koa';
import { koaBody, type HttpMethodEnum } from 'koa-body';
import { badRequest, HttpError } from './errors';
import { formatMessage } from '../../common/messages';
// NUL (PostgreSQL refuses it, 22021), the other C0 controls but tab and line breaks, DEL.
import { CONTROL_CHARACTERS } from '../../common/validation';

export const BODY_LIMIT = '1mb';

/** The 400 for an error raised while reading or parsing a request body. */
export function bodyError(thrown: unknown): HttpError {
  if (thrown instanceof HttpError) return thrown;
  const err = thrown as { type?: unknown; status?: unknown; code?: unknown } | null | undefined;
  if (err?.type === 'entity.too.large' || err?.status === 413) return badRequest('REQUEST_TOO_LARGE');
  // raw-body: 415 for an unknown Content-Encoding; zlib and brotli: Z_* and
  // ERR__ERROR_* codes for a body that is not what its Content-Encoding says.
  if (err?.status === 415 || err?.type === 'encoding.unsupported' || /^(Z_|ERR_|ERR__)/.test(String(err?.code ?? '')))
    return badRequest('BODY_ENCODING_INVALID');
  return badRequest('MALFORMED_JSON');
}

/** Deepest nesting a body may have: our richest bodies (plan shapes, layouts) use 5. */
export const MAX_DEPTH = 32;

/** `%00`–`%1F`, `%7F` in a raw path or query string (before decoding). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/**
 * Refuses a body nested deeper than MAX_DEPTH (400 REQUEST_TOO_DEEP) and any string
 * holding a control character (400 INVALID_CHARACTERS, with the top-level field named
 * in `errors`). Iterative, so a deep body cannot overflow the stack while it is checked.
 */
export function checkBody(body: unknown): void {
  const bad: Record<string, string> = {};
  const stack: Array<[unknown, number, string]> = [[body, 0, '_']];
  while (stack.length) {
    const [value, depth, field] = stack.pop()!;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTERS.test(value)) bad[field] ??= formatMessage('INVALID_CHARACTERS');
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_DEPTH) throw badRequest('REQUEST_TOO_DEEP');
      const top = depth === 0;
      if (Array.isArray(value)) {
        for (const v of value) stack.push([v, depth + 1, field]);
      } else {
        for (const [k, v] of Object.entries(value)) {
          if (CONTROL_CHARACTERS.test(k)) bad[top ? '_' : field] ??= formatMessage('INVALID_CHARACTERS');
          stack.push([v, depth + 1, top ? k : field]);
        }
      }
    }
  }
  if (Object.keys(bad).length) throw badRequest('INVALID_CHARACTERS', bad);
}

/** The path and the query string may not carry control characters either. */
export function checkUrl(rawPath: string, querystring: string): void {
  if (ENCODED_CONTROL.test(rawPath) || CONTROL_CHARACTERS.test(rawPath)) throw badRequest('INVALID_CHARACTERS');
  if (ENCODED_CONTROL.test(querystring) || CONTROL_CHARACTERS.test(querystring)) throw badRequest('INVALID_CHARACTERS');
}

/** Paths whose handlers verify a signature over the body as sent (channel webhooks). */
export const RAW_BODY_PREFIX = '/rest/channel-hook/';

/** The body as sent, on the paths of RAW_BODY_PREFIX only. */
export function rawBodyOf(ctx: { request: unknown }): string | null {
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  return typeof raw === 'string' ? raw : null;
}

export function bodyParser(): Middleware {
  const options = (includeUnparsed: boolean) =>
    koaBody({
      jsonLimit: BODY_LIMIT,
      formLimit: BODY_LIMIT,
      textLimit: BODY_LIMIT,
      multipart: false,
      includeUnparsed,
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as HttpMethodEnum[],
      onError(err) {
        throw bodyError(err);
      },
    });
  const plain = options(false);
  const keepingRaw = options(true);
  return (ctx, next) => {
    checkUrl(ctx.path, ctx.querystring);
    const parse = ctx.path.startsWith(RAW_BODY_PREFIX) ? keepingRaw : plain;
    return parse(ctx, () => {
      checkBody(ctx.request.body);
      return next();
    });
  };
}
