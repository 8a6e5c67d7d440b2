// Routes whose 200 answer is not described precisely yet (no `response`, or a bare
// `{ type: 'object' }` / array of them): issue 23 §2 (docs/history.md#issue-23)'s debt, counted by
// response-schemas.test.ts. The list only shrinks: a new route declares its answer, and a
// route given a precise schema leaves the list (the test says which).
export const RESPONSE_SCHEMA_DEBT: readonly string[] = [
  'GET /rest/planning/search',
  'GET /rest/planning/extras/window',
  'POST /rest/planning/cleaning/window',
  'GET /rest/bill/list',
  'GET /rest/bill/unbilled',
  'GET /rest/bill/verif-double',
  'GET /rest/bill/verif-due',
  'GET /rest/bill/credits',
  'GET /rest/payment/vacaf',
  'GET /rest/booking/insured',
  'GET /rest/bank-deposit/candidates/:paymentMethodId',
  'POST /rest/bank-deposit/create',
  'GET /rest/bank-deposit/view/:depositId',
  'POST /rest/payment/cheques',
  'POST /rest/payment/group',
  'GET /rest/payment/vat/:paymentId',
  'GET /rest/bank-deposit/month/:yearMonth',
  'GET /rest/cash-fund/:paymentMethodId/:date',
  'POST /rest/cash-fund/:paymentMethodId/:date',
  'GET /rest/cash-movement/month/:kind/:yearMonth',
  'GET /rest/starting-base/month/:yearMonth',
  'GET /rest/cash-and-bank-journal',
  'GET /rest/finance-preference/current',
  'GET /rest/channel/health',
  'POST /rest/channel/:id/force',
  'GET /rest/channel/:id/links',
];
