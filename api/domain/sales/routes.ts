// Hand-written routes of the till, one declaration each (api/http/define-route.ts):
// right, input schemas, OpenAPI and handler. Thin: parse, call.
import { readBackOr } from '../../http/committed';
import { defineRoute, defineSchemas } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { PAYMENT_KINDS } from '../../../common/sales-totals';
import { sell, type SellInput } from './sell';
import { returnSale, type ReturnInput } from './returns';
import { closeWindow, openWindow, windowView, type Counted } from './windows';
import { loadSale, salesCharged, ticketsPaymentMismatch, tillData } from './view';
import { printTicket, viewTicket } from './documents';
import { recordTechnicalEvent } from '../ledger/jet';
import { searchPresentStays } from './stays';
import { recordMovement, type MovementInput } from './stock';
import { voucherByCode } from './gifts';
import { renderVoucherPdf } from './pdf';
import { sellerSnapshot } from '../billing/parties';
import { VOUCHER_LINES_SCHEMA } from '../billing/vouchers';
import { importGiftCsv, integrateGiftImport } from './gift-import';
import { assignCustomer, unassignedSales } from './customers';
import { mailTicket } from './ticket-mail';

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

defineSchemas({
  SaleTicket: {
    type: 'object',
    description:
      'Un ticket de caisse émis (ou de retour) : numéro sans trou de sa caisse, lignes, règlements, totaux par ' +
      'taux de TVA',
    properties: {
      id: { type: 'integer' },
      number: { type: 'string' },
      kind: { enum: ['sale', 'return'] },
      totalInclVat: { type: 'integer' },
      changeGiven: { type: 'integer' },
      lines: { type: 'array', items: { type: 'object' } },
      payments: { type: 'array', items: { type: 'object' } },
      vatTotals: { type: 'array', items: { type: 'object' } },
    },
  },
  CashRegisterZ: {
    type: 'object',
    description:
      "Le Z d'une session de caisse : attendu, compté et écart par nature de règlement, totaux par taux de TVA, " +
      'nombre de tickets',
    properties: {
      windowId: { type: 'integer' },
      zNumber: { type: ['integer', 'null'] },
      ticketCount: { type: 'integer' },
      totalInclVat: { type: 'integer' },
      byKind: { type: 'array', items: { type: 'object' } },
      vatTotals: { type: 'array', items: { type: 'object' } },
    },
  },
});

