// The answer of a route whose response schema is still vague (a bare `{ type: 'object' }`,
// listed in tests/unit/api/response-debt.ts): rest() types it `Record<string, never>`, so
// the screen names here the fields it reads, until the route declares them
// (issue 23 §2, docs/history.md#issue-23). The request itself stays checked by rest().
export const answerAs = <T>(answer: Promise<unknown>): Promise<T> => answer as Promise<T>;
