// Routes of payments (the bills' routes are in routes.ts, the cash's in cash-routes.ts):
// a refund of what a stay overpaid, several cheques for one amount, paper holiday
// vouchers, grouped payments, a payment's VAT. One declaration each, thin handlers.
import { confirmationsOf } from '../../rest/entities';
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { HttpError } from '../../http/errors';
import { paymentVat, TILL_SHARE } from '../../../common/payment-vat';
import { recordCheques, type ChequesInput } from './cheques';
import { recordVouchers, VOUCHER_LINES_SCHEMA, type VouchersInput } from './vouchers';
import { refundOverpayment, type RefundInput } from './refunds';
import { groupPayments, type GroupInput } from './grouping';
import { stayRateShares } from './payment-vat-source';
import { CASH_ROUTES } from './cash-routes';
import { PAYMENT_GROUP, PAYMENT_VAT } from './finance-schemas';
import { dateInput as date, list, ref } from '../../http/schema-parts';

const tag = 'billing';
const PAYMENT = 'invoice.payment';
const id = { type: 'integer', minimum: 1, maximum: 999_999_999 };
const money = { type: 'integer', minimum: 1, maximum: 100_000_000, 'x-message': 'MUST_BE_POSITIVE' };
const text = (n: number) => ({ type: ['string', 'null'], maxLength: n });

