// Routes of the ledger: verification, signing key, technical event journal, closures
// (day, month, year), their PDF, and the day's operations. Thin: parse, call.
import { recordTechnicalEvent } from './jet';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { parseId } from '../../rest/records';
import { todayParis } from '../../../common/dates';
import { formatMessage } from '../../../common/messages';
import { currentEstablishment } from '../establishment/company';
import { closeFinancialYear } from '../establishment/financial-year-close';
import { verifyLedger } from './verify';
import { signingKey } from './keys';
import { listJet } from './jet';
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
import { ARCHIVE_FILE, JET_LIST, SIGNING_KEY } from './openapi';

const tag = 'fiscal';
const CLOSURES = 'invoice.closures';
const JOURNAL = 'invoice.journal';
const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const MONTH = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', 'x-message': 'INCORRECT_DATES' };
const cents = { type: 'integer' };
const seqOrNull = { type: ['integer', 'null'] };
/** The totals of a closure (ledger/totals.ts: ClosureTotals). */
const TOTALS_PROPERTIES = {
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
const TOTALS_REQUIRED = Object.keys(TOTALS_PROPERTIES);

export const LEDGER_ROUTES = [
  defineRoute<unknown, { chain?: 'fiscal' | 'jet'; signatures?: 'all' | 'sample' }>({
    method: 'GET',
    path: '/rest/fiscal/verify',
    right: [JOURNAL, 'read'],
    tag,
    summary:
      'Vérifie le journal inaltérable : chaînage, empreintes, signatures, continuité, fin de chaîne, totaux des ' +
      'clôtures',
    query: {
      type: 'object',
      properties: { chain: { enum: ['fiscal', 'jet'] }, signatures: { enum: ['all', 'sample'] } },
    },
    response: {
      type: 'object',
      required: ['status', 'count', 'first', 'last', 'breaks'],
      properties: {
        status: { enum: ['ok', 'broken'] },
        count: { type: 'integer' },
        first: { type: ['integer', 'null'] },
        last: { type: ['integer', 'null'] },
        breaks: {
          type: 'array',
          items: {
            type: 'object',
            required: ['seq', 'kind', 'reason'],
            properties: {
              seq: { type: 'integer' },
              kind: { type: 'string' },
              reason: { type: 'string' },
              record: { type: 'string', description: 'L’enregistrement concerné (« Facture FA00002 »…)' },
            },
          },
        },
      },
    },
    handler: async ({ query, user, knex }) => {
      const chain = query.chain ?? 'fiscal';
      const r = await verifyLedger(knex, {
        chain,
        allSignatures: query.signatures ? query.signatures === 'all' : undefined,
      });
      // A verification that fails is journaled (JET, issue 25 point 11), from the API as from the CLI.
      if (r.status !== 'ok')
        await recordTechnicalEvent(knex, 'verify-failed', {
          chain,
          breaks: r.breaks.length,
          firstSeq: r.breaks[0]?.seq ?? null,
          userId: user?.id ?? null,
        }).catch((e) => console.error(`Journal des événements techniques : échec non enregistré — ${e.message}`));
      return r;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/fiscal/key',
    right: [CLOSURES, 'read'],
    tag,
    summary: 'La clé publique (Ed25519) qui signe le journal de cette installation, et son empreinte',
    response: SIGNING_KEY,
    handler: () => {
      const k = signingKey();
      return { algorithm: 'Ed25519', fingerprint: k.fingerprint, publicKey: k.publicPem };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/jet/list',
    right: [JOURNAL, 'read'],
    tag,
    summary: 'Le journal des événements techniques (JET), du plus récent au plus ancien',
    response: JET_LIST,
    handler: async ({ knex }) => ({ rows: await listJet(knex) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/closure/status',
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Dernières clôtures (jour, mois, exercice), opérations en attente de clôture, alerte au-delà de 4 mois',
    handler: ({ knex }) => closureStatus(knex),
  }),
  defineRoute<unknown, { level?: 'day' | 'month' | 'year' }>({
    method: 'GET',
    path: '/rest/closure/list',
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Les clôtures, de la plus récente à la plus ancienne',
    query: { type: 'object', properties: { level: { enum: ['day', 'month', 'year'] } } },
    handler: async ({ query, knex }) => ({ rows: await listClosures(knex, query.level) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/closure/document/:seq',
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
    right: [CLOSURES, 'write'],
    tag,
    summary: 'Clôture journalière (Z) : les opérations datées de ce jour ou avant, pas encore clôturées',
    body: { type: 'object', required: ['date'], properties: { date }, additionalProperties: false },
    responses: { 409: { description: 'Clôture en cours (CLOSING_IN_PROGRESS)' } },
    handler: async ({ body, knex, user }) => ({ status: 'SAVED', item: await closeDay(knex, body.date, user.id) }),
  }),
  defineRoute<{ month: string }>({
    method: 'POST',
    path: '/rest/closure/month',
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
    handler: async ({ body, knex, user }) => ({ status: 'SAVED', item: await closeMonth(knex, body.month, user.id) }),
  }),
  defineRoute<{ financialYearId: number }>({
    method: 'POST',
    path: '/rest/closure/year',
    right: { system: 'ONLY_TECHNICAL_USER_CAN_CLOSE' },
    tag,
    summary: "Clôture de l'exercice (l'utilisateur technique seulement) : la somme de ses mois, une fois pour toutes",
    body: {
      type: 'object',
      required: ['financialYearId'],
      properties: { financialYearId: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
      additionalProperties: false,
    },
    handler: async ({ body, knex, user }) => ({
      status: 'SAVED',
      message: formatMessage('FINANCIAL_YEAR_CLOSE_DONE'),
      item: await closeFinancialYear(knex, parseId(String(body.financialYearId)), user.id),
    }),
  }),
  defineRoute<{ closureSeq: number }>({
    method: 'POST',
    path: '/rest/closure/archive',
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
    handler: async ({ knex }) => ({ rows: await listArchives(knex) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/closure/archive/:seq',
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
    right: [CLOSURES, 'read'],
    tag,
    summary: 'Les opérations du jour : encaissements par mode de paiement, ventes par taux de TVA, et le Z du jour',
    query: { type: 'object', properties: { date } },
    handler: ({ query, knex }) => dailyOperations(knex, query.date ?? todayParis()),
  }),
];
