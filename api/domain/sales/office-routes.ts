// The till's back-office routes: stays to charge a sale to, stock movements, the ticket
// checks, gift vouchers (checked, printed, imported), customers given to tickets after
// the fact, a ticket sent by e-mail. Thin: parse, call.
import { defineRoute } from '../../http/define-route';
import { closed, email, int, intOrNull, str } from '../../http/schema-parts';
import { parseId } from '../../rest/records';
import { notFound } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { salesCharged, ticketsPaymentMismatch } from './view';
import { searchPresentStays } from './stays';
import { recordMovement, type MovementInput } from './stock';
import { voucherByCode } from './gifts';
import { renderVoucherPdf } from './pdf';
import { sellerSnapshot } from '../billing/parties';
import { importGiftCsv, integrateGiftImport } from './gift-import';
import { assignCustomer, unassignedSales } from './customers';
import { mailTicket } from './ticket-mail';

const tag = 'sales';
const SALE = 'sale.sale';
const id = { type: 'integer', minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' };
const pdf = { description: 'PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };

export const OFFICE_ROUTES = [
  defineRoute<unknown, { q: string }>({
    method: 'GET',
    path: '/rest/sales/stays-present',
    example: { query: { q: 'Martin' } },
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
    response: { $ref: '#/components/schemas/PresentStays' },
    handler: ({ query, knex }) => searchPresentStays(knex, query.q, todayParis()),
  }),

  defineRoute<MovementInput>({
    method: 'POST',
    path: '/rest/article/:articleId/stock-movement',
    example: {
      params: { articleId: 'article' },
      body: { kind: 'delivery', quantity: 5 },
      unchanged: { table: 'article', where: { id: { param: 'articleId' } } },
    },
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
    response: closed({ id: int, label: str, stock: intOrNull }),
    handler: ({ params, body, user, knex }) => recordMovement(knex, parseId(params.articleId), body, user?.id ?? null),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/sales/check/payments',
    right: [SALE, 'read'],
    tag,
    summary: 'Tickets dont les règlements ne couvrent pas exactement le total (/verif-tickets-payment)',
    response: { $ref: '#/components/schemas/TicketsPaymentMismatch' },
    handler: ({ knex }) => ticketsPaymentMismatch(knex),
  }),

  defineRoute<unknown, { from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/sales/check/charged',
    example: { query: { from: '2020-01-01' } },
    right: [SALE, 'read'],
    tag,
    summary: 'Ventes portées sur des séjours, avec l’état de facturation du séjour (/check-sales)',
    query: {
      type: 'object',
      properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    },
    response: { $ref: '#/components/schemas/SalesCharged' },
    handler: ({ query, knex }) => salesCharged(knex, query.from ?? '2000-01-01', query.to ?? todayParis()),
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/gift-voucher/check/:code',
    example: { params: { code: 'giftVoucherCode' } },
    right: [SALE, 'read'],
    tag,
    summary: "Un bon cadeau d'après son code : valeur restante et validité (dialogue de paiement)",
    response: { $ref: '#/components/schemas/GiftVoucherCheck' },
    handler: async ({ params, knex }) => {
      const v = await voucherByCode(knex, String(params.code).slice(0, 40));
      if (!v) throw notFound();
      return { ...v, isExpired: v.validUntil < todayParis() };
    },
  }),

  defineRoute({
    method: 'GET',
    path: '/rest/gift-voucher/document/:giftVoucherId',
    example: { params: { giftVoucherId: 'giftVoucher' } },
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
    example: { body: { csv: { fresh: 'giftCsvLine' } }, unchanged: { table: 'sale_gift_import', count: true } },
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
    example: {
      params: { saleGiftImportId: { fresh: 'giftImport' } },
      body: {},
      unchanged: { table: 'sale_gift_import', where: { id: { param: 'saleGiftImportId' } } },
    },
    right: [SALE, 'write'],
    tag,
    summary:
      "Intègre un bon importé : crée le bon cadeau (montant de la boutique, validité de l'article) ; refusé tant " +
      "que l'article n'est pas paramétré",
    response: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, giftVoucherId: { type: ['integer', 'null'] } },
    },
    responses: { 400: { description: 'Article bon cadeau non paramétré (GIFT_ARTICLE_NOT_MAPPED)' } },
    handler: ({ params, knex }) => integrateGiftImport(knex, parseId(params.saleGiftImportId)),
  }),

  defineRoute<unknown, { from?: string; to?: string }>({
    method: 'GET',
    path: '/rest/sales/unassigned',
    example: { query: { from: '2020-01-01' } },
    right: [SALE, 'read'],
    tag,
    summary: 'Tickets émis sans client et pas encore affectés à un client, sur la période (/add-customer-to-sales)',
    query: {
      type: 'object',
      properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    },
    response: { $ref: '#/components/schemas/UnassignedSales' },
    handler: ({ query, knex }) => unassignedSales(knex, query.from ?? '2000-01-01', query.to ?? todayParis()),
  }),

  defineRoute<{ customerId: number; saleIds: number[] }>({
    method: 'POST',
    path: '/rest/sales/assign-customer',
    example: {
      body: { customerId: { record: 'customer' }, saleIds: [{ fresh: 'sale' }] },
      unchanged: { table: 'sale_customer', where: { saleId: { fresh: 'sale' } }, count: true },
    },
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
    example: {
      params: { saleId: 'sale' },
      body: { to: 'matrice@example.fr' },
      unchanged: { table: 'sale_print', where: { saleId: { param: 'saleId' } }, count: true },
    },
    right: [SALE, 'read'],
    tag,
    summary:
      "Envoie le ticket en PDF par e-mail (à l'adresse saisie, sinon à celle du client) ; compté comme une " +
      "impression : l'original la première fois, « DUPLICATA n » ensuite",
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        to: email,
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
