// What the closure routes answer (closure-routes.ts), named for /rest/openapi.json and the
// screens' generated types: a closure (closure-base.ts Closure), the status, the archives and
// the day's operations.
import { defineSchemas } from '../../http/define-route';
import { TOTALS_PROPERTIES, TOTALS_REQUIRED } from './route-parts';

const str = { type: 'string' };
const int = { type: 'integer' };
const date = { type: 'string', format: 'date' };
const strOrNull = { type: ['string', 'null'] };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const orNull = (name: string) => ({ anyOf: [ref(name), { type: 'null' }] });
const obj = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const closureProperties = {
  seq: int,
  level: { type: 'string', enum: ['day', 'month', 'year'] },
  date,
  periodEnd: date,
  perpetual: int,
  at: str,
  hash: str,
  signature: str,
};
const archive = obj({ seq: int, closureSeq: int, name: str, sha256: str, count: int, at: str });

defineSchemas({
  Closure: {
    type: 'object',
    additionalProperties: false,
    required: [...TOTALS_REQUIRED, ...Object.keys(closureProperties)],
    properties: { ...TOTALS_PROPERTIES, ...closureProperties },
  },
  ClosureStatus: obj({
    lastDay: orNull('Closure'),
    lastMonth: orNull('Closure'),
    lastYear: orNull('Closure'),
    pending: int,
    pendingSince: { type: ['string', 'null'], format: 'date' },
    stale: { type: 'boolean' },
    allClosed: strOrNull,
  }),
  ClosureList: obj({ rows: { type: 'array', items: ref('Closure') } }),
  ClosureSaved: obj({ status: { const: 'SAVED' }, item: ref('Closure') }),
  ClosureArchiveSaved: obj({ status: { const: 'SAVED' }, item: archive }),
  ClosureArchives: obj({ rows: { type: 'array', items: archive } }),
  DailyOperations: obj({
    date,
    totals: { type: 'object', additionalProperties: false, required: TOTALS_REQUIRED, properties: TOTALS_PROPERTIES },
    entries: {
      type: 'array',
      items: obj({ seq: int, kind: str, amount: int, number: strOrNull, method: strOrNull, at: str }),
    },
    closure: orNull('Closure'),
  }),
  FinancialYearClosed: obj({ status: { const: 'SAVED' }, message: str, item: ref('FinancialYear') }),
});
