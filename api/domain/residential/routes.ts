// Hand-written residential routes (api/http/define-route.ts): rent receipts (one, all of
// a period, bill, state, reminder, management), residents, totals per line type, and the
// contract's PDF. Thin: parse, call.
import { defineRoute, defineSchemas } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { todayParis } from '../../../common/dates';
import { storeOriginal } from '../billing/documents';
import { loadBill } from '../billing/view';
import { billReceipt, createReceipts, createTempReceipt, lockReceipt, setReceiptState } from './receipts';
import { billTypeTotals, managementRows, receiptView, residentRows, type ReceiptStatus } from './views';
import { renderContractPdf } from './contract-pdf';
import { sendLateReminders, sendRentReminder } from './reminder-mail';

const tag = 'residential';
const RES = 'resident.contract';
const int = { type: 'integer' };
const str = { type: 'string' };
const bool = { type: 'boolean' };
const money = { type: 'integer', description: 'centimes' };
const day = { type: 'string', format: 'date' };
const nday = { type: ['string', 'null'], format: 'date' };
const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const id = { type: 'integer', minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' };
const year = { type: 'integer', minimum: 2000, maximum: 2100, 'x-message': 'INCORRECT_DATES' };
const receiptRow = {
  id: int,
  placeAffectationId: int,
  customerId: int,
  startDate: day,
  endDate: day,
  deadline: int,
  dueDate: day,
  stateId: { enum: [1, 2, 3] },
  totalInclVat: money,
  isBilled: bool,
  billId: { type: ['integer', 'null'] },
  billNumber: { type: ['string', 'null'] },
  lastReminderOn: nday,
  version: int,
  placeCode: str,
  residentName: str,
  paid: money,
};

defineSchemas({
  RentReceiptView: {
    type: 'object',
    description: 'Une quittance avec ses lignes (types de ligne 2, 18, 19, 22, 24), sa facture et ce qui en est payé',
    required: ['id', 'lines'],
    properties: {
      ...receiptRow,
      notes: { type: ['string', 'null'] },
      lines: {
        type: 'array',
        items: {
          type: 'object',
          required: ['lineType', 'label', 'amountInclVat'],
          properties: {
            id: int,
            position: int,
            lineType: { enum: [2, 18, 19, 22, 24] },
            label: str,
            quantity: int,
            amountInclVat: money,
            vatRateBp: { type: ['integer', 'null'] },
            meterReadingId: { type: ['integer', 'null'] },
          },
        },
      },
    },
  },
  RentReceiptManagement: {
    type: 'object',
    required: ['rows'],
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'state', 'due'],
          properties: { ...receiptRow, due: money, state: { enum: ['to-bill', 'due', 'late', 'paid'] } },
        },
      },
    },
  },
});

const receiptRef = { $ref: '#/components/schemas/RentReceiptView' };
const email = {
  type: 'string',
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[A-Za-z]{2,25}$',
  'x-message': 'INVALID_EMAIL',
};
const reminderResult = {
  type: 'object',
  additionalProperties: false,
  required: ['rentReceiptId', 'mailId', 'status', 'error', 'to', 'subject'],
  properties: {
    rentReceiptId: int,
    mailId: int,
    status: { enum: ['queued', 'sending', 'sent', 'failed'] },
    error: { type: ['string', 'null'] },
    to: str,
    subject: str,
  },
};

export const RESIDENTIAL_ROUTES = [
  defineRoute<{ year: number; from?: string; to?: string; placeAffectationId?: number; dueDays?: number }>({
    method: 'POST',
    path: '/rest/rent-receipt/multi-creation',
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
    right: [RES, 'read'],
    tag,
    summary: 'Une quittance avec ses lignes, sa facture et ce qui en est payé',
    response: receiptRef,
    handler: ({ params, knex }) => receiptView(knex, parseId(params.rentReceiptId)),
  }),

  defineRoute<{ stateId: 1 | 2 | 3 }>({
    method: 'POST',
    path: '/rest/rent-receipt/:rentReceiptId/state',
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

  defineRoute<unknown, { date?: string }>({
    method: 'GET',
    path: '/rest/resident/list',
    right: [RES, 'read'],
    tag,
    summary: 'Résidents : leurs affectations, emplacement, dernier contrat, facturé et payé',
    query: { type: 'object', properties: { date } },
    response: {
      type: 'object',
      required: ['rows'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['placeAffectationId', 'customerId', 'placeCode', 'residentName', 'billed', 'paid'],
            properties: {
              placeAffectationId: int,
              customerId: int,
              placeCode: str,
              residentName: str,
              startDate: day,
              endDate: nday,
              isIndefinite: bool,
              isCurrent: bool,
              email: { type: ['string', 'null'] },
              phone1: { type: ['string', 'null'] },
              contractNumber: { type: ['string', 'null'] },
              billed: money,
              paid: money,
            },
          },
        },
      },
    },
    handler: async ({ query, knex }) => ({ rows: await residentRows(knex, query.date ?? todayParis()) }),
  }),

  defineRoute<unknown, { from: string; to: string }>({
    method: 'GET',
    path: '/rest/resident/bill-types',
    right: [RES, 'read'],
    tag,
    summary:
      'Quittances facturées sur [from, to) : totaux par type de ligne (18 échéance, 19 redevances, 22 compteurs…)',
    query: { type: 'object', required: ['from', 'to'], properties: { from: date, to: date } },
    response: {
      type: 'object',
      required: ['rows'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['lineType', 'lines', 'amountInclVat'],
            properties: { lineType: int, lines: int, amountExclVat: money, vatAmount: money, amountInclVat: money },
          },
        },
      },
    },
    handler: async ({ query, knex }) => ({ rows: await billTypeTotals(knex, query.from, query.to) }),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/residential-contract/document/:residentialContractId',
    right: [RES, 'read'],
    tag,
    summary: 'Le contrat résidentiel en PDF, avec la notice d’information et son récépissé',
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    handler: async ({ ctx, params, knex }) => {
      const { data, number } = await renderContractPdf(knex, parseId(params.residentialContractId));
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="contrat-${number}.pdf"`);
      ctx.body = data;
      return undefined;
    },
  }),
];
