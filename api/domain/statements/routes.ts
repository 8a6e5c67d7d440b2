// Routes of the tax statements: the tourist tax register (/tax-list) and statement to
// the commune (/tax-statement-list), the VAT statement (/tva-statement-list) and the
// sales per day and VAT rate; each as JSON for its screen and as CSV (export right).
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { taxRegister, taxStatement, checkTaxPeriod } from './tourist-tax';
import { dailyVat, vatStatement } from './vat';
import { vatRegime, vatReturns } from './vat-regime';
import { balanceAt, periodResult, periodResultDetail } from './results';
import { policeRegister } from './police';
import { POLICE_HEADER, policeRows } from './police-send';
import { inseeMonth } from './insee';
import { renderTaxStatementPdf } from './tax-pdf';
import { date as fr, money, rate, sendCsv } from './csv';

const tag = 'statements';
const ACC = 'invoice.accounting';
const RESULTS = 'results.results';
const day = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const year = { type: 'integer', minimum: 2000, maximum: 2100, 'x-message': 'INCORRECT_DATES' };
const period = { type: 'object', required: ['from', 'to'], properties: { from: day, to: day } };
const obj = { type: 'object' };
const csv = { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } };
type Period = { from: string; to: string };
type Year = { year: number; from?: string; to?: string };
const yearQuery = { type: 'object', required: ['year'], properties: { year, from: day, to: day } };
/** A period of results may span years; its start comes first. */
const ordered = (q: Period) => {
  if (q.from > q.to) throw badRequest('INCORRECT_DATES', { to: formatMessage('INCORRECT_DATES') });
};
const range = (q: Year) => (q.from && q.to ? (checkTaxPeriod(q.from, q.to), { from: q.from, to: q.to }) : undefined);

