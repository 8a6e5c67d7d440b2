// Routes of the B2C e-reporting (flux 10.3 and 10.4): the report of a period for its
// screen, its CSV and its XML file (FRR syntax). Same functionality as the VAT statement.
import { defineRoute, defineSchemas } from '../../http/define-route';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { addDays } from '../../../common/dates';
import { eReport, type EReport } from './report';
import { eReportXml } from './xml';
import { date as fr, money, rate, sendCsv } from '../statements/csv';

const tag = 'statements';
const ACC = 'invoice.accounting';
const day = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const period = { type: 'object', required: ['from', 'to'], properties: { from: day, to: day } };
type Period = { from: string; to: string };
const cents = { type: 'integer' };
const rates = {
  type: 'array',
  items: {
    type: 'object',
    required: ['rateBp', 'exclVat', 'vat', 'inclVat'],
    properties: { rateBp: cents, exclVat: cents, vat: cents, inclVat: cents },
  },
};

defineSchemas({
  EReport: {
    type: 'object',
    description:
      'E-reporting B2C d’une période : transactions par jour, catégorie (TPS1 prestations, TLB1 ventes de biens) ' +
      'et taux (flux 10.3), encaissements des prestations par jour et taux (flux 10.4), montants en centimes',
    required: [
      'from',
      'to',
      'issuer',
      'transactions',
      'payments',
      'outsideVat',
      'unallocated',
      'totals',
      'vatStatement',
    ],
    properties: {
      from: { type: 'string', format: 'date' },
      to: { type: 'string', format: 'date' },
      issuer: {
        type: 'object',
        required: ['name', 'siren', 'vatNumber'],
        properties: {
          name: { type: 'string' },
          siren: { type: ['string', 'null'] },
          vatNumber: { type: ['string', 'null'] },
        },
      },
      transactions: {
        type: 'array',
        items: {
          type: 'object',
          required: ['date', 'category', 'count', 'exclVat', 'vat', 'inclVat', 'rates'],
          properties: {
            date: { type: 'string', format: 'date' },
            category: { enum: ['TPS1', 'TLB1'] },
            count: { type: 'integer' },
            exclVat: cents,
            vat: cents,
            inclVat: cents,
            rates,
          },
        },
      },
      payments: {
        type: 'array',
        items: {
          type: 'object',
          required: ['date', 'inclVat', 'vat', 'rates'],
          properties: { date: { type: 'string', format: 'date' }, inclVat: cents, vat: cents, rates },
        },
      },
      outsideVat: cents,
      unallocated: cents,
      totals: {
        type: 'object',
        required: ['tps1', 'tlb1', 'payments', 'vatDue'],
        properties: { tps1: rates, tlb1: rates, payments: rates, vatDue: cents },
      },
      vatStatement: {
        type: ['object', 'null'],
        required: ['months', 'vatTotal', 'matches'],
        properties: {
          months: { type: 'array', items: { type: 'string' } },
          vatTotal: cents,
          matches: { type: 'boolean' },
        },
      },
    },
  },
});

/** A period in order, one year at most. */
function checked(q: Period): Period {
  if (q.from > q.to || addDays(q.from, 366) < q.to)
    throw badRequest('INCORRECT_DATES', { to: formatMessage('INCORRECT_DATES') });
  return q;
}
const load = (knex: Parameters<typeof eReport>[0], q: Period): Promise<EReport> => eReport(knex, checked(q).from, q.to);

export const EREPORTING_ROUTES = [
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/e-reporting',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [ACC, 'read'],
    tag,
    query: period,
    response: { $ref: '#/components/schemas/EReport' },
    summary:
      'E-reporting B2C (CGI 242 nonies M) : transactions agrégées par jour, catégorie et taux (flux 10.3) et ' +
      'encaissements des prestations (flux 10.4), comparés à la déclaration de TVA',
    handler: ({ query, knex }) => load(knex, query),
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/e-reporting/export',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [ACC, 'export'],
    tag,
    query: period,
    response: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    summary: 'E-reporting B2C en CSV : une ligne par jour, flux, catégorie et taux',
    handler: async ({ ctx, query, knex }) => {
      const r = await load(knex, query);
      const rows = [
        ...r.transactions.flatMap((t) =>
          t.rates.map((x) => [
            fr(t.date),
            '10.3',
            t.category,
            t.count,
            rate(x.rateBp),
            money(x.exclVat),
            money(x.vat),
            money(x.inclVat),
          ]),
        ),
        ...r.payments.flatMap((p) =>
          p.rates.map((x) => [
            fr(p.date),
            '10.4',
            'Encaissement',
            '',
            rate(x.rateBp),
            money(x.exclVat),
            money(x.vat),
            money(x.inclVat),
          ]),
        ),
      ];
      return sendCsv(
        ctx,
        `e-reporting-${r.from}-${r.to}.csv`,
        ['Date', 'Flux', 'Catégorie', 'Opérations', 'Taux', 'Base HT', 'TVA', 'TTC'],
        rows,
      );
    },
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/e-reporting/xml',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [ACC, 'export'],
    tag,
    query: period,
    response: { description: 'XML', content: { 'application/xml': { schema: { type: 'string' } } } },
    summary: 'Fichier d’e-reporting B2C (syntaxe FRR des spécifications externes DGFiP, flux 10.3 et 10.4)',
    handler: async ({ ctx, query, knex }) => {
      const r = await load(knex, query);
      ctx.set('Content-Type', 'application/xml; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="e-reporting-${r.from}-${r.to}.xml"`);
      ctx.body = eReportXml(r);
      return undefined;
    },
  }),
];
