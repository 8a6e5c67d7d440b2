// The answer of a route whose response schema is still vague (a bare `{ type: 'object' }`,
// listed in tests/unit/api/response-debt.ts): rest() types it `Record<string, never>`, so
// the screen names here the fields it reads, until the route declares them
// (issue 23 §2, docs/history.md#issue-23). The request itself stays checked by rest().
export const answerAs = <T>(answer: Promise<unknown>): Promise<T> => answer as Promise<T>;

/**
 * A declared answer whose schema names its fields but marks none required (the routes
 * send them all): the screen reads them as present, their names and types still come
 * from the OpenAPI document, so a renamed field is a type error.
 */
export type Complete<T> = T extends (infer E)[]
  ? Complete<E>[]
  : T extends object
    ? { [K in keyof T]-?: Complete<T[K]> }
    : T;
export const complete = <T>(answer: Promise<T>): Promise<Complete<T>> => answer as Promise<Complete<T>>;

/** A request the server refused, as api() throws it: the error answer `{ code, message, errors }` in `body`. */
export type Refusal = Error & {
  status?: number;
  body?: { code?: string; errors?: Record<string, string>; current?: Record<string, unknown> };
};
