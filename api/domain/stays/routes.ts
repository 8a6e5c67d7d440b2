// Hand-written stay routes, one declaration each (api/http/define-route.ts): right,
// input, OpenAPI and handler. Thin: parse and call the module.
import { independent } from '../../db/queries';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { checkAccess, type SessionUser } from '../../auth/access';
import { defineRoute, defineSchemas, type RouteDecl } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { readableColumns } from '../../rest/query';
import { entityMeta } from '../../rest/entities';
import { badRequest, notFound } from '../../http/errors';
import { expectedVersion } from '../../rest/write';
import {
  addOccupancyToBooking,
  cancelOccupancy,
  createBooking,
  lockOccupancy,
  mergeBookings,
  repriceStay,
  runAction,
  setState,
} from './actions';
import { parsePreview, previewOccupancyPrice } from './pricing';
import { ACTIONS, availableActions, cancellationFeeOf, rightFor, rightForStatus, type Action } from './state-machine';
import { todayParis } from '../../../common/dates';
import { bookingFacts } from './store';
import { allowedFor } from './allowed';
import { inHeavyLane } from '../../http/heavy-lane';
import {
  arrivals,
  birthdays,
  bookingList,
  departureCleaning,
  departures,
  occupation,
  parseBookingListQuery,
  parseDate,
} from './lists';
import { parseAvailabilityQuery, searchAvailability } from './availability';
import { acceptImport, importList, integrateImport, refuseImport } from './imports';
import { expireDueOptions } from './sweeps';
import { ACTION_DOCS, STAYS_SCHEMAS } from './openapi';

const BOOKING = 'booking.booking';
const tag = 'stays';
/** The version of the record the user's screen showed (body `version` or If-Match): a stale one is a 409. */
const versionOf = (ctx: Context, body: any): number | undefined => expectedVersion(body, ctx.get('If-Match'));
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const int = { type: 'integer' };
const str = { type: 'string' };
const date = { type: 'string', format: 'date' };
const summaryRef = ref('BookingSummary');
const dateQuery = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(
    names.map((n) => [n, { ...date, 'x-message': 'INCORRECT_DATES', description: "aujourd'hui si absent" }]),
  ),
});
const rows = { type: 'array', items: { type: 'object' } };

defineSchemas(STAYS_SCHEMAS);

/**
 * Everything the booking screen shows: the booking, its occupancies with their lines, and
 * what may be done — for `user`, what they may do (./allowed.ts); without one (the wizard's
 * answers) only the actions the stay's state allows.
 */
export async function bookingSummary(knex: Knex, id: number, user?: SessionUser): Promise<Record<string, any>> {
  const booking = await knex('booking')
    .select(readableColumns(entityMeta('booking')))
    .where('id', id)
    .first();
  if (!booking) throw notFound();
  const occupancies = await knex('occupancy as o')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .leftJoin('place_type as t', 't.id', 'o.placeTypeId')
    .leftJoin('equipment as e', 'e.id', 'o.equipmentId')
    .where('o.bookingId', id)
    .select('o.*', 'p.code as placeCode', 't.label as placeTypeLabel', 'e.label as equipmentLabel')
    .orderBy('o.startDate')
    .orderBy('o.id');
  const ids = occupancies.map((o: any) => o.id);
  const child = async (table: string, joins: (q: Knex.QueryBuilder) => Knex.QueryBuilder) =>
    ids.length ? joins(knex(`${table} as x`).whereIn('x.occupancyId', ids)).orderBy('x.id') : [];
  const [details, animals, vehicles, extras, attendants] = await independent(knex, [
    () =>
      child('occupancy_detail', (q) =>
        q.join('age_category as a', 'a.id', 'x.ageCategoryId').select('x.*', 'a.label as ageCategoryLabel'),
      ),
    () =>
      child('occupancy_animal', (q) =>
        q.join('animal_type as a', 'a.id', 'x.animalTypeId').select('x.*', 'a.label as animalTypeLabel'),
      ),
    () =>
      child('occupancy_vehicle', (q) =>
        q.join('vehicle_type as v', 'v.id', 'x.vehicleTypeId').select('x.*', 'v.label as vehicleTypeLabel'),
      ),
    () =>
      child('occupancy_extra', (q) => q.join('extra as e', 'e.id', 'x.extraId').select('x.*', 'e.label as extraLabel')),
    () =>
      child('occupancy_attendant', (q) =>
        q.join('attendant as a', 'a.id', 'x.attendantId').select('x.*', 'a.lastName', 'a.firstName', 'a.birthDate'),
      ),
  ]);
  const by = (rows: any[], occId: number) => rows.filter((r) => r.occupancyId === occId);
  const customer = booking.customerId
    ? await knex('customer')
        .where('id', booking.customerId)
        .first('id', 'code', 'lastName', 'firstName', 'phone1', 'phone2', 'email')
    : null;
  const partner = booking.partnerId ? await knex('partner').where('id', booking.partnerId).first('id', 'name') : null;
  const facts = await bookingFacts(knex, booking);
  const history = await knex('post_history')
    .where({ entity: 'booking', recordId: id })
    .orderBy('id', 'desc')
    .limit(100)
    .select('id', 'createdAt', 'userName', 'action', 'detail');
  return {
    booking,
    customer,
    partner,
    occupancies: occupancies.map((o: any) => ({
      ...o,
      details: by(details, o.id),
      animals: by(animals, o.id),
      vehicles: by(vehicles, o.id),
      extras: by(extras, o.id),
      attendants: by(attendants, o.id),
    })),
    actions: availableActions(facts),
    ...(user ? { allowed: await allowedFor(knex, user, booking, facts, occupancies) } : {}),
    /** what a cancellation today would cost (preference « cancellation »), cents */
    cancellationFee: cancellationFeeOf(facts, todayParis()),
    history,
  };
}

