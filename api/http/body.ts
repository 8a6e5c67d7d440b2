// Request bodies: JSON (and forms, text) up to 1 MB. Anything that goes wrong while
// reading a body is the client's fault and answers 400 with a French code, never
// a 500: malformed or forbidden JSON (`__proto__` keys), a body over the limit, a
// Content-Encoding the body does not match (gzip, br, deflate that is not) or one
// we do not decode.
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { badRequest, HttpError } from './errors';

export const BODY_LIMIT = '1mb';

/** The 400 for an error raised while reading or parsing a request body. */
export function bodyError(err: any): HttpError {
  if (err instanceof HttpError) return err;
  if (err?.type === 'entity.too.large' || err?.status === 413) return badRequest('REQUEST_TOO_LARGE');
  // raw-body: 415 for an unknown Content-Encoding; zlib and brotli: Z_* and
  // ERR__ERROR_* codes for a body that is not what its Content-Encoding says.
  if (err?.status === 415 || err?.type === 'encoding.unsupported' || /^(Z_|ERR_|ERR__)/.test(String(err?.code ?? ''))) return badRequest('BODY_ENCODING_INVALID');
  return badRequest('MALFORMED_JSON');
}

export function bodyParser(): Middleware {
  return koaBody({
    jsonLimit: BODY_LIMIT, formLimit: BODY_LIMIT, textLimit: BODY_LIMIT, multipart: false,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as any,
    onError(err) { throw bodyError(err); },
  });
}
