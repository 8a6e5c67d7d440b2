// Routes of the three boards (places, extras, cleaning): the set-up, the bars per
// visible window, free places, price periods, search and moves. Thin: parse and call.
import { planningDisplay } from './display';
import { checkAccess, holds, requireUser } from '../../auth/access';
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { expectedVersion } from '../../rest/write';
import { boardRange, planningSetup, planningWindow } from './window';
import { parseIdList, parseRange } from './params';
import { planningFree, planningPeriods } from './free';
import { planningSearch } from './search';
import { applyMove } from './moves';
import { parseMoveInput } from './move-input';
import { checkMove } from './move-check';
import { paymentsTracked } from './payments';
import { cleaningWindow, syncDepartureTasks, syncSpan } from './cleaning';
import { extrasWindow } from './extras';
import {
  BOOKING,
  IDS,
  PLANNING,
  RANGE,
  canCorrectPast,
  closed,
  date,
  dateInput,
  flag,
  int,
  list,
  obj,
  placeFilter,
  ref,
  saved,
  str,
  tag,
  textQuery,
} from './route-parts';

/** The move both move routes' examples ask for: a fresh stay's occupancy onto a fresh place. */
const MOVE_EXAMPLE = {
  kind: 'occupancy',
  id: { fresh: 'occupancy' },
  placeId: { fresh: 'place' },
  startDate: '2031-07-01',
  endDate: '2031-07-08',
} as const;

