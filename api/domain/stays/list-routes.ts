// Stay routes that read: the stay lists, arrivals and departures, occupation, birthdays and
// the availability search.
import { defineRoute, type RouteDecl } from '../../http/define-route';
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
import { BOOKING, tag, date, str, ref, int, dateQuery } from './route-parts';

const many = (name: string) => ({ type: 'array', items: ref(name) });

export const STAY_LIST_ROUTES: RouteDecl[] = [
  // Lists (read)
  defineRoute({
    method: 'POST',
    path: '/rest/booking/list',
    example: { body: {} },
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
    example: { query: { date: '2031-07-01' } },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Arrivées du jour (occupations)',
    query: dateQuery('date'),
    response: many('DayMovement'),
    handler: ({ query, knex }) => arrivals(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/departures',
    example: { query: { date: '2031-07-01' } },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Départs du jour (occupations)',
    query: dateQuery('date'),
    response: many('DayMovement'),
    handler: ({ query, knex }) => departures(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/departure-cleaning',
    example: { query: { date: '2031-07-01' } },
    right: [BOOKING, 'read'],
    tag,
    summary:
      'Départs à nettoyer, avec la prochaine arrivée sur la place et la tâche de ménage (type, statut, mode, ' +
      'personne affectée)',
    description:
      'Lecture seule : l’écran aligne d’abord les tâches du jour par POST /rest/planning/cleaning/sync (pour qui ' +
      'peut modifier le planning).',
    query: dateQuery('date'),
    response: many('DepartureCleaning'),
    handler: ({ query, knex }) => departureCleaning(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/occupation',
    example: { query: { date: '2031-07-01' } },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Emplacements occupés la nuit de date',
    query: dateQuery('date'),
    response: many('DayOccupancy'),
    handler: ({ query, knex }) => occupation(knex, parseDate(query.date)),
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/booking/birthdays',
    example: { query: { from: '2031-07-01', to: '2031-07-31' } },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Anniversaires (clients et accompagnants présents) entre from et to (31 jours au plus)',
    query: dateQuery('from', 'to'),
    response: many('Birthday'),
    handler: ({ query, knex }) => {
      const from = parseDate(query.from);
      return birthdays(knex, from, parseDate(query.to, from));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/booking/search-availability',
    example: { body: { startDate: '2031-07-01', endDate: '2031-07-08' } },
    right: [BOOKING, 'read'],
    tag,
    summary: 'Emplacements libres pour des dates, un nombre de personnes, un type ou une famille, des caractéristiques',
    body: { type: 'object' },
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('AvailabilityQuery') } } } },
    response: many('AvailablePlace'),
    handler: ({ body, knex }) => searchAvailability(knex, parseAvailabilityQuery(body)),
  }),
];