export const SALES_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/sales/till/:cashRegisterId',
    right: [SALE, 'read'],
    tag,
    summary:
      "L'écran de caisse : la caisse et ses réglages, les familles, les articles vendus ici aujourd'hui (stock), " +
      'les modes de paiement, la session ouverte',
    response: { type: 'object' },
    handler: ({ params, knex }) => tillData(knex, parseId(params.cashRegisterId), todayParis()),
  }),

  defineRoute<{ cashRegisterId: number; openingFloat?: number }>({
    method: 'POST',
    path: '/rest/sales/window/open',
    right: [SALE, 'write'],
    tag,
    summary: 'Ouvre une session de la caisse avec son fond de caisse (une seule session ouverte par caisse)',
    body: {
      type: 'object',
      required: ['cashRegisterId'],
      additionalProperties: false,
      properties: { cashRegisterId: id, openingFloat: cents },
    },
    response: { type: 'object' },
    handler: ({ body, user, knex }) => openWindow(knex, body.cashRegisterId, body.openingFloat ?? 0, user?.id ?? null),
  }),

  defineRoute<{ counted: Counted }>({
    method: 'POST',
    path: '/rest/sales/window/:windowId/close',
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
    right: [SALE, 'read'],
    tag,
    summary: "Le Z d'une session : figé si elle est fermée, sinon calculé à l'instant (X)",
    response: { $ref: '#/components/schemas/CashRegisterZ' },
    handler: ({ params, knex }) => windowView(knex, parseId(params.windowId)),
  }),

  defineRoute<SellInput>({
    method: 'POST',
    path: '/rest/sales/sell',
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
    right: [SALE, 'read'],
    tag,
    summary: 'Un ticket avec ses lignes, règlements, bons cadeaux, retours et séjour',
    response: { $ref: '#/components/schemas/SaleTicket' },
    handler: ({ params, knex }) => loadSale(knex, parseId(params.saleId)),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/sales/document/:saleId',
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

  defineRoute<unknown, { q: string }>({
    method: 'GET',
    path: '/rest/sales/stays-present',
    right: {
      all: [
        [SALE, 'read'],
        ['booking.booking', 'read'],
      ],
    },
    tag,
    summary:
      "Clients présents aujourd'hui (séjour en cours), cherchés par nom, emplacement ou immatriculation, pour " +
      'porter une vente sur leur séjour',
    query: { type: 'object', required: ['q'], properties: { q: { type: 'string', minLength: 2, maxLength: 60 } } },
    response: { type: 'array', items: { type: 'object' } },
    handler: ({ query, knex }) => searchPresentStays(knex, query.q, todayParis()),
  }),

  defineRoute<MovementInput>({
    method: 'POST',
    path: '/rest/article/:articleId/stock-movement',
    right: [SALE, 'write'],
    tag,
    summary: "Livraison (+) ou ajustement d'inventaire (±) du stock d'un article suivi",
    body: {
      type: 'object',
      required: ['kind', 'quantity'],
      additionalProperties: false,
      properties: {
        kind: { enum: ['delivery', 'adjustment'] },
        quantity: { type: 'integer', minimum: -100_000, maximum: 100_000 },
        notes: { type: ['string', 'null'], maxLength: 200 },
      },
    },
    response: { type: 'object' },
    handler: ({ params, body, user, knex }) => recordMovement(knex, parseId(params.articleId), body, user?.id ?? null),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/sales/check/payments',
    right: [SALE, 'read'],
    tag,
    summary: 'Tickets dont les règlements ne couvrent pas exactement le total (/verif-tickets-payment)',
    response: { type: 'array', items: { type: 'object' } },
    handler: ({ knex }) => ticketsPaymentMismatch(knex),
  }),

  defineRoute<unknown, { from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/sales/check/charged',
    right: [SALE, 'read'],
    tag,
    summary: 'Ventes portées sur des séjours, avec l’état de facturation du séjour (/check-sales)',
    query: {
      type: 'object',
      properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    },
    response: { type: 'array', items: { type: 'object' } },
    handler: ({ query, knex }) => salesCharged(knex, query.from ?? '2000-01-01', query.to ?? todayParis()),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/gift-voucher/check/:code',
    right: [SALE, 'read'],
    tag,
    summary: "Un bon cadeau d'après son code : valeur restante et validité (dialogue de paiement)",
    response: { type: 'object' },
    handler: async ({ params, knex }) => {
      const v = await voucherByCode(knex, String(params.code).slice(0, 40));
      if (!v) throw notFound();
      return { ...v, isExpired: v.validUntil < todayParis() };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/gift-voucher/document/:giftVoucherId',
    right: [SALE, 'read'],
    tag,
    summary: 'Le bon cadeau à remettre au client (PDF)',
    response: pdf,
    handler: async ({ ctx, params, knex }) => {
      const v = await knex('gift_voucher as g')
        .leftJoin('article as a', 'a.id', 'g.articleId')
        .where('g.id', parseId(params.giftVoucherId))
        .first('g.*', 'a.label as articleLabel');
      if (!v) throw notFound();
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `inline; filename="bon-cadeau-${v.code}.pdf"`);
      ctx.body = await renderVoucherPdf(v, await sellerSnapshot(knex));
      return undefined;
    },
  }),
  defineRoute<{ csv: string }>({
    method: 'POST',
    path: '/rest/sale-gift-import/csv',
    right: [SALE, 'write'],
    tag,
    summary:
      'Importe les bons cadeaux vendus sur une boutique extérieure (CSV : ' +
      'référence;article;montant;date;acheteur;bénéficiaire) ; une référence déjà importée est ignorée, ' +
      "l'article est retrouvé d'après un import précédent, son libellé ou l'article bon cadeau du module",
    body: {
      type: 'object',
      required: ['csv'],
      additionalProperties: false,
      properties: { csv: { type: 'string', minLength: 1, maxLength: 500_000 } },
    },
    response: {
      type: 'object',
      properties: {
        imported: { type: 'integer' },
        skipped: { type: 'integer' },
        errors: { type: 'array', items: { type: 'string' } },
      },
    },
    handler: ({ body, knex }) => importGiftCsv(knex, body.csv),
  }),

  defineRoute({
    method: 'POST',
    path: '/rest/sale-gift-import/:saleGiftImportId/integrate',
    right: [SALE, 'write'],
    tag,
    summary:
      "Intègre un bon importé : crée le bon cadeau (montant de la boutique, validité de l'article) ; refusé tant " +
      "que l'article n'est pas paramétré",
    response: { type: 'object' },
    responses: { 400: { description: 'Article bon cadeau non paramétré (GIFT_ARTICLE_NOT_MAPPED)' } },
    handler: ({ params, knex }) => integrateGiftImport(knex, parseId(params.saleGiftImportId)),
  }),

  defineRoute<unknown, { from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/sales/unassigned',
    right: [SALE, 'read'],
    tag,
    summary: 'Tickets émis sans client et pas encore affectés à un client, sur la période (/add-customer-to-sales)',
    query: {
      type: 'object',
      properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    },
    response: { type: 'array', items: { type: 'object' } },
    handler: ({ query, knex }) => unassignedSales(knex, query.from ?? '2000-01-01', query.to ?? todayParis()),
  }),

  defineRoute<{ customerId: number; saleIds: number[] }>({
    method: 'POST',
    path: '/rest/sales/assign-customer',
    right: [SALE, 'write'],
    tag,
    summary:
      "Affecte un client à des tickets émis sans client (le ticket n'est pas modifié : l'affectation est " +
      'enregistrée à côté, une fois par ticket) ; tous ou aucun',
    body: {
      type: 'object',
      required: ['customerId', 'saleIds'],
      additionalProperties: false,
      properties: { customerId: id, saleIds: { type: 'array', minItems: 1, maxItems: 500, items: id } },
    },
    response: { type: 'object', properties: { assigned: { type: 'integer' }, customerName: { type: 'string' } } },
    responses: { 400: { description: "L'affectation du client aux ventes a échoué (SALE_CUSTOMER_ASSIGN_FAILED)" } },
    handler: ({ body, user, knex }) => assignCustomer(knex, body.customerId, body.saleIds, user?.id ?? null),
  }),

  defineRoute<{ to?: string }>({
    method: 'POST',
    path: '/rest/sales/:saleId/send-email',
    right: [SALE, 'read'],
    tag,
    summary:
      "Envoie le ticket en PDF par e-mail (à l'adresse saisie, sinon à celle du client) ; compté comme une " +
      "impression : l'original la première fois, « DUPLICATA n » ensuite",
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        to: {
          type: 'string',
          maxLength: 254,
          pattern: '^[^\\s@]+@[^\\s@]+\\.[A-Za-z]{2,25}$',
          'x-message': 'INVALID_EMAIL',
        },
      },
    },
    response: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        status: { type: 'string' },
        error: { type: ['string', 'null'] },
        to: { type: 'string' },
        duplicate: { type: 'integer' },
      },
    },
    responses: { 400: { description: 'E-mail du destinataire manquant (RECIPIENT_EMAIL_MISSING)' } },
    handler: ({ params, body, user, knex }) => mailTicket(knex, parseId(params.saleId), body.to, user?.id ?? null),
  }),
];
