// Extras during a stay (issue 29 §2, docs/history.md#issue-29): which extras the engine prices for a place and
// dates (the wizard and the stay screen offer only those, or say why one has no price),
// and an occupancy's extras replaced from the stay screen. The price before saving is
// POST /rest/occupancy/{id}/quote (nothing written).
import type { Context } from 'koa';
import { defineRoute, defineSchemas } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { expectedVersion } from '../../rest/write';
import { badRequest } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { extraOffers, saveOccupancyExtras, type ExtraRowInput, type ExtrasQuery } from './extras';
import { bookingSummary } from './routes';

const tag = 'stays';
const BOOKING = 'booking.booking';
const id = { type: 'integer', minimum: 1, maximum: 999_999_999 };
const date = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const versionOf = (ctx: Context, body: unknown): number | undefined => expectedVersion(body, ctx.get('If-Match'));

defineSchemas({
  ExtraOffers: {
    type: 'object',
    required: ['gridLabel', 'extras'],
    properties: {
      gridLabel: { type: ['string', 'null'], description: 'la grille qui tarifie le séjour' },
      extras: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'label', 'priced', 'reason'],
          properties: {
            id: { type: 'integer' },
            label: { type: 'string' },
            priced: { type: 'boolean', description: 'la grille a une option pour cet extra' },
            reason: { type: ['string', 'null'], description: "pourquoi l'extra n'a pas de prix" },
          },
        },
      },
    },
  },
});

export const EXTRA_ROUTES = [
  defineRoute<unknown, ExtrasQuery>({
    method: 'GET',
    path: '/rest/booking/extra-offers',
    example: { query: { placeId: { record: 'place' }, startDate: '2031-07-01', endDate: '2031-07-04' } },
    right: [BOOKING, 'read'],
    tag,
    summary:
      "Les extras actifs, chacun disant si la grille de l'emplacement (ou du type) à ces dates lui donne un prix, " +
      'et sinon pourquoi',
    query: {
      type: 'object',
      required: ['startDate', 'endDate'],
      additionalProperties: false,
      properties: { placeId: id, placeTypeId: id, startDate: date, endDate: date },
    },
    response: { $ref: '#/components/schemas/ExtraOffers' },
    handler: ({ query, knex }) => {
      if (query.placeId == null && query.placeTypeId == null)
        throw badRequest('VALIDATION_FAILED', { placeId: formatMessage('REQUIRED') });
      return extraOffers(knex, query);
    },
  }),
  defineRoute<{ extras: ExtraRowInput[]; version?: number }>({
    method: 'POST',
    path: '/rest/occupancy/:id/extras',
    example: {
      params: { id: { fresh: 'occupancy' } },
      body: { extras: [{ extraId: { fresh: 'extra' }, quantity: 2 }] },
      unchanged: { table: 'occupancy_extra', where: { occupancyId: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    versioned: true,
    summary:
      "Remplace les extras d'une occupation (gardés par id, créés, supprimés) en une transaction ; le prix du " +
      'séjour est recalculé par le moteur ; répond le séjour',
    body: {
      type: 'object',
      required: ['extras'],
      additionalProperties: false,
      properties: {
        version: { type: 'integer' },
        extras: {
          type: 'array',
          maxItems: 100,
          items: {
            type: 'object',
            required: ['extraId', 'quantity'],
            additionalProperties: false,
            properties: {
              id: { type: ['integer', 'null'] },
              extraId: id,
              quantity: { type: 'integer', minimum: 1, maximum: 1000 },
              startDate: { ...date, type: ['string', 'null'] },
              endDate: { ...date, type: ['string', 'null'] },
            },
          },
        },
      },
    },
    response: { $ref: '#/components/schemas/StaySummary' },
    handler: async ({ ctx, body, params, user, knex }) => {
      const bookingId = await saveOccupancyExtras(
        knex,
        parseId(params.id),
        body.extras,
        user.id ?? null,
        versionOf(ctx, body),
      );
      return bookingSummary(knex, bookingId, user);
    },
  }),
];
