// Stay routes on one occupancy (lock, quote, cancel) and on the imported bookings.
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { cancelOccupancy, lockOccupancy } from './actions';
import { parsePreview, previewOccupancyPrice } from './pricing';
import { acceptImport, importList, integrateImport, refuseImport } from './imports';
import { BOOKING, tag, int, ref, versionOf, date } from './route-parts';
import { ANIMAL_ROW, OCCUPANT_ROW, VEHICLE_ROW } from './openapi-writes';

export const OCCUPANCY_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'POST',
    path: '/rest/occupancy/:id/lock',
    example: {
      params: { id: { fresh: 'occupancy' } },
      body: { locked: true },
      unchanged: { table: 'occupancy', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    versioned: true,
    summary: "Verrouille (ou déverrouille) l'emplacement d'une occupation",
    body: { type: 'object', properties: { locked: {}, version: int } },
    response: ref('Occupancy'),
    handler: ({ ctx, body, params, user, knex }) =>
      lockOccupancy(knex, parseId(params.id), body.locked, user.id ?? null, versionOf(ctx, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/occupancy/:id/quote',
    example: { params: { id: { fresh: 'occupancy' } }, body: {} },
    right: [BOOKING, 'read'],
    tag,
    summary:
      "Prix qu'aurait l'occupation avec ces changements, calculé comme leur enregistrement le calculerait (rien " +
      "n'est écrit ; droit de lecture)",
    body: {
      type: 'object',
      properties: {
        occupancy: {
          type: 'object',
          properties: {
            placeId: { type: ['integer', 'null'] },
            startDate: date,
            endDate: date,
            details: { type: 'array', items: OCCUPANT_ROW },
            animals: { type: 'array', items: ANIMAL_ROW },
            vehicles: { type: 'array', items: VEHICLE_ROW },
            extras: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: ['integer', 'null'] },
                  extraId: int,
                  quantity: int,
                  startDate: { type: ['string', 'null'] },
                  endDate: { type: ['string', 'null'] },
                },
              },
            },
            priceOverrides: { type: 'array', items: ref('PriceOverride') },
          },
        },
        booking: {
          type: 'object',
          properties: {
            partnerId: { type: ['integer', 'null'] },
            accessChannelId: { type: ['integer', 'null'] },
            promoCode: { type: ['string', 'null'] },
            discountIds: { type: 'array', items: int },
            withCancellationInsurance: { type: 'boolean' },
          },
        },
      },
    },
    invalid: 'VALIDATION_FAILED',
    response: ref('StoredPrice'),
    handler: ({ ctx, params, knex }) =>
      previewOccupancyPrice(knex, parseId(params.id), parsePreview((ctx.request as { body?: unknown }).body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/occupancy/:id/cancel',
    example: {
      params: { id: { fresh: 'spareOccupancy' } },
      body: { reason: 'Un emplacement suffit' },
      unchanged: { table: 'occupancy', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    versioned: true,
    summary: 'Annule une occupation (motif obligatoire) et libère son emplacement',
    body: { type: 'object', properties: { reason: { type: ['string', 'null'] }, version: int } },
    response: ref('Occupancy'),
    handler: ({ ctx, body, params, user, knex }) =>
      cancelOccupancy(knex, parseId(params.id), body.reason, user.id ?? null, versionOf(ctx, body)),
  }),

  // Online bookings
  defineRoute({
    method: 'POST',
    path: '/rest/booking-import/list',
    example: { body: {} },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Réservations en ligne : source to-integrate, processed ou cancelled',
    body: {
      type: 'object',
      properties: { source: { enum: ['to-integrate', 'processed', 'cancelled'] }, page: {}, pageSize: {} },
    },
    response: ref('BookingImportList'),
    handler: ({ body, knex }) => {
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? 50;
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
        throw badRequest('INVALID_QUERY', undefined, { param: 'page' });
      return importList(knex, body.source, page, pageSize);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking-import/:id/accept',
    example: {
      params: { id: { fresh: 'onlineBooking' } },
      body: {},
      unchanged: { table: 'booking_import', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: 'Accepte une réservation en ligne',
    response: ref('BookingImport'),
    handler: ({ params, user, knex }) => acceptImport(knex, parseId(params.id), user.id ?? null),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking-import/:id/refuse',
    example: {
      params: { id: { fresh: 'onlineBooking' } },
      body: { reason: 'Complet' },
      unchanged: { table: 'booking_import', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: 'Refuse une réservation en ligne ; son motif est obligatoire (NOTE_REQUIRED)',
    body: { type: 'object', properties: { reason: { type: ['string', 'null'] } } },
    response: ref('BookingImport'),
    handler: ({ body, params, user, knex }) => refuseImport(knex, parseId(params.id), body.reason, user.id ?? null),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking-import/:id/integrate',
    example: {
      uses: ['mobileHomePlace'],
      params: { id: { fresh: 'acceptedOnlineBooking' } },
      body: {},
      unchanged: { table: 'booking_import', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    summary:
      'Intègre une réservation en ligne acceptée, une seule fois (BOOKING_NOT_ACCEPTED, ' +
      'ONLINE_BOOKING_ALREADY_INTEGRATED)',
    // placeId: one of the free places offered when the place asked for was taken (channels)
    body: {
      type: 'object',
      properties: {
        placeId: { type: ['integer', 'null'], minimum: 1, maximum: 999_999_999, 'x-message': 'INVALID_ID' },
      },
    },
    response: ref('BookingImportIntegrated'),
    handler: ({ body, params, user, knex }) =>
      integrateImport(knex, parseId(params.id), user.id ?? null, {
        placeId: (body as { placeId?: number | null }).placeId ?? null,
      }),
  }),
];
