// Schema pieces and constants shared by the ledger route declarations.
export const tag = 'fiscal';

export const CLOSURES = 'invoice.closures';

export const JOURNAL = 'invoice.journal';

export const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };

export const MONTH = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', 'x-message': 'INCORRECT_DATES' };

const cents = { type: 'integer' };

const seqOrNull = { type: ['integer', 'null'] };

/** The totals of a closure (ledger/totals.ts: ClosureTotals). */
export const TOTALS_PROPERTIES = {
  vat: {
    type: 'array',
    items: {
      type: 'object',
      required: ['rateBp', 'exclVat', 'vat', 'inclVat'],
      properties: { rateBp: cents, exclVat: cents, vat: cents, inclVat: cents },
      additionalProperties: false,
    },
  },
  outsideVat: cents,
  sales: cents,
  payments: {
    type: 'array',
    items: {
      type: 'object',
      required: ['label', 'kind', 'amount'],
      properties: { label: { type: 'string' }, kind: { type: 'string' }, amount: cents },
      additionalProperties: false,
    },
  },
  paymentsTotal: cents,
  count: { type: 'integer' },
  firstSeq: seqOrNull,
  lastSeq: seqOrNull,
};

export const TOTALS_REQUIRED = Object.keys(TOTALS_PROPERTIES);
