// Stay routes on one booking: summary, creation, option expiry, merge, state, occupancies,
// reprice and the actions of the state machine.
import { checkAccess } from '../../auth/access';
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { addOccupancyToBooking, createBooking, mergeBookings, repriceStay, runAction, setState } from './actions';
import { ACTIONS, rightFor, rightForStatus, type Action } from './state-machine';
import { expireDueOptions } from './sweeps';
import { ACTION_DOCS } from './openapi';
import { BOOKING, tag, summaryRef, ref, str, int, versionOf } from './route-parts';
import { bookingSummary } from './booking-summary';
import { ACTION_EXAMPLES, SET_STATE_EXAMPLES } from './booking-examples';

export const BOOKING_ROUTES: RouteDecl[] = [
  defineRoute({
    method: 'GET',
    path: '/rest/booking/:id/summary',
    example: { params: { id: 'booking' } },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Le séjour, ses occupations, les actions permises et son historique',
    response: summaryRef,
    handler: ({ params, user, knex }) => bookingSummary(knex, parseId(params.id), user),
  }),

  // Actions (write)
  defineRoute({
    method: 'POST',
    path: '/rest/booking/create',
    example: {
      body: {
        kind: 'booking',
        temporary: false,
        customerId: { record: 'customer' },
        partnerId: null,
        occupancies: [
          {
            placeId: { fresh: 'place' },
            startDate: '2031-07-01',
            endDate: '2031-07-08',
            equipmentId: null,
            details: [{ ageCategoryId: { record: 'adultAge' }, quantity: 2 }],
          },
        ],
      },
      unchanged: { table: 'booking', count: true },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: 'Crée un séjour et ses occupations (temporaire ou définitif) en une transaction',
    body: { type: 'object' },
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('BookingCreate') } } } },
    response: summaryRef,
    handler: async ({ body, user, knex }) =>
      bookingSummary(knex, (await createBooking(knex, body, user.id ?? null)).id, user),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking/expire-options',
    example: { body: {} },
    right: [BOOKING, 'write'],
    tag,
    summary:
      "Expire maintenant les options dont l'échéance est passée (le serveur le fait aussi toutes les 5 minutes " +
      'et après minuit)',
    response: { type: 'object', required: ['status', 'expired'], properties: { status: str, expired: int } },
    handler: async ({ user, knex }) => ({
      status: 'SAVED',
      expired: await expireDueOptions(knex, { userId: user.id ?? null }),
    }),
  }),
  defineRoute({
    // The merged booking ends DELETED: a deletion.
    method: 'POST',
    path: '/rest/booking/:id/merge',
    example: {
      params: { id: { fresh: 'booking' } },
      body: { fromBookingId: { fresh: 'temporaryBooking' } },
      unchanged: { table: 'booking', where: { id: { fresh: 'temporaryBooking' } } },
    },
    right: {
      all: [
        [BOOKING, 'write'],
        [BOOKING, 'delete'],
      ],
    },
    tag,
    versioned: true,
    summary:
      "Fusionne : les occupations de fromBookingId passent sur ce séjour (même client), l'autre est réinitialisé " +
      '(droit de suppression)',
    body: { type: 'object', properties: { fromBookingId: int, version: int } },
    response: summaryRef,
    handler: async ({ ctx, body, params, user, knex }) =>
      bookingSummary(
        knex,
        (await mergeBookings(knex, parseId(params.id), body.fromBookingId, user.id ?? null, versionOf(ctx, body))).id,
        user,
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking/:id/set-state',
    example: SET_STATE_EXAMPLES,
    right: [BOOKING, 'write'],
    tag,
    versioned: true,
    summary: "Change le statut par l'action qui y mène (mêmes règles ; DELETED demande le droit de suppression)",
    body: {
      type: 'object',
      properties: {
        statusId: int,
        reason: { type: ['string', 'null'] },
        counterProposal: { type: ['string', 'null'] },
        date: { type: ['string', 'null'] },
        version: int,
      },
    },
    response: summaryRef,
    handler: async ({ ctx, body, params, user, knex }) => {
      const { statusId, ...rest } = body;
      // The status reached decides: DELETED is a deletion (111).
      await checkAccess(ctx, BOOKING, rightForStatus(statusId));
      return bookingSummary(
        knex,
        (
          await setState(
            knex,
            parseId(params.id),
            statusId,
            { ...rest, version: versionOf(ctx, body) },
            user.id ?? null,
          )
        ).id,
        user,
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking/:id/occupancy',
    example: {
      params: { id: { fresh: 'booking' } },
      body: {
        placeId: { fresh: 'place' },
        startDate: '2031-07-01',
        endDate: '2031-07-04',
        details: [{ ageCategoryId: { record: 'adultAge' }, quantity: 1 }],
      },
      unchanged: { table: 'occupancy', where: { bookingId: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    summary: 'Ajoute une occupation au séjour',
    body: { type: 'object' },
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('OccupancyInput') } } } },
    response: summaryRef,
    handler: async ({ body, params, user, knex }) => {
      const id = parseId(params.id);
      await addOccupancyToBooking(knex, id, body, user.id ?? null);
      return bookingSummary(knex, id, user);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking/:id/reprice',
    example: {
      params: { id: { fresh: 'booking' } },
      body: {},
      unchanged: { table: 'booking', where: { id: { param: 'id' } } },
    },
    right: [BOOKING, 'write'],
    tag,
    versioned: true,
    summary:
      'Recalcule le prix de chaque occupation active : aux conditions convenues (date du tarif, version de la ' +
      'grille), ou aux tarifs du jour ; les prix manuels restent',
    body: { type: 'object', properties: { atCurrentPrices: { type: ['boolean', 'null'] }, version: int } },
    response: summaryRef,
    handler: async ({ ctx, body, params, user, knex }) =>
      bookingSummary(
        knex,
        (await repriceStay(knex, parseId(params.id), body.atCurrentPrices, user.id ?? null, versionOf(ctx, body))).id,
        user,
      ),
  }),
  // One route per action of the state machine, each with its right (undoing or resetting: 111).
  ...ACTIONS.map((action: Action) =>
    defineRoute({
      method: 'POST',
      path: `/rest/booking/:id/${action}`,
      example: ACTION_EXAMPLES[action],
      tag,
      versioned: true,
      right:
        rightFor(action) === 'write'
          ? [BOOKING, 'write']
          : {
              all: [
                [BOOKING, 'write'],
                [BOOKING, rightFor(action)],
              ],
            },
      summary: ACTION_DOCS[action].summary,
      // The state machine checks each value and names its refusal; here only the types, null allowed.
      body: {
        type: 'object',
        properties: {
          ...Object.fromEntries(
            Object.entries(ACTION_DOCS[action].body ?? {}).map(([k, v]) => [k, { anyOf: [v, { type: 'null' }] }]),
          ),
          version: int,
        },
      },
      response: summaryRef,
      handler: async ({ ctx, body, params, user, knex }) =>
        bookingSummary(
          knex,
          (
            await runAction(
              knex,
              parseId(params.id),
              action,
              { ...body, version: versionOf(ctx, body) },
              user.id ?? null,
            )
          ).id,
          user,
        ),
    }),
  ),
];
