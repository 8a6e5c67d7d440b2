// Routes of the bill lists (./lists.ts), of partner bills (./partner.ts) and of the
// deposit bill made from a payment (./payment-bill.ts); declared with defineRoute.
import type { Knex } from 'knex';
import { dateInput as date } from '../../http/schema-parts';
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { todayParis } from '../../../common/dates';
import {
  billList,
  credits,
  doubleBills,
  dueBills,
  insuredStays,
  unbilledStays,
  vacafPayments,
  BILL_KINDS,
  BILL_STATES,
} from './lists';
import { issuePartnerBill } from './partner';
import { issuePaymentDepositBill } from './payment-bill';
import { storeOriginal } from './documents';
import type { IssuedBill } from './records';
import { loadBill } from './view';
import {
  BILL_LIST,
  CREDITS,
  DOUBLE_BILLS,
  DUE_BILLS,
  INSURED_STAYS,
  UNBILLED,
  VACAF_PAYMENTS,
} from './finance-schemas';

const tag = 'billing';
const BILL = 'invoice.bill';
const period = { type: 'object', additionalProperties: false, properties: { from: date, to: date } };

async function withDocument(knex: Knex, id: number): Promise<IssuedBill> {
  // The bill is read once: the PDF is made from the row the answer carries.
  const bill = await loadBill(knex, id);
  try {
    await storeOriginal(knex, bill);
  } catch (e) {
    console.error('bill PDF', id, (e as Error)?.message);
  }
  return bill;
}

export const BILL_LIST_ROUTES = [
  defineRoute<unknown, { from?: string; to?: string; kind?: string; customer?: string; state?: string }>({
    method: 'GET',
    path: '/rest/bill/list',
    example: { query: { kind: 'final', state: 'issued', customer: 'Martin' } },
    right: [BILL, 'read'],
    tag,
    summary:
      'Les factures et avoirs (écran /bill-list) filtrés par période, nature, client ou numéro, état ; avec les ' +
      'totaux de toute la sélection',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        from: date,
        to: date,
        kind: { enum: [...BILL_KINDS] },
        customer: { type: 'string', maxLength: 100 },
        state: { enum: [...BILL_STATES] },
      },
    },
    response: BILL_LIST,
    handler: ({ query, knex }) => billList(knex, query),
  }),
  defineRoute<unknown, { until?: string }>({
    method: 'GET',
    path: '/rest/bill/unbilled',
    example: { query: { until: '2031-12-31' } },
    right: [BILL, 'read'],
    tag,
    summary:
      'Les séjours terminés (ou partis) dont la facture de solde n’est pas émise (écran /unbill-document-list) : ' +
      'prix, facturé, payé, reste à facturer',
    query: { type: 'object', additionalProperties: false, properties: { until: date } },
    response: UNBILLED,
    handler: ({ query, knex }) => unbilledStays(knex, query.until ?? todayParis()),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/bill/verif-double',
    right: [BILL, 'read'],
    tag,
    summary:
      'Contrôle des doubles facturations (écran /verif-double-bill) : plusieurs soldes pour un séjour, acomptes ' +
      'au-delà du prix, séjours identiques facturés deux fois, trous ou doublons de numérotation',
    response: DOUBLE_BILLS,
    handler: ({ knex }) => doubleBills(knex),
  }),
  defineRoute<unknown, { date?: string }>({
    method: 'GET',
    path: '/rest/bill/verif-due',
    example: { query: { date: '2031-12-31' } },
    right: [BILL, 'read'],
    tag,
    summary: 'Les séjours dont une facture est échue et pas entièrement payée à la date donnée (écran /verif-due-bill)',
    query: { type: 'object', additionalProperties: false, properties: { date } },
    response: DUE_BILLS,
    handler: ({ query, knex }) => dueBills(knex, query.date ?? todayParis()),
  }),
  defineRoute<unknown, { from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/bill/credits',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: [BILL, 'read'],
    tag,
    summary: 'Les avoirs de la période et les clients créditeurs (payé plus que facturé) (écran /result-credit-list)',
    query: period,
    response: CREDITS,
    handler: ({ query, knex }) => credits(knex, query.from ?? null, query.to ?? null),
  }),
  defineRoute<unknown, { from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/payment/vacaf',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: ['invoice.payment', 'read'],
    tag,
    summary: 'Les paiements des aides aux vacances (VACAF) de la période, avec le séjour (écran /vacaf-list)',
    query: period,
    response: VACAF_PAYMENTS,
    handler: ({ query, knex }) => vacafPayments(knex, query.from ?? null, query.to ?? null),
  }),
  defineRoute<unknown, { from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/booking/insured',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: ['booking.booking', 'read'],
    tag,
    summary: "Les séjours pris avec l'assurance annulation sur la période, avec la prime (écran /assurance-list)",
    query: period,
    response: INSURED_STAYS,
    handler: ({ query, knex }) => insuredStays(knex, query.from ?? null, query.to ?? null),
  }),
  defineRoute<{ date?: string }>({
    method: 'POST',
    path: '/rest/booking/:bookingId/partner-bill',
    example: {
      params: { bookingId: { fresh: 'billableBooking' } },
      body: {},
      unchanged: { table: 'bill', where: { bookingId: { param: 'bookingId' } }, count: true },
      ok: { status: 400, why: 'the stay has no partner: past the right, the rule answers BILL_GENERATION_IMPOSSIBLE' },
    },
    right: [BILL, 'write'],
    tag,
    summary:
      'Émet la facture partenaire du séjour (commission du partenaire, série des factures partenaires), après la ' +
      'facture de solde du client',
    body: { type: 'object', additionalProperties: false, properties: { date } },
    response: { $ref: '#/components/schemas/IssuedBill' },
    responses: {
      404: { description: 'Séjour inconnu' },
      409: { description: 'Une facture de ce séjour est déjà en cours de traitement (BILL_BEING_PROCESSED)' },
    },
    handler: async ({ params, body, user, knex }) =>
      withDocument(knex, await issuePartnerBill(knex, parseId(params.bookingId), body ?? {}, user?.id ?? null)),
  }),
  defineRoute<{ date?: string }>({
    method: 'POST',
    path: '/rest/payment/:paymentId/deposit-bill',
    example: {
      params: { paymentId: { fresh: 'billableChequePayment' } },
      body: {},
      unchanged: { table: 'payment', where: { id: { param: 'paymentId' } } },
    },
    right: [BILL, 'write'],
    tag,
    summary:
      "Émet la facture d'acompte d'un paiement reçu (montant du paiement), liée au paiement ; refusée pour un " +
      'paiement déjà facturé',
    body: { type: 'object', additionalProperties: false, properties: { date } },
    response: { $ref: '#/components/schemas/IssuedBill' },
    responses: { 404: { description: 'Paiement inconnu' } },
    handler: async ({ params, body, user, knex }) =>
      withDocument(knex, await issuePaymentDepositBill(knex, parseId(params.paymentId), body ?? {}, user?.id ?? null)),
  }),
];
