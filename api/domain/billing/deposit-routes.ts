// Bank deposit routes (remises en banque): the payments still to remit, a deposit made
// of them, its view and its slip. Thin: parse, call.
import { dateInput as date } from '../../http/schema-parts';
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { createDeposit, depositCandidates, loadDeposit, type DepositInput } from './deposits';
import { renderDepositSlip } from './deposit-slip';
import { dispositionOf, financePreferences } from './preferences';
import { HttpError } from '../../http/errors';
import { DEPOSIT, DEPOSIT_CANDIDATES } from './finance-schemas';

const tag = 'billing';
const BANK = 'invoice.bank';

export const DEPOSIT_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/bank-deposit/candidates/:paymentMethodId',
    example: { params: { paymentMethodId: 'cheque' } },
    right: [BANK, 'read'],
    tag,
    summary: 'Les paiements de ce mode pas encore remis en banque (écran /create-deposit/{paymentMethodId})',
    response: DEPOSIT_CANDIDATES,
    handler: ({ params, knex }) => depositCandidates(knex, parseId(params.paymentMethodId)),
  }),

  defineRoute<DepositInput>({
    method: 'POST',
    path: '/rest/bank-deposit/create',
    example: {
      body: { paymentMethodId: { record: 'cheque' }, paymentIds: [{ fresh: 'chequePayment' }], date: '2031-07-01' },
      unchanged: { table: 'payment', where: { id: { fresh: 'chequePayment' } } },
    },
    right: [BANK, 'write'],
    tag,
    summary:
      'Crée une remise en banque avec les paiements choisis (tous du même mode, pas encore remis) ; numéro ' +
      'unique, donné R<aaaamm>-<n> quand absent',
    body: {
      type: 'object',
      required: ['paymentMethodId', 'paymentIds'],
      additionalProperties: false,
      properties: {
        paymentMethodId: { type: 'integer', minimum: 1, maximum: 999_999_999 },
        paymentIds: {
          type: 'array',
          minItems: 1,
          maxItems: 2000,
          items: { type: 'integer', minimum: 1, maximum: 999_999_999 },
          'x-message': 'DEPOSIT_PAYMENTS_INVALID',
        },
        date,
        number: { type: 'string', minLength: 1, maxLength: 30 },
        bankAccountId: { type: ['integer', 'null'], minimum: 1, maximum: 999_999_999 },
        notes: { type: ['string', 'null'], maxLength: 500 },
        slipType: { enum: ['detailed', 'summary'] },
      },
    },
    response: DEPOSIT,
    responseDescription: 'La remise avec ses paiements',
    handler: async ({ body, knex }) => loadDeposit(knex, await createDeposit(knex, body)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/bank-deposit/view/:depositId',
    example: { params: { depositId: 'deposit' } },
    right: [BANK, 'read'],
    tag,
    summary: 'Une remise en banque avec ses paiements',
    response: DEPOSIT,
    responses: { 404: { description: 'Remise inconnue' } },
    handler: async ({ params, knex }) => {
      const d = await loadDeposit(knex, parseId(params.depositId));
      if (!d) throw new HttpError(404, 'NOT_FOUND');
      return d;
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/bank-deposit/document/:depositId',
    example: { params: { depositId: 'deposit' } },
    right: [BANK, 'read'],
    tag,
    summary: 'Le bordereau de remise en banque (PDF)',
    response: { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Remise inconnue' } },
    handler: async ({ ctx, params, knex }) => {
      const slip = await renderDepositSlip(knex, parseId(params.depositId));
      if (!slip) throw new HttpError(404, 'NOT_FOUND');
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', dispositionOf(await financePreferences(knex), `remise-${slip.number}.pdf`));
      ctx.body = slip.pdf;
      return undefined;
    },
  }),
];
