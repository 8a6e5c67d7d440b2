// Routes of the tax statements: the tourist tax register (/tax-list) and statement to
// the commune (/tax-statement-list), the VAT statement (/tva-statement-list) and the
// sales per day and VAT rate; each as JSON for its screen and as CSV (export right,
// declared from one table in ./csv-routes.ts).
import { defineRoute } from '../../http/define-route';
import { ref } from '../../http/schema-parts';
import './openapi';
import { taxRegister, taxStatement } from './tourist-tax';
import { vatStatement } from './vat';
import { vatRegime, vatReturns } from './vat-regime';
import { balanceAt, periodResult, periodResultDetail } from './results';
import { policeRegister } from './police';
import { inseeMonth } from './insee';
import { renderTaxStatementPdf } from './tax-pdf';
import { CSV_EXPORT_ROUTES } from './csv-routes';
import { tag, ACC, RESULTS, day, year, period, type Period, type Year, yearQuery, ordered, range } from './route-parts';

const JSON_ROUTES = [
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/tax-list',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [ACC, 'read'],
    tag,
    query: period,
    response: ref('TaxRegister'),
    summary:
      'Registre de la taxe de séjour (R2333-50) : par séjour, nuits, personnes, exonérations et motifs, taxe due ' +
      'et facturée',
    handler: async ({ query, knex }) => {
      const rows = await taxRegister(knex, query.from, query.to);
      return {
        from: query.from,
        to: query.to,
        rows,
        amountDue: rows.reduce((s, r) => s + r.amountDue, 0),
        amountBilled: rows.reduce((s, r) => s + r.amountBilled, 0),
      };
    },
  }),
  defineRoute<unknown, Year>({
    method: 'GET',
    path: '/rest/tax-statement-list',
    example: { query: { year: 2031 } },
    right: [ACC, 'read'],
    tag,
    query: yearQuery,
    response: ref('TaxStatement'),
    summary:
      "Déclaration de taxe de séjour à la commune : par période de l'année civile (périodicité du module) ou " +
      'pour une période donnée',
    handler: ({ query, knex }) => taxStatement(knex, query.year, range(query)),
  }),
  defineRoute<unknown, Year>({
    method: 'GET',
    path: '/rest/tax-statement-list/document',
    example: { query: { year: 2031 } },
    right: [ACC, 'export'],
    tag,
    query: yearQuery,
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    summary: 'Déclaration de taxe de séjour en PDF, à remettre à la commune',
    handler: async ({ ctx, query, knex }) => {
      const s = await taxStatement(knex, query.year, range(query));
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="declaration-taxe-de-sejour-${query.year}.pdf"`);
      ctx.body = await renderTaxStatementPdf(s);
      return undefined;
    },
  }),
  defineRoute<unknown, { year: number }>({
    method: 'GET',
    path: '/rest/tva-statement-list',
    example: { query: { year: 2031 } },
    right: [ACC, 'read'],
    tag,
    response: ref('VatStatement'),
    query: { type: 'object', required: ['year'], properties: { year } },
    summary:
      'Déclaration de TVA : par mois et par taux, TVA sur les encaissements (prestations) et sur les ventes du ' +
      'comptoir (biens)',
    handler: async ({ query, knex }) => {
      const s = await vatStatement(knex, query.year);
      const regime = await vatRegime(knex);
      return { ...s, regime, returns: vatReturns(regime, query.year, s.months) };
    },
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/result',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [RESULTS, 'read'],
    tag,
    query: period,
    response: ref('PeriodResult'),
    summary:
      "Résultats d'une période : ventes par type de ligne et par taux de TVA (factures, avoirs, tickets), " +
      'encaissements par mode de paiement',
    handler: ({ query, knex }) => {
      ordered(query);
      return periodResult(knex, query.from, query.to);
    },
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/result-detail',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [RESULTS, 'read'],
    tag,
    query: period,
    response: ref('PeriodResultDetail'),
    summary: 'Détail des résultats : les factures et avoirs de la période, un par ligne, avec leur taxe de séjour',
    handler: ({ query, knex }) => {
      ordered(query);
      return periodResultDetail(knex, query.from, query.to);
    },
  }),
  defineRoute<unknown, { date: string }>({
    method: 'GET',
    path: '/rest/balance',
    example: { query: { date: '2031-07-31' } },
    right: [RESULTS, 'read'],
    tag,
    response: ref('Balance'),
    query: { type: 'object', required: ['date'], properties: { date: day } },
    summary:
      'Balance des comptes clients et partenaires à une date : facturé, réglé, solde (positif : dû ; négatif : ' +
      'avance détenue)',
    handler: ({ query, knex }) => balanceAt(knex, query.date),
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/police-note-book',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: ['booking.booking', 'read'],
    tag,
    query: period,
    response: ref('PoliceRegister'),
    summary:
      'Registre de police : les fiches individuelles des clients étrangers arrivés dans la période (6 mois au plus)',
    handler: ({ query, knex }) => policeRegister(knex, query.from, query.to),
  }),
  defineRoute<unknown, { month: string }>({
    method: 'GET',
    path: '/rest/insee-statement',
    example: { query: { month: '2031-07' } },
    right: ['stats.stats', 'read'],
    tag,
    response: ref('InseeMonth'),
    query: {
      type: 'object',
      required: ['month'],
      properties: {
        month: { type: 'string', pattern: '^20[0-9]{2}-(0[1-9]|1[0-2])$', 'x-message': 'INCORRECT_DATES' },
      },
    },
    summary:
      "Enquête mensuelle de fréquentation de l'INSEE : emplacements offerts et occupés par catégorie, arrivées " +
      'et nuitées par pays de résidence',
    handler: ({ query, knex }) => inseeMonth(knex, query.month),
  }),
];

/** The JSON routes, then the CSV exports (./csv-routes.ts). */
export const STATEMENT_ROUTES = [...JSON_ROUTES, ...CSV_EXPORT_ROUTES];
