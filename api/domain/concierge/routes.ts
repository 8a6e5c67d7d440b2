// Routes of the concierge (docs/access-control.md « Conciergerie »): the services, orders
// of a day or of a stay, an order placed (a stay extra with its date and time) or
// cancelled, the day's list as CSV, and the list e-mailed to the provider on demand.
import { defineRoute, defineSchemas } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { cancelOrder, conciergeServices, listOrders, orderService, type NewOrder, type OrderFilter } from './orders';
import { conciergeContact, dailyCsv, sendDailyConciergeList } from './daily';

const tag = 'concierge';
const BOOKING = 'booking.booking';
const id = { type: 'integer', minimum: 1, maximum: 999_999_999 };
const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };

defineSchemas({
  ConciergeOrders: {
    type: 'object',
    required: ['date', 'contactEmail', 'services', 'rows'],
    properties: {
      date: { type: ['string', 'null'] },
      contactEmail: { type: ['string', 'null'], description: 'le contactEmail du module Conciergerie actif' },
      services: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'label', 'price', 'unit'],
          properties: {
            id: { type: 'integer' },
            label: { type: 'string' },
            price: { type: 'integer' },
            unit: { type: 'string' },
          },
        },
      },
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'occupancyId', 'bookingId', 'service', 'quantity', 'serviceDate', 'serviceTime', 'guest'],
          properties: {
            id: { type: 'integer' },
            occupancyId: { type: 'integer' },
            bookingId: { type: 'integer' },
            extraId: { type: 'integer' },
            service: { type: 'string' },
            quantity: { type: 'integer' },
            serviceDate: { type: 'string', format: 'date' },
            serviceTime: { type: 'string' },
            note: { type: ['string', 'null'] },
            guest: { type: 'string' },
            placeCode: { type: ['string', 'null'] },
          },
        },
      },
    },
  },
});

export const CONCIERGE_ROUTES = [
  defineRoute<unknown, OrderFilter>({
    method: 'GET',
    path: '/rest/concierge/order-list',
    example: { query: { date: '2031-07-02' } },
    right: [BOOKING, 'read'],
    tag,
    summary: "Commandes de conciergerie d'un jour (par heure) ou d'un séjour, et les services proposés",
    query: { type: 'object', additionalProperties: false, properties: { date, bookingId: id } },
    response: { $ref: '#/components/schemas/ConciergeOrders' },
    handler: async ({ query, knex }) => {
      const f = query.bookingId ? query : { date: query.date ?? todayParis() };
      return {
        date: f.date ?? null,
        contactEmail: (await conciergeContact(knex))?.contactEmail ?? null,
        services: await conciergeServices(knex),
        rows: await listOrders(knex, f),
      };
    },
  }),
  defineRoute<NewOrder>({
    method: 'POST',
    path: '/rest/concierge/order',
    example: {
      body: {
        occupancyId: { fresh: 'occupancy' },
        extraId: { fresh: 'conciergeExtra' },
        quantity: 1,
        serviceDate: '2031-07-02',
        serviceTime: '08:00',
      },
      unchanged: { table: 'concierge_order', count: true },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: "Commander un service pour un séjour : un extra du séjour à sa date (tarifé par le moteur), avec l'heure",
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['occupancyId', 'extraId', 'serviceDate', 'serviceTime', 'quantity'],
      properties: {
        occupancyId: id,
        extraId: id,
        quantity: { type: 'integer', minimum: 1, maximum: 1000 },
        serviceDate: date,
        serviceTime: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', 'x-message': 'INCORRECT_FORM' },
        note: { type: ['string', 'null'], maxLength: 250 },
      },
    },
    response: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    handler: async ({ body, user, knex }) => ({ id: await orderService(knex, body, user.id ?? null) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/concierge/order/:id/cancel',
    example: {
      params: { id: { fresh: 'conciergeOrder' } },
      unchanged: { table: 'concierge_order', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: "Annuler une commande : l'extra quitte le séjour, qui est tarifé à nouveau",
    params: { id },
    response: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    handler: async ({ params, user, knex }) => {
      await cancelOrder(knex, params.id, user.id ?? null);
      return { id: params.id };
    },
  }),
  defineRoute<unknown, { date?: string }>({
    method: 'GET',
    path: '/rest/concierge/daily-export',
    example: { query: { date: '2031-07-02' } },
    right: [BOOKING, 'export'],
    tag,
    summary:
      'Liste du jour pour le prestataire en CSV (heure, service, quantité, emplacement, client, séjour, remarque)',
    query: { type: 'object', additionalProperties: false, properties: { date } },
    response: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
    handler: async ({ ctx, query, knex }) => {
      const day = query.date ?? todayParis();
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="conciergerie-${day}.csv"`);
      ctx.body = dailyCsv(await listOrders(knex, { date: day }));
      return undefined;
    },
  }),
  defineRoute<{ date?: string }>({
    method: 'POST',
    path: '/rest/concierge/daily-send',
    example: {
      body: { date: '2031-07-02' },
      ok: { status: 400, why: 'no concierge module is active: CONCIERGE_NO_EMAIL' },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: "Envoyer maintenant la liste d'un jour à l'e-mail du service (module Conciergerie)",
    body: { type: 'object', additionalProperties: false, properties: { date } },
    response: { type: 'object', required: ['outcome'], properties: { outcome: { type: 'string' } } },
    handler: async ({ body, user, knex }) => {
      const outcome = await sendDailyConciergeList(knex, { date: body.date, userId: user.id ?? null });
      if (outcome === 'no-email') throw new HttpError(400, 'CONCIERGE_NO_EMAIL');
      return { outcome };
    },
  }),
];
