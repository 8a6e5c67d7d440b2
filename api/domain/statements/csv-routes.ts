// The CSV exports of the statements, declared from one table: each row gives its path,
// right, query, file name, header and rows; csvExport turns it into its route (export
// right, `text/csv` answer, French CSV of ./csv.ts).
import type { Knex } from 'knex';
import { defineRoute, type JsonSchema, type RightPair, type RouteExample } from '../../http/define-route';
import { taxRegister, taxStatement } from './tourist-tax';
import { dailyVat, vatStatement } from './vat';
import { policeRegister } from './police';
import { POLICE_HEADER, policeRows } from './police-send';
import { date as fr, money, rate, sendCsv, type Cell } from './csv';
import { ACC, csv, period, range, tag, year, yearQuery, type Period, type Year } from './route-parts';

interface CsvExport<Q> {
  path: string;
  right: RightPair;
  query: JsonSchema;
  /** the call of the rights-matrix test (api/http/route-spec.ts) */
  example: RouteExample;
  summary: string;
  fileName: (query: Q) => string;
  header: string[];
  rows: (knex: Knex, query: Q) => Promise<Cell[][]>;
}

function csvExport<Q>(e: CsvExport<Q>) {
  return defineRoute<unknown, Q>({
    method: 'GET',
    path: e.path,
    right: e.right,
    tag,
    query: e.query,
    example: e.example,
    response: csv,
    summary: e.summary,
    handler: async ({ ctx, query, knex }) => sendCsv(ctx, e.fileName(query), e.header, await e.rows(knex, query)),
  });
}

const TAX_REGISTER_HEADER = [
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
];

/** One line per period and rate, one per exemption reason, then the period's total. */
async function taxStatementRows(knex: Knex, query: Year): Promise<Cell[][]> {
  const s = await taxStatement(knex, query.year, range(query));
  return s.periods.flatMap((p) => [
    ...p.rates.map((r) => [
      fr(p.from),
      fr(p.to),
      s.commune,
      'Nuitées taxées',
      money(r.rate),
      r.personNights,
      money(r.amount),
    ]),
    ...p.exemptions.map((e) => [fr(p.from), fr(p.to), s.commune, `Exonérées : ${e.reason}`, '', e.personNights, '']),
    [fr(p.from), fr(p.to), s.commune, 'Total de la période', '', p.taxablePersonNights, money(p.amountDue)],
  ]);
}

/** One line per month, basis and rate, the corrections after the month's own lines. */
async function vatStatementRows(knex: Knex, query: { year: number }): Promise<Cell[][]> {
  const s = await vatStatement(knex, query.year);
  return s.months.flatMap((m) =>
    [...m.rows, ...m.corrections.map((r) => ({ ...r, correction: true }))].map((r) => [
      m.month,
      (r.basis === 'receipts' ? 'Encaissements (prestations)' : 'Ventes (biens)') +
        ('correction' in r && r.correction ? ' — régularisation' : ''),
      rate(r.rateBp),
      money(r.exclVat),
      money(r.vat),
      money(r.inclVat),
    ]),
  );
}

export const CSV_EXPORT_ROUTES = [
  csvExport<Period>({
    path: '/rest/tax-list/export',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [ACC, 'export'],
    query: period,
    summary: 'Registre de la taxe de séjour en CSV',
    fileName: (q) => `registre-taxe-de-sejour-${q.from}-${q.to}.csv`,
    header: TAX_REGISTER_HEADER,
    rows: async (knex, q) =>
      (await taxRegister(knex, q.from, q.to)).map((r) => [
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
  }),
  csvExport<Year>({
    path: '/rest/tax-statement-list/export',
    example: { query: { year: 2031 } },
    right: [ACC, 'export'],
    query: yearQuery,
    summary: 'Déclaration de taxe de séjour en CSV (une ligne par période et par tarif)',
    fileName: (q) => `declaration-taxe-de-sejour-${q.year}.csv`,
    header: ['Du', 'Au', 'Commune', 'Ligne', 'Tarif par nuitée', 'Nuitées', 'Montant'],
    rows: taxStatementRows,
  }),
  csvExport<{ year: number }>({
    path: '/rest/tva-statement-list/export',
    example: { query: { year: 2031 } },
    right: [ACC, 'export'],
    query: { type: 'object', required: ['year'], properties: { year } },
    summary: 'Déclaration de TVA en CSV (une ligne par mois, base et taux)',
    fileName: (q) => `declaration-tva-${q.year}.csv`,
    header: ['Mois', 'Exigibilité', 'Taux', 'Base HT', 'TVA', 'TTC'],
    rows: vatStatementRows,
  }),
  csvExport<Period>({
    path: '/rest/tva-statement-list/daily',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [ACC, 'export'],
    query: period,
    summary: 'Ventes par jour et par taux de TVA (factures, avoirs, tickets), pour le e-reporting B2C, en CSV',
    fileName: (q) => `ventes-par-jour-et-taux-${q.from}-${q.to}.csv`,
    header: ['Date', 'Taux', 'Base HT', 'TVA', 'TTC'],
    rows: async (knex, q) =>
      (await dailyVat(knex, q.from, q.to)).map((r) => [
        r.date,
        rate(r.rateBp),
        money(r.exclVat),
        money(r.vat),
        money(r.inclVat),
      ]),
  }),
  csvExport<Period>({
    path: '/rest/police-note-book/export',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: ['booking.booking', 'export'],
    query: period,
    summary: 'Registre de police en CSV, pour le remettre aux services de police sur leur demande',
    fileName: (q) => `registre-de-police-${q.from}-${q.to}.csv`,
    header: POLICE_HEADER,
    rows: async (knex, q) => policeRows((await policeRegister(knex, q.from, q.to)).forms),
  }),
];
