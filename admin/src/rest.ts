// The typed door to the hand-written routes (issue 23 §2, docs/history.md#issue-23): `rest('post', '/booking/list',
// { body })` takes the request and answers the types the route declares (its defineRoute
// schemas, through the OpenAPI document: admin/src/generated/api-types.ts). A field the
// route refuses, a null where it wants a number, a path parameter forgotten, or a field
// read that the answer does not have, is a type error. The call itself is `api()`'s.
import type { paths } from './generated/api-types';
import { api, type ApiInit } from './api';

type Method = 'get' | 'post' | 'put' | 'delete';
type Stripped<P> = P extends `/rest${infer R}` ? R : never;
/** Paths as the screens write them (without `/rest`): `/booking/{id}/summary`. */
export type RestPath = Stripped<keyof paths>;
type Full<P extends RestPath> = `/rest${P}` & keyof paths;
/** The methods a path has. */
export type MethodOf<P extends RestPath> = {
  [M in Method]: paths[Full<P>][M] extends { responses: unknown } ? M : never;
}[Method];
type Op<P extends RestPath, M extends MethodOf<P>> = paths[Full<P>][M];

type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : never;
// The body's content types, none when the route takes no body.
type ContentOf<O> = O extends { requestBody?: infer R } ? (R extends { content: infer C } ? C : never) : never;
/** A form upload (multipart/form-data) is sent as a FormData, another binary body (a backup) as a Blob. */
type FormBody<O> = [ContentOf<O>] extends [never]
  ? never
  : 'multipart/form-data' extends keyof ContentOf<O>
    ? FormData
    : never;
type FileBody<O> = [ContentOf<O>] extends [never]
  ? never
  : [Exclude<keyof ContentOf<O>, 'application/json' | 'multipart/form-data'>] extends [never]
    ? never
    : Blob;
type PathParams<O> = O extends { parameters: { path: infer P } } ? P : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
/** The 200 answer a route declares (`unknown` for a file or no schema). */
export type RestAnswer<P extends RestPath, M extends MethodOf<P>> =
  Op<P, M> extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : unknown;
/** The JSON body a route takes. */
export type RestBody<P extends RestPath, M extends MethodOf<P>> = JsonBody<Op<P, M>>;

// Optional when absent, or when every field of it is (a query of optional filters needs no `{ query: {} }`).
type Given<K extends string, T> = [T] extends [never]
  ? { [_ in K]?: never }
  : undefined extends T
    ? { [_ in K]?: T }
    : K extends 'query'
      ? Partial<T> extends T
        ? { [_ in K]?: T }
        : { [_ in K]: T }
      : { [_ in K]: T };
/** What a call gives beside the path: its parameters, query and body as declared. */
export type RestInit<P extends RestPath, M extends MethodOf<P>> = Given<'path', PathParams<Op<P, M>>> &
  Given<'query', QueryParams<Op<P, M>>> &
  Given<'body', JsonBody<Op<P, M>>> &
  Given<'form', FormBody<Op<P, M>>> &
  Given<'file', FileBody<Op<P, M>>> &
  Omit<ApiInit, 'method' | 'json' | 'body'>;

type Args<P extends RestPath, M extends MethodOf<P>> =
  object extends RestInit<P, M> ? [init?: RestInit<P, M>] : [init: RestInit<P, M>];

/** `/booking/{id}/summary` with `{ id: 3 }` → `/booking/3/summary`; the query string from `query`. */
export function restUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`rest: path parameter ${name} missing`);
    return encodeURIComponent(String(v));
  });
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${filled}?${s}` : filled;
}

export function rest<P extends RestPath, M extends MethodOf<P>>(
  method: M,
  path: P,
  ...[init]: Args<P, M>
): Promise<RestAnswer<P, M>> {
  const {
    path: params,
    query,
    body,
    form,
    file,
    ...rest
  } = (init ?? {}) as {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: FormData;
    file?: Blob;
  } & ApiInit;
  return api<RestAnswer<P, M>>(restUrl(path, params, query), {
    ...rest,
    method: method.toUpperCase(),
    ...(body !== undefined ? { json: body } : {}),
    ...(form !== undefined ? { body: form } : file !== undefined ? { body: file } : {}),
  });
}