export const BOARD_ROUTES: RouteDecl[] = [
  // ---- /planning -----------------------------------------------------------
  defineRoute({
    method: 'GET',
    path: '/rest/planning/setup',
    right: [PLANNING, 'read'],
    tag,
    summary: 'Lignes du planning : emplacements groupés par disposition, famille et type ; filtres, statuts, légende',
    response: ref('PlanningSetup'),
    handler: async ({ knex }) => {
      const setup = await planningSetup(knex);
      return {
        ...setup,
        range: boardRange(setup.today),
        paymentsTracked: paymentsTracked(),
        display: await planningDisplay(knex),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/window',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: [PLANNING, 'read'],
    tag,
    summary: 'Barres d’une fenêtre visible (chargement par fenêtre)',
    query: textQuery({ ...RANGE, placeIds: IDS, released: '1 : inclure les séjours libérés (annulés, partis)' }, [
      'from',
      'to',
    ]),
    response: ref('PlanningWindow'),
    handler: ({ query, knex }) => {
      const { from, to } = parseRange(query);
      return planningWindow(knex, {
        from,
        to,
        placeIds: parseIdList(query.placeIds, 'placeIds'),
        released: flag(query.released),
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/free',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: [PLANNING, 'read'],
    tag,
    summary: 'Emplacements libres par jour, selon les filtres',
    query: textQuery({ ...RANGE, layoutIds: IDS, familyIds: IDS, typeIds: IDS, featureIds: IDS, placeIds: IDS }, [
      'from',
      'to',
    ]),
    response: { type: 'object', properties: { total: int, days: { type: 'object', additionalProperties: int } } },
    handler: ({ query, knex }) => {
      const { from, to } = parseRange(query);
      return planningFree(knex, from, to, placeFilter(query));
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/periods',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: [PLANNING, 'read'],
    tag,
    summary: 'Périodes tarifaires affichées dans l’en-tête',
    query: textQuery(RANGE, ['from', 'to']),
    response: { type: 'array', items: ref('PlanningPeriod') },
    handler: ({ query, knex }) => {
      const { from, to } = parseRange(query);
      return planningPeriods(knex, from, to);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/search',
    example: { query: { q: 'Client' } },
    right: [PLANNING, 'read'],
    tag,
    summary: 'Recherche par nom du client, numéro de séjour ou immatriculation (3 caractères min.)',
    query: textQuery({ q: 'texte cherché', released: '1 : inclure les séjours libérés' }),
    response: list(ref('PlanningSearchHit')),
    handler: ({ query, knex }) => planningSearch(knex, query.q, { released: flag(query.released) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/move/check',
    example: {
      body: MOVE_EXAMPLE,
    },
    right: [PLANNING, 'read'],
    tag,
    versioned: true,
    summary: 'Vérifie un déplacement sans rien écrire : refus, avertissements et écart de prix',
    body: obj,
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('MoveInput') } } } },
    response: ref('MoveCheck'),
    // The version the board read (body or If-Match): a stale one is the 409 before any dialog.
    handler: ({ ctx, body, knex }) =>
      checkMove(knex, {
        ...parseMoveInput(body),
        version: expectedVersion(body, ctx.get('If-Match')),
        canCorrectPast: canCorrectPast(ctx),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/move',
    example: {
      variant: 'a stay',
      right: {
        all: [
          ['camp.planning', 'write'],
          ['booking.booking', 'write'],
        ],
      },
      body: MOVE_EXAMPLE,
      unchanged: { table: 'occupancy', where: { id: { fresh: 'occupancy' } } },
    },
    right: [PLANNING, 'write'],
    tag,
    versioned: true,
    summary:
      'Enregistre un déplacement (mêmes vérifications dans la transaction ; la contrainte d’exclusion a le ' +
      'dernier mot)',
    description:
      'Demande aussi l’écriture des réservations (booking.booking), ou des indisponibilités pour en déplacer une.',
    body: obj,
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('MoveInput') } } } },
    response: saved({ check: ref('MoveCheck'), record: { oneOf: [ref('Occupancy'), ref('Unavailability')] } }),
    handler: async ({ ctx, body, user, knex }) => {
      const input = { ...parseMoveInput(body), version: expectedVersion(body, ctx.get('If-Match')) };
      // What is moved decides the second right: a stay or an unavailability.
      await checkAccess(ctx, input.kind === 'unavailability' ? 'booking.unavailability' : BOOKING, 'write');
      return applyMove(knex, { ...input, canCorrectPast: canCorrectPast(ctx) }, user.id ?? null);
    },
  }),

  // ---- /extra-planning -----------------------------------------------------
  defineRoute({
    method: 'GET',
    path: '/rest/planning/extras/window',
    example: { query: { from: '2031-07-01', to: '2031-08-01' } },
    right: [PLANNING, 'read'],
    tag,
    summary: 'Équipements et extras loués par jour',
    query: textQuery(RANGE, ['from', 'to']),
    response: ref('ExtrasWindow'),
    handler: ({ query, knex }) => {
      const { from, to } = parseRange(query, 400);
      return extrasWindow(knex, from, to);
    },
  }),

  // ---- /cleanning-planning -------------------------------------------------
  defineRoute({
    method: 'POST',
    path: '/rest/planning/cleaning/sync',
    example: { uses: ['booking'], body: { from: '2031-07-01', to: '2031-07-31' } },
    right: [PLANNING, 'write'],
    tag,
    summary: 'Crée, met à jour ou supprime les tâches de ménage des départs d’une période',
    body: { type: 'object', required: ['from', 'to'], properties: { from: dateInput, to: dateInput } },
    response: closed({ status: { const: 'SAVED' }, from: date, to: date, inserted: int, updated: int, deleted: int }),
    handler: async ({ body, knex }) => {
      const { from, to } = parseRange(body, 93);
      return { status: 'SAVED', from, to, ...(await knex.transaction((trx) => syncDepartureTasks(trx, from, to))) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/cleaning/window',
    example: { body: { from: '2031-07-01', to: '2031-07-31' } },
    right: [PLANNING, 'read'],
    tag,
    summary: 'Tâches de ménage d’une période (les départs mettent la liste à jour pour qui peut écrire le planning)',
    body: {
      type: 'object',
      properties: { from: str, to: str, sync: { type: 'boolean', description: 'false : ne pas synchroniser' } },
    },
    response: ref('CleaningWindow'),
    handler: async ({ ctx, body, knex }) => {
      const { from, to } = parseRange(body, 400);
      // Displaying the list brings the departure tasks in step (those who may write only).
      const span = syncSpan(from, to);
      let synced = null;
      if (span && body.sync !== false && holds(requireUser(ctx), PLANNING, 'write')) {
        synced = await knex.transaction((trx) => syncDepartureTasks(trx, span.from, span.to));
      }
      return { ...(await cleaningWindow(knex, from, to)), synced };
    },
  }),
];
