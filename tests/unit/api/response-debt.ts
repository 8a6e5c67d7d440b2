// Routes whose 200 answer is not described precisely yet (no `response`, or a bare
// `{ type: 'object' }` / array of them): issue 23 §2 (docs/history.md#issue-23)'s debt, counted by
// response-schemas.test.ts. Paid off: the list stays empty, a new route declares its answer
// (the test fails on a route without a precise one, and on a key left here once precise).
export const RESPONSE_SCHEMA_DEBT: readonly string[] = [];