export const MONEY_ROUTES = [
  defineRoute<RefundInput>({
    method: 'POST',
    path: '/rest/booking/:bookingId/refund',
    example: {
      params: { bookingId: { fresh: 'billableBooking' } },
      body: { paymentMethodId: { record: 'cheque' }, amount: 100 },
      unchanged: { table: 'payment', where: { bookingId: { param: 'bookingId' }, category: 'refund' }, count: true },
      ok: {
        status: 400,
        why: 'nothing was paid too much: past the right, the rule answers REFUND_EXCEEDS_OVERPAYMENT',
      },
    },
    right: [PAYMENT, 'write'],
    tag,
    summary:
      'Rembourse un trop-perçu du séjour : un paiement « Remboursement » de montant négatif, au journal ; ' +
      'refusé au-delà de ce que le client a payé en trop',
    body: {
      type: 'object',
      required: ['paymentMethodId', 'amount'],
      additionalProperties: false,
      properties: {
        paymentMethodId: id,
        amount: { ...money, description: 'le montant rendu, positif, en centimes' },
        date,
        notes: text(500),
      },
    },
    response: { $ref: '#/components/schemas/Payment' },
    handler: ({ params, body, knex, user }) =>
      refundOverpayment(knex, parseId(params.bookingId), body, user?.id ?? null),
  }),
  defineRoute<ChequesInput>({
    method: 'POST',
    path: '/rest/payment/cheques',
    example: {
      body: {
        bookingId: { record: 'booking' },
        paymentMethodId: { record: 'cheque' },
        expectedAmount: 2000,
        date: '2031-07-01',
        cheques: [
          { amount: 1000, chequeNumber: 'M1', chequeHolder: 'Client matrice', payingInstitution: 'Banque' },
          { amount: 1000, chequeNumber: 'M2', chequeHolder: 'Client matrice', payingInstitution: 'Banque' },
        ],
      },
      unchanged: {
        table: 'payment',
        where: { bookingId: { record: 'booking' }, chequeNumber: ['M1', 'M2'] },
        count: true,
      },
    },
    right: [PAYMENT, 'write'],
    tag,
    summary:
      'Enregistre plusieurs chèques (ou chèques-vacances) pour un montant attendu : un paiement par chèque, ' +
      'refusé si leur somme diffère du montant attendu',
    body: {
      type: 'object',
      required: ['paymentMethodId', 'expectedAmount', 'cheques'],
      additionalProperties: false,
      properties: {
        bookingId: { ...id, type: ['integer', 'null'] },
        customerId: { ...id, type: ['integer', 'null'] },
        billId: { ...id, type: ['integer', 'null'] },
        paymentMethodId: id,
        expectedAmount: money,
        date,
        payerType: { enum: ['customer', 'holiday-aid', 'partner'] },
        category: { enum: ['payment', 'down-payment'] },
        downPaymentNature: { enum: ['arrhes', 'acompte'] },
        notes: text(500),
        cheques: {
          type: 'array',
          minItems: 1,
          maxItems: 24,
          items: {
            type: 'object',
            required: ['amount', 'chequeNumber', 'chequeHolder', 'payingInstitution'],
            additionalProperties: false,
            properties: {
              amount: money,
              chequeNumber: { type: 'string', minLength: 1, maxLength: 30, 'x-message': 'CHEQUE_FIELDS_REQUIRED' },
              chequeHolder: { type: 'string', minLength: 1, maxLength: 120, 'x-message': 'CHEQUE_FIELDS_REQUIRED' },
              chequeBank: text(120),
              payingInstitution: {
                type: 'string',
                minLength: 1,
                maxLength: 120,
                'x-message': 'CHEQUE_FIELDS_REQUIRED',
              },
              doNotRemitBefore: { anyOf: [date, { type: 'null' }] },
            },
          },
        },
      },
    },
    response: list(ref('Payment')),
    responseDescription: 'Les paiements créés, un par chèque',
    handler: ({ ctx, body, user, knex }) =>
      recordCheques(knex, body, user?.id ?? null, confirmationsOf(ctx.get('X-Confirm'))),
  }),

  defineRoute<VouchersInput>({
    method: 'POST',
    path: '/rest/payment/vouchers',
    example: {
      body: {
        bookingId: { record: 'booking' },
        paymentMethodId: { record: 'cheque' },
        date: '2031-07-01',
        vouchers: [{ denomination: 2000, count: 2 }],
      },
      unchanged: { table: 'payment_voucher', count: true },
      ok: { status: 400, why: 'a cheque method takes no paper vouchers: past the right, ANCV_METHOD_REQUIRED' },
    },
    right: [PAYMENT, 'write'],
    tag,
    summary:
      'Encaisse des chèques-vacances papier (ANCV) par nombre et valeur (10, 20, 25, 50 €) : un paiement de leur ' +
      'somme et ses coupures ; refusé si le montant indiqué diffère de la somme',
    body: {
      type: 'object',
      required: ['paymentMethodId', 'vouchers'],
      additionalProperties: false,
      properties: {
        bookingId: { ...id, type: ['integer', 'null'] },
        customerId: { ...id, type: ['integer', 'null'] },
        paymentMethodId: id,
        amount: money,
        date,
        payerType: { enum: ['customer', 'holiday-aid', 'partner'] },
        category: { enum: ['payment', 'down-payment'] },
        downPaymentNature: { enum: ['arrhes', 'acompte'] },
        payingInstitution: text(120),
        notes: text(500),
        vouchers: VOUCHER_LINES_SCHEMA,
      },
    },
    response: { $ref: '#/components/schemas/Payment' },
    handler: ({ ctx, body, user, knex }) =>
      recordVouchers(knex, body, user?.id ?? null, confirmationsOf(ctx.get('X-Confirm'))),
  }),

  defineRoute<GroupInput>({
    method: 'POST',
    path: '/rest/payment/group',
    example: {
      body: { paymentIds: [{ fresh: 'chequePayment' }, { fresh: 'chequePayment', nth: 2 }] },
      unchanged: { table: 'payment', where: { id: [{ fresh: 'chequePayment' }, { fresh: 'chequePayment', nth: 2 }] } },
    },
    right: [PAYMENT, 'write'],
    tag,
    summary:
      'Groupe plusieurs paiements libres sous un paiement du mode « Paiement groupé » (qui se remet ou s’exporte ' +
      'en un) ; les paiements groupés ne se modifient plus',
    body: {
      type: 'object',
      required: ['paymentIds'],
      additionalProperties: false,
      properties: {
        paymentIds: { type: 'array', minItems: 2, maxItems: 500, items: id, 'x-message': 'GROUP_PAYMENTS_INVALID' },
        date,
        notes: text(500),
      },
    },
    response: PAYMENT_GROUP,
    responseDescription: 'Le paiement groupé et les paiements qu’il regroupe',
    handler: async ({ body, knex }) => {
      const groupId = await groupPayments(knex, body);
      return {
        ...(await knex('payment').where('id', groupId).first()),
        payments: await knex('payment').where('groupedPaymentId', groupId).orderBy('id'),
      };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/payment/vat/:paymentId',
    example: { params: { paymentId: 'vatPayment' } },
    right: [PAYMENT, 'read'],
    tag,
    summary:
      'La TVA comprise dans un paiement d’un séjour (due à l’encaissement pour une prestation de services), ' +
      'répartie sur les taux du séjour ; arrhes ou acompte',
    response: PAYMENT_VAT,
    responses: { 404: { description: 'Paiement inconnu' } },
    handler: async ({ params, knex }) => {
      const p = await knex('payment')
        .where('id', parseId(params.paymentId))
        .first('id', 'amount', 'bookingId', 'category', 'downPaymentNature');
      if (!p) throw new HttpError(404, 'NOT_FOUND');
      const shares = p.bookingId ? await stayRateShares(knex, p.bookingId) : [];
      // the share settling till tickets carries no VAT here (it was due on the ticket)
      const lines = paymentVat(p.amount, shares).filter((l) => l.vatRateBp !== TILL_SHARE);
      return { ...p, lines, vatAmount: lines.reduce((s, l) => s + l.vatAmount, 0) };
    },
  }),
  ...CASH_ROUTES,
];
