// Hand-written routes of the till, one declaration each (api/http/define-route.ts):
// right, input schemas, OpenAPI and handler. Thin: parse, call. The back-office ones
// are in office-routes.ts.
import { readBackOr } from '../../http/committed';
import { defineRoute } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { todayParis } from '../../../common/dates';
import { PAYMENT_KINDS } from '../../../common/sales-totals';
import { sell, type SellInput } from './sell';
import { returnSale, type ReturnInput } from './returns';
import { closeWindow, openWindow, windowView, type Counted } from './windows';
import { loadSale, tillData } from './view';
import { printTicket, viewTicket } from './documents';
import { recordTechnicalEvent } from '../ledger/jet';
import { VOUCHER_LINES_SCHEMA } from '../billing/vouchers';
import { OFFICE_ROUTES } from './office-routes';
import './till-schemas';

const tag = 'sales';
const SALE = 'sale.sale';
const id = { type: 'integer', minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' };
const cents = { type: 'integer', minimum: 0, maximum: 100_000_000 };
const kind = { enum: [...PAYMENT_KINDS] };
const payment = {
  type: 'object',
  required: ['kind', 'amount'],
  additionalProperties: false,
  properties: {
    kind,
    amount: { type: 'integer', minimum: -100_000_000, maximum: 100_000_000 },
    paymentMethodId: { ...id, type: ['integer', 'null'] },
    giftVoucherCode: { type: ['string', 'null'], maxLength: 40 },
    reference: { type: ['string', 'null'], maxLength: 60 },
  },
};
/** A ticket's tender: paper holiday vouchers come counted (their sum is the amount). */
const salePayment = { ...payment, properties: { ...payment.properties, vouchers: VOUCHER_LINES_SCHEMA } };
const countedSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(PAYMENT_KINDS.filter((k) => k !== 'stay').map((k) => [k, cents])),
};
const pdf = { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
const operator = (user: { id: number; name: string } | undefined) => ({ id: user?.id ?? null, name: user?.name ?? '' });

export const SALES_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/sales/till/:cashRegisterId',
    example: { params: { cashRegisterId: 'cashRegister' } },
    right: [SALE, 'read'],
    tag,
    summary:
      "L'écran de caisse : la caisse et ses réglages, les familles, les articles vendus ici aujourd'hui (stock), " +
      'les modes de paiement, la session ouverte',
    response: { $ref: '#/components/schemas/TillScreen' },
    handler: ({ params, knex }) => tillData(knex, parseId(params.cashRegisterId), todayParis()),
  }),

  defineRoute<{ cashRegisterId: number; openingFloat?: number }>({
    method: 'POST',
    path: '/rest/sales/window/open',
    example: {
      body: { cashRegisterId: { fresh: 'cashRegister' }, openingFloat: 5000 },
      unchanged: { table: 'cash_register_window', where: { cashRegisterId: { fresh: 'cashRegister' } } },
    },
    right: [SALE, 'write'],
    tag,
    summary: 'Ouvre une session de la caisse avec son fond de caisse (une seule session ouverte par caisse)',
    body: {
      type: 'object',
      required: ['cashRegisterId'],
      additionalProperties: false,
      properties: { cashRegisterId: id, openingFloat: cents },
    },
    response: { $ref: '#/components/schemas/CashRegisterWindowOpened' },
    handler: ({ body, user, knex }) => openWindow(knex, body.cashRegisterId, body.openingFloat ?? 0, user?.id ?? null),
  }),

  defineRoute<{ counted: Counted }>({
    method: 'POST',
    path: '/rest/sales/window/:windowId/close',
    example: {
      params: { windowId: { fresh: 'tillWindow' } },
      body: { counted: { cash: 0 } },
      unchanged: { table: 'cash_register_window', where: { id: { param: 'windowId' } } },
    },
    right: [SALE, 'write'],
    tag,
    summary: 'Ferme la session : montants comptés par nature de règlement, Z figé (attendu, compté, écart)',
    body: {
      type: 'object',
      required: ['counted'],
      additionalProperties: false,
      properties: { counted: countedSchema },
    },
    response: { $ref: '#/components/schemas/CashRegisterZ' },
    handler: ({ params, body, user, knex }) =>
      closeWindow(knex, parseId(params.windowId), body.counted, user?.id ?? null),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/sales/window/:windowId/z',
    example: { params: { windowId: 'tillWindow' } },
    right: [SALE, 'read'],
    tag,
    summary: "Le Z d'une session : figé si elle est fermée, sinon calculé à l'instant (X)",
    response: { $ref: '#/components/schemas/CashRegisterZ' },
    handler: ({ params, knex }) => windowView(knex, parseId(params.windowId)),
  }),

  defineRoute<SellInput>({
    method: 'POST',
    path: '/rest/sales/sell',
    example: {
      body: {
        cashRegisterId: { record: 'cashRegister' },
        lines: [{ articleId: { record: 'article' }, quantity: 1 }],
        payments: [{ kind: 'cash', amount: 500 }],
      },
      unchanged: { table: 'sale', where: { cashRegisterId: { record: 'cashRegister' } }, count: true },
    },
    right: [SALE, 'write'],
    tag,
    summary:
      'Encaisse un ticket : lignes (remises), remise sur le ticket, règlements partagés (espèces avec monnaie ' +
      "rendue, carte, chèque, chèques-vacances, bon cadeau, avoir) ou porté sur le séjour d'un client présent",
    body: {
      type: 'object',
      required: ['cashRegisterId', 'lines', 'payments'],
      additionalProperties: false,
      properties: {
        cashRegisterId: id,
        lines: {
          type: 'array',
          minItems: 1,
          maxItems: 200,
          'x-message': 'SALE_EMPTY',
          items: {
            type: 'object',
            required: ['articleId', 'quantity'],
            additionalProperties: false,
            properties: {
              articleId: id,
              quantity: { type: 'integer', minimum: 1, maximum: 10_000 },
              lineDiscount: cents,
            },
          },
        },
        ticketDiscount: cents,
        payments: { type: 'array', maxItems: 20, items: salePayment },
        bookingId: { ...id, type: ['integer', 'null'] },
        customerId: { ...id, type: ['integer', 'null'] },
        braceletCount: { type: 'integer', minimum: 0, maximum: 1000 },
      },
    },
    response: { $ref: '#/components/schemas/SaleTicket' },
    responses: { 400: { description: 'Quantité supérieure au stock, caisse fermée, règlements incomplets…' } },
    handler: async ({ body, user, knex }) => {
      const saleId = await sell(knex, body, operator(user));
      return readBackOr(() => loadSale(knex, saleId), saleId); // committed: never an error after this
    },
  }),

  defineRoute<ReturnInput>({
    method: 'POST',
    path: '/rest/sales/:saleId/return',
    example: {
      params: { saleId: { fresh: 'sale' } },
      body: {
        cashRegisterId: { record: 'cashRegister' },
        lines: [{ saleLineId: { fresh: 'sale', field: 'lineId' }, quantity: 1 }],
        payments: [{ kind: 'cash', amount: 250 }],
      },
      unchanged: { table: 'sale', where: { returnOfSaleId: { param: 'saleId' } }, count: true },
    },
    right: [SALE, 'write'],
    tag,
    summary:
      "Retour : un nouveau ticket négatif qui référence l'original (jamais de modification), remboursé par les " +
      'règlements donnés',
    body: {
      type: 'object',
      required: ['cashRegisterId', 'lines', 'payments'],
      additionalProperties: false,
      properties: {
        cashRegisterId: id,
        lines: {
          type: 'array',
          minItems: 1,
          maxItems: 200,
          items: {
            type: 'object',
            required: ['saleLineId', 'quantity'],
            additionalProperties: false,
            properties: { saleLineId: id, quantity: { type: 'integer', minimum: 1, maximum: 10_000 } },
          },
        },
        payments: { type: 'array', maxItems: 10, items: payment },
      },
    },
    response: { $ref: '#/components/schemas/SaleTicket' },
    handler: async ({ params, body, user, knex }) =>
      loadSale(knex, await returnSale(knex, parseId(params.saleId), body, operator(user))),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/sales/view/:saleId',
    example: { params: { saleId: 'sale' } },
    right: [SALE, 'read'],
    tag,
    summary: 'Un ticket avec ses lignes, règlements, bons cadeaux, retours et séjour',
    response: { $ref: '#/components/schemas/SaleTicket' },
    handler: ({ params, knex }) => loadSale(knex, parseId(params.saleId)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/sales/document/:saleId',
    example: { params: { saleId: 'sale' } },
    right: [SALE, 'read'],
    tag,
    summary:
      'Le ticket en PDF 80 mm pour le consulter : marqué DUPLICATA, aucune impression enregistrée (imprimer : ' +
      'POST à la même adresse)',
    response: pdf,
    handler: async ({ ctx, params, knex }) => {
      const v = await viewTicket(knex, parseId(params.saleId));
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="ticket-${v.number}-duplicata.pdf"`);
      ctx.body = v.data;
      return undefined;
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/rest/sales/document/:saleId',
    example: { params: { saleId: 'sale' } },
    right: [SALE, 'read'],
    tag,
    summary:
      'Imprime le ticket : l’original la première fois, « DUPLICATA n » ensuite ; chaque impression est ' +
      'enregistrée, chaque duplicata inscrit au journal des événements techniques',
    response: pdf,
    handler: async ({ ctx, params, user, knex }) => {
      const saleId = parseId(params.saleId);
      const p = await printTicket(knex, saleId, user?.id ?? null);
      if (p.duplicate)
        await recordTechnicalEvent(knex, 'duplicate', {
          table: 'sale',
          id: saleId,
          number: p.number,
          rank: p.duplicate,
          userId: user?.id ?? null,
        });
      ctx.type = 'application/pdf';
      ctx.set(
        'Content-Disposition',
        `inline; filename="ticket-${p.number}${p.duplicate ? `-duplicata-${p.duplicate}` : ''}.pdf"`,
      );
      ctx.body = p.data;
      return undefined;
    },
  }),
  ...OFFICE_ROUTES,
];
