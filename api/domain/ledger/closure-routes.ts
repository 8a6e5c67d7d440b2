// Ledger routes of the closures (day, month, year), their PDF and archives, and the day's
// operations.
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { parseId } from '../../rest/records';
import { todayParis } from '../../../common/dates';
import { formatMessage } from '../../../common/messages';
import { currentEstablishment } from '../establishment/company';
import { closeFinancialYear } from '../establishment/financial-year-close';
import { signingKey } from './keys';
import {
  closeDay,
  closeMonth,
  closureBySeq,
  closureStatus,
  dayClosurePreview,
  listClosures,
  monthClosurePreview,
} from './closures';
import { renderPdf } from '../../pdf/pool';
import { dailyOperations } from './daily';
import { archiveYear, listArchives, readArchive } from './archive';
import { ARCHIVE_FILE } from './openapi';
import { ref } from '../../http/schema-parts';
import './closure-openapi';
import { CLOSURES, tag, date, TOTALS_REQUIRED, TOTALS_PROPERTIES, MONTH } from './route-parts';

export const CLOSURE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/closure/status',
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Dernières clôtures (jour, mois, exercice), opérations en attente de clôture, alerte au-delà de 4 mois',
    response: ref('ClosureStatus'),
    handler: ({ knex }) => closureStatus(knex),
  }),
  defineRoute<unknown, { level?: 'day' | 'month' | 'year' }>({
    method: 'GET',
    path: '/rest/closure/list',
    example: { query: { level: 'day' } },
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Les clôtures, de la plus récente à la plus ancienne',
    query: { type: 'object', properties: { level: { enum: ['day', 'month', 'year'] } } },
    response: ref('ClosureList'),
    handler: async ({ query, knex }) => ({ rows: await listClosures(knex, query.level) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/closure/document/:seq',
    example: {
      params: { seq: { value: 999999999 } },
      ok: { status: 404, why: 'no closure has that number: past the right, 404' },
    },
    right: [CLOSURES, 'read'],
    tag,
    params: { seq: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
    summary: 'Le PDF d’une clôture (totaux, grand total perpétuel, extrait de signature)',
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Clôture inconnue' } },
    handler: async ({ ctx, params, knex }) => {
      const c = await closureBySeq(knex, Number(params.seq));
      if (!c) throw new HttpError(404, 'NOT_FOUND');
      const est = (await currentEstablishment(knex)) ?? {};
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="cloture-${c.level}-${c.date}.pdf"`);
      ctx.body = await renderPdf({
        kind: 'closure',
        closure: c,
        establishment: est,
        fingerprint: signingKey().fingerprint,
      });
      return undefined;
    },
  }),
  defineRoute<unknown, { date: string }>({
    method: 'GET',
    path: '/rest/closure/day/preview',
    example: { query: { date: { today: 0 } } },
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Ce que couvrirait le Z de cette date : les opérations datées de ce jour ou avant, pas encore clôturées',
    query: { type: 'object', required: ['date'], properties: { date } },
    response: {
      type: 'object',
      required: [...TOTALS_REQUIRED, 'date', 'firstDate', 'lastDate'],
      properties: {
        ...TOTALS_PROPERTIES,
        date: { type: 'string', format: 'date' },
        firstDate: { type: ['string', 'null'], format: 'date' },
        lastDate: { type: ['string', 'null'], format: 'date' },
      },
      additionalProperties: false,
    },
    handler: ({ query, knex }) => dayClosurePreview(knex, query.date),
  }),
  defineRoute<unknown, { month: string }>({
    method: 'GET',
    path: '/rest/closure/month/preview',
    example: { query: { month: '2026-10' } },
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Ce que contiendrait la clôture de ce mois : les opérations datées du mois, celles qui attendent un Z',
    query: { type: 'object', required: ['month'], properties: { month: MONTH } },
    response: {
      type: 'object',
      required: [...TOTALS_REQUIRED, 'month', 'waiting'],
      properties: { ...TOTALS_PROPERTIES, month: { type: 'string' }, waiting: { type: 'integer' } },
      additionalProperties: false,
    },
    handler: ({ query, knex }) => monthClosurePreview(knex, query.month),
  }),
  defineRoute<{ date: string }>({
    method: 'POST',
    path: '/rest/closure/day',
    example: {
      body: { date: '2099-01-01' },
      unchanged: { table: 'ledger_entry', where: { kind: 'closure-day' }, count: true },
      ok: { status: 400, why: 'a day still to come: past the right, the rule answers INCORRECT_DATES' },
    },
    right: [CLOSURES, 'write'],
    tag,
    summary: 'Clôture journalière (Z) : les opérations datées de ce jour ou avant, pas encore clôturées',
    body: { type: 'object', required: ['date'], properties: { date }, additionalProperties: false },
    responses: { 409: { description: 'Clôture en cours (CLOSING_IN_PROGRESS)' } },
    response: ref('ClosureSaved'),
    handler: async ({ body, knex, user }) => ({ status: 'SAVED', item: await closeDay(knex, body.date, user.id) }),
  }),
  defineRoute<{ month: string }>({
    method: 'POST',
    path: '/rest/closure/month',
    example: {
      body: { month: '2099-01' },
      unchanged: { table: 'ledger_entry', where: { kind: 'closure-month' }, count: true },
      ok: { status: 400, why: 'a month not over: past the right, the rule answers NOTHING_TO_CLOSE' },
    },
    right: [CLOSURES, 'write'],
    tag,
    summary: 'Clôture mensuelle : les opérations datées du mois, toutes couvertes par un Z, une fois le mois terminé',
    body: {
      type: 'object',
      required: ['month'],
      properties: { month: MONTH },
      additionalProperties: false,
    },
    responses: { 409: { description: 'Clôture en cours (CLOSING_IN_PROGRESS)' } },
    response: ref('ClosureSaved'),
    handler: async ({ body, knex, user }) => ({ status: 'SAVED', item: await closeMonth(knex, body.month, user.id) }),
  }),
  defineRoute<{ financialYearId: number }>({
    method: 'POST',
    path: '/rest/closure/year',
    example: {
      body: { financialYearId: 999999999 },
      unchanged: { table: 'ledger_entry', where: { kind: 'closure-year' }, count: true },
      ok: { status: 404, why: 'no such financial year: past the right, 404' },
    },
    right: { system: 'ONLY_TECHNICAL_USER_CAN_CLOSE' },
    tag,
    summary: "Clôture de l'exercice (l'utilisateur technique seulement) : la somme de ses mois, une fois pour toutes",
    body: {
      type: 'object',
      required: ['financialYearId'],
      properties: { financialYearId: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
      additionalProperties: false,
    },
    response: ref('FinancialYearClosed'),
    handler: async ({ body, knex, user }) => ({
      status: 'SAVED',
      message: formatMessage('FINANCIAL_YEAR_CLOSE_DONE'),
      item: await closeFinancialYear(knex, parseId(String(body.financialYearId)), user.id),
    }),
  }),
  defineRoute<{ closureSeq: number }>({
    method: 'POST',
    path: '/rest/closure/archive',
    example: {
      body: { closureSeq: 999999999 },
      unchanged: { table: 'ledger_entry', where: { kind: 'archive' }, count: true },
      ok: { status: 404, why: 'no year closure has that number: past the right, 404' },
    },
    right: [CLOSURES, 'write'],
    tag,
    summary:
      "Archive annuelle signée d'un exercice clôturé (écritures, manifeste, empreintes), une fois par exercice, " +
      'journalisée',
    body: {
      type: 'object',
      required: ['closureSeq'],
      properties: { closureSeq: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
      additionalProperties: false,
    },
    response: ref('ClosureArchiveSaved'),
    responses: { 404: { description: "Pas de clôture d'exercice à ce numéro" } },
    handler: async ({ body, knex, user }) => ({
      status: 'SAVED',
      item: await archiveYear(knex, body.closureSeq, user.id),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/closure/archives',
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Les archives annuelles faites, de la plus récente à la plus ancienne',
    response: ref('ClosureArchives'),
    handler: async ({ knex }) => ({ rows: await listArchives(knex) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/closure/archive/:seq',
    example: {
      params: { seq: { value: 999999999 } },
      ok: { status: 404, why: 'no archive for that closure: past the right, 404' },
    },
    right: [CLOSURES, 'read'],
    tag,
    summary: "Télécharge l'archive de l'exercice clos par la clôture n° seq (JSON signé, vérifiable hors ligne)",
    params: { seq: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
    response: ARCHIVE_FILE,
    responses: { 404: { description: 'Archive inconnue' } },
    handler: async ({ ctx, params, knex }) => {
      const a = await readArchive(knex, Number(params.seq));
      ctx.type = 'application/json';
      ctx.set('Content-Disposition', `attachment; filename="${a.name}"`);
      ctx.body = a.text;
      return undefined;
    },
  }),
  defineRoute<unknown, { date?: string }>({
    method: 'GET',
    path: '/rest/daily-operations',
    example: { query: { date: '2031-07-01' } },
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Les opérations du jour : encaissements par mode de paiement, ventes par taux de TVA, et le Z du jour',
    query: { type: 'object', properties: { date } },
    response: ref('DailyOperations'),
    handler: ({ query, knex }) => dailyOperations(knex, query.date ?? todayParis()),
  }),
];
