// Routes of the cancellation insurance module (issue 30, docs/history.md#issue-30): the declarations to the
// insurer (screen /insurance-declaration-list), their file, and the wizard's default.
import { defineRoute } from '../../http/define-route';
import { closed } from '../../http/schema-parts';
import { notFound } from '../../http/errors';
import { parseId } from '../../rest/records';
import { processQueue } from '../mail/queue';
import {
  createDeclaration,
  deleteDeclaration,
  listDeclarations,
  previewDeclaration,
  sendDeclaration,
} from './declaration';
import { insuranceModule, insuranceModules, insuranceOfferedByDefault } from './settings';

const tag = 'insurance';
const BOOKING = 'booking.booking';
const day = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const id = { type: 'integer', minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' };
const nStr = { type: ['string', 'null'] };
const int = { type: 'integer' };
// The preview fills every field (declaration.ts previewDeclaration).
const stay = closed({
  bookingId: int,
  code: { type: 'string' },
  customerName: { type: 'string' },
  startDate: { type: 'string' },
  endDate: { type: 'string' },
  stayAmount: int,
  premium: int,
});
const preview = closed({
  moduleId: int,
  from: { type: 'string' },
  to: { type: 'string' },
  contractNumber: nStr,
  stays: { type: 'array', items: stay },
  totalStayAmount: int,
  totalPremium: int,
  commissionRateBp: int,
  commission: int,
});
const declaration = {
  type: 'object',
  properties: {
    id: int,
    moduleId: int,
    moduleLabel: nStr,
    startDate: { type: 'string' },
    endDate: { type: 'string' },
    contractNumber: nStr,
    insurerEmail: nStr,
    stayCount: int,
    totalStayAmount: int,
    totalPremium: int,
    commissionRateBp: int,
    commission: int,
    fileName: { type: 'string' },
    sentAt: nStr,
    sentBy: nStr,
    mailStatus: nStr,
  },
};
const sent = {
  type: 'object',
  properties: { id: int, mailId: { type: ['integer', 'null'] }, mailStatus: nStr, mailError: nStr },
};
type Period = { moduleId: number; from: string; to: string };

async function mailState(knex: Parameters<typeof processQueue>[0], mailId: number | null) {
  if (mailId == null) return { mailStatus: null, mailError: null };
  // Sent in the background: an SMTP server slow to answer must not hold the declaration's answer (the
  // queue retries; the list shows the e-mail's state).
  void processQueue(knex, { onlyId: mailId }).catch(() => undefined);
  const m = await knex('mail_message').where('id', mailId).first('status', 'lastError');
  return { mailStatus: m?.status ?? null, mailError: m?.status === 'sent' ? null : (m?.lastError ?? null) };
}

export const INSURANCE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/insurance-declaration/list',
    right: [BOOKING, 'read'],
    tag,
    summary: "Les déclarations à l'assureur (période, séjours, primes, commission, envoi) et les modules d'assurance",
    response: {
      type: 'object',
      properties: {
        rows: { type: 'array', items: declaration },
        modules: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: int,
              label: { type: 'string' },
              isActive: { type: 'boolean' },
              contractNumber: nStr,
              insurerEmail: nStr,
              rate: int,
            },
          },
        },
      },
    },
    handler: async ({ knex }) => ({
      rows: await listDeclarations(knex),
      modules: (await insuranceModules(knex)).map((m) => ({
        id: m.id,
        label: m.label,
        isActive: m.isActive,
        contractNumber: m.contractNumber,
        insurerEmail: m.insurerEmail,
        rate: m.rate,
      })),
    }),
  }),
  defineRoute<unknown, Period>({
    method: 'GET',
    path: '/rest/insurance-declaration/preview',
    example: {
      query: { moduleId: 999999, from: '2031-07-01', to: '2031-08-01' },
      ok: { status: 400, why: 'no insurance module: past the right, INSURANCE_MODULE_REQUIRED' },
    },
    right: [BOOKING, 'read'],
    tag,
    summary:
      "Aperçu d'une déclaration : les séjours assurés arrivant dans la période [from, to) et pas encore déclarés, " +
      'avec leur prime, les totaux et la commission',
    query: { type: 'object', required: ['moduleId', 'from', 'to'], properties: { moduleId: id, from: day, to: day } },
    response: preview,
    handler: async ({ query, knex }) =>
      previewDeclaration(knex, await insuranceModule(knex, query.moduleId), query.from, query.to),
  }),
  defineRoute<Period & { send?: boolean }>({
    method: 'POST',
    path: '/rest/insurance-declaration/create',
    example: {
      body: { moduleId: 999999, from: '2031-07-01', to: '2031-08-01' },
      unchanged: { table: 'insurance_declaration', count: true },
      ok: { status: 400, why: 'no insurance module: past the right, INSURANCE_MODULE_REQUIRED' },
    },
    right: [BOOKING, 'write'],
    tag,
    summary:
      "Enregistre la déclaration de la période et, sauf send: false, l'envoie à l'assureur par e-mail avec son " +
      'fichier CSV ; une période déjà déclarée est refusée (INSURANCE_PERIOD_DECLARED)',
    body: {
      type: 'object',
      required: ['moduleId', 'from', 'to'],
      additionalProperties: false,
      properties: { moduleId: id, from: day, to: day, send: { type: 'boolean' } },
    },
    response: sent,
    handler: async ({ body, user, knex }) => {
      const r = await createDeclaration(knex, { ...body, send: body.send !== false }, user?.id ?? null);
      return { id: r.id, mailId: r.mailId, ...(await mailState(knex, r.mailId)) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/insurance-declaration/:declarationId/send',
    example: {
      params: { declarationId: { value: 999999 } },
      ok: { status: 404, why: 'no such declaration: past the right, 404' },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: "Envoie à l'assureur une déclaration enregistrée sans être envoyée",
    response: sent,
    handler: async ({ params, user, knex }) => {
      const declarationId = parseId(params.declarationId);
      const mailId = await sendDeclaration(knex, declarationId, user?.id ?? null);
      return { id: declarationId, mailId, ...(await mailState(knex, mailId)) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/insurance-declaration/delete/:declarationId',
    example: {
      params: { declarationId: { value: 999999 } },
      ok: { status: 404, why: 'no such declaration: past the right, 404' },
    },
    right: [BOOKING, 'delete'],
    tag,
    summary: 'Supprime une déclaration pas encore envoyée ; envoyée, elle est refusée (INSURANCE_SENT_UNDELETABLE)',
    response: { type: 'object', properties: { id: int } },
    handler: async ({ params, knex }) => {
      const declarationId = parseId(params.declarationId);
      await deleteDeclaration(knex, declarationId);
      return { id: declarationId };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/insurance-declaration/:declarationId/file',
    example: {
      params: { declarationId: { value: 999999 } },
      ok: { status: 404, why: 'no such declaration: past the right, 404' },
    },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Le fichier CSV de la déclaration, tel qu’envoyé',
    response: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    handler: async ({ ctx, params, knex }) => {
      const d = await knex('insurance_declaration').where('id', parseId(params.declarationId)).first('fileName', 'csv');
      if (!d) throw notFound();
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="${d.fileName}"`);
      ctx.body = d.csv;
      return undefined;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/insurance/defaults',
    right: [BOOKING, 'read'],
    tag,
    summary:
      "Ce que l'assistant de réservation propose : l'assurance cochée par défaut (module « Proposée par défaut »)",
    response: { type: 'object', properties: { offeredByDefault: { type: 'boolean' } } },
    handler: async ({ knex }) => ({ offeredByDefault: await insuranceOfferedByDefault(knex) }),
  }),
];
