// The answer of a route whose response schema is still vague: admin/src/rest.ts' answerAs,
// where the other screens find it too.
export { answerAs } from '../../admin/src/rest';

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
