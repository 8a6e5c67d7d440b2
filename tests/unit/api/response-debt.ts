// Routes whose 200 answer is not described precisely yet (no `response`, or a bare
// `{ type: 'object' }` / array of them): issue 23 §2 (docs/history.md#issue-23)'s debt, counted by
// response-schemas.test.ts. The list only shrinks: a new route declares its answer, and a
// route given a precise schema leaves the list (the test says which).
export const RESPONSE_SCHEMA_DEBT: readonly string[] = [];