export const STATEMENT_ROUTES = [
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/tax-list',
    right: [ACC, 'read'],
    tag,
    query: period,
    response: obj,
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
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/tax-list/export',
    right: [ACC, 'export'],
    tag,
    query: period,
    response: csv,
    summary: 'Registre de la taxe de séjour en CSV',
    handler: async ({ ctx, query, knex }) => {
      const rows = await taxRegister(knex, query.from, query.to);
      return sendCsv(
        ctx,
        `registre-taxe-de-sejour-${query.from}-${query.to}.csv`,
        [
          'Séjour',
          'Client',
          'Emplacement',
          'Arrivée',
          'Départ',
          'Nuits dans la période',
          'Personnes',
          'Exonérées',
          'Motifs',
          'Nuitées taxées',
          'Tarif par nuitée',
          'Taxe due',
          'Taxe facturée',
        ],
        rows.map((r) => [
          r.bookingCode,
          r.customer,
          r.place,
          fr(r.arrival),
          fr(r.departure),
          r.nights,
          r.persons,
          r.exemptPersons,
          r.exemptions.map((e) => `${e.reason} : ${e.persons}`).join(', '),
          r.taxablePersonNights,
          r.runs.map((x) => money(x.rate)).join(' / '),
          money(r.amountDue),
          money(r.amountBilled),
        ]),
      );
    },
  }),
  defineRoute<unknown, Year>({
    method: 'GET',
    path: '/rest/tax-statement-list',
    right: [ACC, 'read'],
    tag,
    query: yearQuery,
    response: obj,
    summary:
      "Déclaration de taxe de séjour à la commune : par période de l'année civile (périodicité du module) ou " +
      'pour une période donnée',
    handler: ({ query, knex }) => taxStatement(knex, query.year, range(query)),
  }),
  defineRoute<unknown, Year>({
    method: 'GET',
    path: '/rest/tax-statement-list/export',
    right: [ACC, 'export'],
    tag,
    query: yearQuery,
    response: csv,
    summary: 'Déclaration de taxe de séjour en CSV (une ligne par période et par tarif)',
    handler: async ({ ctx, query, knex }) => {
      const s = await taxStatement(knex, query.year, range(query));
      const rows = s.periods.flatMap((p) => [
        ...p.rates.map((r) => [
          fr(p.from),
          fr(p.to),
          s.commune,
          'Nuitées taxées',
          money(r.rate),
          r.personNights,
          money(r.amount),
        ]),
        ...p.exemptions.map((e) => [
          fr(p.from),
          fr(p.to),
          s.commune,
          `Exonérées : ${e.reason}`,
          '',
          e.personNights,
          '',
        ]),
        [fr(p.from), fr(p.to), s.commune, 'Total de la période', '', p.taxablePersonNights, money(p.amountDue)],
      ]);
      return sendCsv(
        ctx,
        `declaration-taxe-de-sejour-${query.year}.csv`,
        ['Du', 'Au', 'Commune', 'Ligne', 'Tarif par nuitée', 'Nuitées', 'Montant'],
        rows,
      );
    },
  }),
  defineRoute<unknown, Year>({
    method: 'GET',
    path: '/rest/tax-statement-list/document',
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
    right: [ACC, 'read'],
    tag,
    response: obj,
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
  defineRoute<unknown, { year: number }>({
    method: 'GET',
    path: '/rest/tva-statement-list/export',
    right: [ACC, 'export'],
    tag,
    response: csv,
    query: { type: 'object', required: ['year'], properties: { year } },
    summary: 'Déclaration de TVA en CSV (une ligne par mois, base et taux)',
    handler: async ({ ctx, query, knex }) => {
      const s = await vatStatement(knex, query.year);
      const rows = s.months.flatMap((m) =>
        [...m.rows, ...m.corrections.map((r) => ({ ...r, correction: true }))].map((r: any) => [
          m.month,
          (r.basis === 'receipts' ? 'Encaissements (prestations)' : 'Ventes (biens)') +
            (r.correction ? ' — régularisation' : ''),
          rate(r.rateBp),
          money(r.exclVat),
          money(r.vat),
          money(r.inclVat),
        ]),
      );
      return sendCsv(
        ctx,
        `declaration-tva-${query.year}.csv`,
        ['Mois', 'Exigibilité', 'Taux', 'Base HT', 'TVA', 'TTC'],
        rows,
      );
    },
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/tva-statement-list/daily',
    right: [ACC, 'export'],
    tag,
    query: period,
    response: csv,
    summary: 'Ventes par jour et par taux de TVA (factures, avoirs, tickets), pour le e-reporting B2C, en CSV',
    handler: async ({ ctx, query, knex }) => {
      const rows = await dailyVat(knex, query.from, query.to);
      return sendCsv(
        ctx,
        `ventes-par-jour-et-taux-${query.from}-${query.to}.csv`,
        ['Date', 'Taux', 'Base HT', 'TVA', 'TTC'],
        rows.map((r) => [r.date, rate(r.rateBp), money(r.exclVat), money(r.vat), money(r.inclVat)]),
      );
    },
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/result',
    right: [RESULTS, 'read'],
    tag,
    query: period,
    response: obj,
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
    right: [RESULTS, 'read'],
    tag,
    query: period,
    response: obj,
    summary: 'Détail des résultats : les factures et avoirs de la période, un par ligne, avec leur taxe de séjour',
    handler: ({ query, knex }) => {
      ordered(query);
      return periodResultDetail(knex, query.from, query.to);
    },
  }),
  defineRoute<unknown, { date: string }>({
    method: 'GET',
    path: '/rest/balance',
    right: [RESULTS, 'read'],
    tag,
    response: obj,
    query: { type: 'object', required: ['date'], properties: { date: day } },
    summary:
      'Balance des comptes clients et partenaires à une date : facturé, réglé, solde (positif : dû ; négatif : ' +
      'avance détenue)',
    handler: ({ query, knex }) => balanceAt(knex, query.date),
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/police-note-book',
    right: ['booking.booking', 'read'],
    tag,
    query: period,
    response: obj,
    summary:
      'Registre de police : les fiches individuelles des clients étrangers arrivés dans la période (6 mois au plus)',
    handler: ({ query, knex }) => policeRegister(knex, query.from, query.to),
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/police-note-book/export',
    right: ['booking.booking', 'export'],
    tag,
    query: period,
    response: csv,
    summary: 'Registre de police en CSV, pour le remettre aux services de police sur leur demande',
    handler: async ({ ctx, query, knex }) => {
      const r = await policeRegister(knex, query.from, query.to);
      return sendCsv(ctx, `registre-de-police-${query.from}-${query.to}.csv`, POLICE_HEADER, policeRows(r.forms));
    },
  }),
  defineRoute<unknown, { month: string }>({
    method: 'GET',
    path: '/rest/insee-statement',
    right: ['stats.stats', 'read'],
    tag,
    response: obj,
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