export const STAY_ROUTES: RouteDecl[] = [
  // Lists (read)
  defineRoute({
    method: 'POST',
    path: '/rest/booking/list',
    right: [BOOKING, 'read'],
    tag,
    summary:
      'Séjours par statut : actifs, annulés ou de partenaires, recherche texte (3 caractères), période, options échues',
    // Every filter may be absent or null (« no filter »): the screens send null for an empty field.
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        scope: { enum: ['active', 'cancelled', 'partner', null] },
        statusId: { type: ['integer', 'null'], minimum: 0, maximum: 16 },
        kind: { enum: ['quote', 'option', 'booking', 'passage', null] },
        q: { type: ['string', 'null'] },
        from: { ...date, type: ['string', 'null'] },
        to: { ...date, type: ['string', 'null'] },
        dueOptions: { type: ['boolean', 'null'] },
        page: { type: ['integer', 'null'], minimum: 1 },
        pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 500 },
        sort: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { field: str, order: { enum: ['ASC', 'DESC', 'asc', 'desc'] } },
        },
      },
    },
    response: {
      type: 'object',
      required: ['items', 'total', 'page', 'pageSize'],
      properties: { items: { type: 'array', items: ref('BookingListRow') }, total: int, page: int, pageSize: int },
    },
    handler: ({ body, knex, user }) => {
      const p = parseBookingListQuery(body);
      return inHeavyLane(user.id, p.pageSize, () => bookingList(knex, p));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/arrivals',
    right: [BOOKING, 'read'],
    tag,
    summary: 'Arrivées du jour (occupations)',
    query: dateQuery('date'),
    response: rows,
    handler: ({ query, knex }) => arrivals(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/departures',
    right: [BOOKING, 'read'],
    tag,
    summary: 'Départs du jour (occupations)',
    query: dateQuery('date'),
    response: rows,
    handler: ({ query, knex }) => departures(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/departure-cleaning',
    right: [BOOKING, 'read'],
    tag,
    summary:
      'Départs à nettoyer, avec la prochaine arrivée sur la place et la tâche de ménage (type, statut, mode, ' +
      'personne affectée)',
    description:
      'Lecture seule : l’écran aligne d’abord les tâches du jour par POST /rest/planning/cleaning/sync (pour qui ' +
      'peut modifier le planning).',
    query: dateQuery('date'),
    response: rows,
    handler: ({ query, knex }) => departureCleaning(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/occupation',
    right: [BOOKING, 'read'],
    tag,
    summary: 'Emplacements occupés la nuit de date',
    query: dateQuery('date'),
    response: rows,
    handler: ({ query, knex }) => occupation(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/birthdays',
    right: [BOOKING, 'read'],
    tag,
    summary: 'Anniversaires (clients et accompagnants présents) entre from et to (31 jours au plus)',
    query: dateQuery('from', 'to'),
    response: rows,
    handler: ({ query, knex }) => {
      const from = parseDate(query.from);
      return birthdays(knex, from, parseDate(query.to, from));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking/search-availability',
    right: [BOOKING, 'read'],
    tag,
    summary: 'Emplacements libres pour des dates, un nombre de personnes, un type ou une famille, des caractéristiques',
    body: { type: 'object' },
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('AvailabilityQuery') } } } },
    response: rows,
    handler: ({ body, knex }) => searchAvailability(knex, parseAvailabilityQuery(body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/:id/summary',
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
    right: [BOOKING, 'write'],
    tag,
    summary:
      "Expire maintenant les options dont l'échéance est passée (le serveur le fait aussi toutes les 5 minutes " +
      'et après minuit)',
    response: { type: 'object', properties: { status: str, expired: int } },
    handler: async ({ user, knex }) => ({
      status: 'SAVED',
      expired: await expireDueOptions(knex, { userId: user.id ?? null }),
    }),
  }),
  defineRoute({
    // The merged booking ends DELETED: a deletion.
    method: 'POST',
    path: '/rest/booking/:id/merge',
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
  defineRoute({
    method: 'POST',
    path: '/rest/occupancy/:id/lock',
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
            details: rows,
            animals: rows,
            vehicles: rows,
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
      previewOccupancyPrice(knex, parseId(params.id), parsePreview((ctx.request as any).body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/occupancy/:id/cancel',
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
    right: [BOOKING, 'read'],
    tag,
    summary: 'Réservations en ligne : source to-integrate, processed ou cancelled',
    body: {
      type: 'object',
      properties: { source: { enum: ['to-integrate', 'processed', 'cancelled'] }, page: {}, pageSize: {} },
    },
    response: { type: 'object' },
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
    right: [BOOKING, 'write'],
    tag,
    summary: 'Accepte une réservation en ligne',
    response: ref('BookingImport'),
    handler: ({ params, user, knex }) => acceptImport(knex, parseId(params.id), user.id ?? null),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking-import/:id/refuse',
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
    response: { type: 'object' },
    handler: ({ body, params, user, knex }) =>
      integrateImport(knex, parseId(params.id), user.id ?? null, { placeId: (body as any).placeId ?? null }),
  }),
];
