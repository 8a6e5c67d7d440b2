// Residential routes on rent receipts: one, all of a period, state, bill, reminders and
// the management list.
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { todayParis } from '../../../common/dates';
import { storeOriginal } from '../billing/documents';
import { loadBill } from '../billing/view';
import { billReceipt, createReceipts, createTempReceipt, lockReceipt, setReceiptState } from './receipts';
import { managementRows, receiptView, type ReceiptStatus } from './views';
import { sendLateReminders, sendRentReminder } from './reminder-mail';
import { RES, tag, year, date, id, int, str, receiptRef, email, reminderResult } from './route-parts';

export const RENT_RECEIPT_ROUTES = [
  defineRoute<{ year: number; from?: string; to?: string; placeAffectationId?: number; dueDays?: number }>({
    method: 'POST',
    path: '/rest/rent-receipt/multi-creation',
    example: {
      body: { year: 2031, placeAffectationId: { fresh: 'residence' } },
      unchanged: { table: 'rent_receipt', where: { placeAffectationId: { fresh: 'residence' } } },
    },
    right: [RES, 'write'],
    tag,
    summary:
      'Crée les quittances de toutes les échéances d’une année (ou de celles qui commencent dans [from, to)) de ' +
      'tous les contrats (ou d’un seul) ; une échéance qui a déjà sa quittance est laissée telle quelle ; sur tous ' +
      'les contrats, un contrat refusé (sans prix) est nommé dans refused et les autres sont faits',
    body: {
      type: 'object',
      required: ['year'],
      additionalProperties: false,
      properties: {
        year,
        from: date,
        to: date,
        placeAffectationId: id,
        dueDays: { type: 'integer', minimum: 0, maximum: 90 },
      },
    },
    response: {
      type: 'object',
      required: ['created', 'existing', 'receiptIds', 'refused'],
      properties: {
        created: int,
        existing: int,
        receiptIds: { type: 'array', items: int },
        refused: {
          type: 'array',
          description: 'contrats laissés de côté (tous les contrats) : RENT_RECEIPTS_NO_PRICE…',
          items: {
            type: 'object',
            required: ['placeAffectationId', 'code', 'message'],
            properties: { placeAffectationId: int, code: str, message: str },
          },
        },
      },
    },
    handler: ({ body, knex }) => createReceipts(knex, body),
  }),

  defineRoute<{ placeAffectationId: number; year: number; deadline: number; dueDate?: string }>({
    method: 'POST',
    path: '/rest/rent-receipt/temp',
    example: {
      body: { placeAffectationId: { fresh: 'residence' }, year: 2031, deadline: 1 },
      unchanged: { table: 'rent_receipt', where: { placeAffectationId: { fresh: 'residence' } } },
    },
    right: [RES, 'write'],
    tag,
    summary: 'Crée la quittance temporaire (état 1) d’une échéance d’un contrat, avec ses lignes',
    body: {
      type: 'object',
      required: ['placeAffectationId', 'year', 'deadline'],
      additionalProperties: false,
      properties: {
        placeAffectationId: id,
        year,
        deadline: { type: 'integer', minimum: 1, maximum: 12 },
        dueDate: date,
      },
    },
    response: receiptRef,
    handler: async ({ body, knex }) => receiptView(knex, await createTempReceipt(knex, body)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/rent-receipt/view/:rentReceiptId',
    example: { params: { rentReceiptId: 'rentReceipt' } },
    right: [RES, 'read'],
    tag,
    summary: 'Une quittance avec ses lignes, sa facture et ce qui en est payé',
    response: receiptRef,
    handler: ({ params, knex }) => receiptView(knex, parseId(params.rentReceiptId)),
  }),

  defineRoute<{ stateId: 1 | 2 | 3 }>({
    method: 'POST',
    path: '/rest/rent-receipt/:rentReceiptId/state',
    example: {
      params: { rentReceiptId: { fresh: 'rentReceipt' } },
      body: { stateId: 2 },
      unchanged: { table: 'rent_receipt', where: { id: { param: 'rentReceiptId' } } },
    },
    right: [RES, 'write'],
    tag,
    summary:
      'Enregistre une quittance (état 3, lignes recalculées) ou l’abandonne (état 2, lignes retirées) ; refusé une ' +
      'fois facturée',
    body: {
      type: 'object',
      required: ['stateId'],
      additionalProperties: false,
      properties: { stateId: { enum: [1, 2, 3] } },
    },
    response: receiptRef,
    handler: async ({ params, body, knex }) => {
      const r = await setReceiptState(knex, parseId(params.rentReceiptId), body.stateId);
      return receiptView(knex, r.id);
    },
  }),

  defineRoute<{ date?: string }>({
    method: 'POST',
    path: '/rest/rent-receipt/:rentReceiptId/bill',
    example: {
      params: { rentReceiptId: { fresh: 'rentReceipt' } },
      body: {},
      unchanged: { table: 'rent_receipt', where: { id: { param: 'rentReceiptId' } } },
    },
    right: {
      all: [
        [RES, 'write'],
        ['invoice.bill', 'write'],
      ],
    },
    tag,
    summary:
      'Facture une quittance : ses relevés et reversements recalculés, puis une facture de la série des séjours ' +
      '(numéro, journal inaltérable) ; la quittance est ensuite figée',
    body: { type: 'object', additionalProperties: false, properties: { date } },
    response: receiptRef,
    handler: async ({ params, body, user, knex }) => {
      const id = parseId(params.rentReceiptId);
      const { billId } = await billReceipt(knex, id, body, user?.id ?? null);
      try {
        await storeOriginal(knex, await loadBill(knex, billId));
      } catch (e) {
        console.error('rent receipt bill PDF', billId, e);
      }
      return receiptView(knex, id);
    },
  }),

  defineRoute<{ date?: string }>({
    method: 'POST',
    path: '/rest/rent-receipt/:rentReceiptId/reminder',
    example: {
      params: { rentReceiptId: { fresh: 'rentReceipt' } },
      body: { date: '2031-02-01' },
      unchanged: { table: 'rent_receipt', where: { id: { param: 'rentReceiptId' } } },
    },
    right: [RES, 'write'],
    tag,
    summary: 'Note la relance d’une quittance (date de dernière relance), même facturée',
    body: { type: 'object', additionalProperties: false, properties: { date } },
    response: receiptRef,
    handler: async ({ params, body, knex }) => {
      const id = parseId(params.rentReceiptId);
      await knex.transaction(async (trx) => {
        await lockReceipt(trx, id);
        await trx('rent_receipt')
          .where('id', id)
          .update({ lastReminderOn: body.date ?? todayParis() });
      });
      return receiptView(knex, id);
    },
  }),

  defineRoute<{ to?: string }>({
    method: 'POST',
    path: '/rest/rent-receipt/:rentReceiptId/send-reminder',
    example: {
      params: { rentReceiptId: { fresh: 'rentReceipt' } },
      body: {},
      unchanged: {
        table: 'mail_message',
        where: { entityType: 'rent-receipt', entityId: { param: 'rentReceiptId' } },
        count: true,
      },
      ok: {
        status: 400,
        why: 'no « Relance de quittance » model here: past the right, MAILING_CONFIGURATION_NOT_FOUND',
      },
    },
    right: [RES, 'write'],
    tag,
    summary:
      'Relance d’une quittance facturée et due par e-mail (modèle « Relance de quittance », langue du résident, ' +
      'PDF de la facture joint), une fois par jour au plus ; envoyée aussitôt, date de relance notée',
    body: { type: 'object', additionalProperties: false, properties: { to: email } },
    response: reminderResult,
    handler: async ({ params, body, user, knex }) =>
      sendRentReminder(knex, parseId(params.rentReceiptId), { to: body.to, userId: user?.id ?? null }),
  }),

  defineRoute<{ date?: string }>({
    method: 'POST',
    path: '/rest/rent-receipt/send-reminders',
    example: {
      body: { date: '2000-01-01' },
      unchanged: { table: 'mail_message', where: { kind: 'rent-reminder' }, count: true },
    },
    right: [RES, 'write'],
    tag,
    summary:
      'Relance par e-mail de toutes les quittances en retard à la date (facturées, échues, non soldées) ; ' +
      'celles sans adresse ou déjà relancées ce jour sont comptées à part',
    body: { type: 'object', additionalProperties: false, properties: { date } },
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['sent', 'failed', 'noAddress', 'already', 'rows'],
      properties: {
        sent: int,
        failed: int,
        noAddress: int,
        already: int,
        rows: { type: 'array', items: reminderResult },
      },
    },
    handler: async ({ body, user, knex }) => sendLateReminders(knex, body.date ?? todayParis(), user?.id ?? null),
  }),

  defineRoute<unknown, { date?: string; status?: ReceiptStatus; year?: number }>({
    method: 'GET',
    path: '/rest/rent-receipt/management',
    example: { query: { year: 2031 } },
    right: [RES, 'read'],
    tag,
    summary: 'Quittances enregistrées : à facturer, dues, en retard à la date, payées',
    query: {
      type: 'object',
      properties: {
        date,
        status: { enum: ['all', 'to-bill', 'due', 'late', 'paid'] },
        year,
      },
    },
    response: { $ref: '#/components/schemas/RentReceiptManagement' },
    handler: async ({ query, knex }) => ({
      rows: await managementRows(knex, query.date ?? todayParis(), query.status ?? 'all', query.year),
    }),
  }),
];
