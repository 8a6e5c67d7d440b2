// Hand-written planning routes, one declaration each (api/http/define-route.ts):
// right, input, OpenAPI and handler. Thin: parse and call the module.
import { planShowsLegend, planningDisplay } from './display';
import type { Context } from 'koa';
import { readFile, unlink } from 'node:fs/promises';
import { koaBody } from 'koa-body';
import { checkAccess, holds, requireUser } from '../../auth/access';
import { defineRoute, defineSchemas, type RouteDecl } from '../../http/define-route';
import { PLAN_OCCUPANCY_RESPONSE, PLAN_RESPONSE } from './responses';
import { PLANNING_SCHEMAS } from './openapi';
import { badRequest, notFound } from '../../http/errors';
import { parseId } from '../../rest/records';
import { expectedVersion } from '../../rest/write';
import {
  boardRange,
  parseDateParam,
  parseIdList,
  parseRange,
  planningFree,
  planningPeriods,
  planningSearch,
  planningSetup,
  planningWindow,
} from './window';
import { applyMove, checkMove, parseMoveInput } from './moves';
import { paymentsTracked } from './payments';
import { cleaningWindow, syncDepartureTasks, syncSpan } from './cleaning';
import { extrasWindow } from './extras';
import {
  currentPlan,
  parsePositions,
  planOccupancy,
  planView,
  readPlanImage,
  savePlanImage,
  savePositions,
} from './plan';
import { checkPlanImage, PLAN_IMAGE_MAX_BYTES } from './image';
import {
  finalizeDraft,
  offer,
  parseFinalize,
  releaseDraft,
  saveDraft,
  saveOccupancy,
  touchDraft,
  editVersions,
} from './wizard';

const PLANNING = 'camp.planning';
/** The right to correct the past (nights before today, recorded arrivals and departures): level 111 on reservations. */
const canCorrectPast = (ctx: Context) => holds(requireUser(ctx), 'booking.booking', 'delete');
const PLAN = 'camp.plan';
const BOOKING = 'booking.booking';
const flag = (v: unknown) => v === '1' || v === 'true';

const upload = koaBody({
  multipart: true,
  formidable: {
    maxFiles: 1,
    maxFields: 5,
    maxFileSize: PLAN_IMAGE_MAX_BYTES,
    maxTotalFileSize: PLAN_IMAGE_MAX_BYTES,
    allowEmptyFiles: false,
    keepExtensions: false,
  },
  onError(err: any) {
    if (err?.code === 1009 || err?.code === 1016 || err?.httpCode === 413) throw badRequest('IMAGE_TOO_LARGE');
    throw badRequest('INCORRECT_FORM');
  },
});

function placeFilter(q: Record<string, unknown>) {
  return {
    layoutIds: parseIdList(q.layoutIds, 'layoutIds'),
    familyIds: parseIdList(q.familyIds, 'familyIds'),
    typeIds: parseIdList(q.typeIds, 'typeIds'),
    featureIds: parseIdList(q.featureIds, 'featureIds'),
    placeIds: parseIdList(q.placeIds, 'placeIds'),
  };
}

const tag = 'planning';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const int = { type: 'integer' };
const str = { type: 'string' };
const date = { type: 'string', format: 'date' };
const obj = { type: 'object' };
const saved = (more: Record<string, object> = {}) => ({
  type: 'object',
  properties: { status: { const: 'SAVED' }, ...more },
});
/** Query strings the module parses itself (its own refusal codes): documented, taken as text. */
const textQuery = (props: Record<string, string>, required: string[] = []) => ({
  type: 'object',
  required,
  properties: Object.fromEntries(Object.entries(props).map(([k, description]) => [k, { type: 'string', description }])),
});
const RANGE = { from: 'premier jour (inclus, AAAA-MM-JJ)', to: 'dernier jour (exclu, AAAA-MM-JJ)' };
const IDS = 'identifiants séparés par des virgules';

defineSchemas(PLANNING_SCHEMAS);

export const PLANNING_ROUTES: RouteDecl[] = [
  // ---- /planning -----------------------------------------------------------
  defineRoute({
    method: 'GET',
    path: '/rest/planning/setup',
    right: [PLANNING, 'read'],
    tag,
    summary: 'Lignes du planning : emplacements groupés par disposition, famille et type ; filtres, statuts, légende',
    response: obj,
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
    right: [PLANNING, 'read'],
    tag,
    summary: 'Périodes tarifaires affichées dans l’en-tête',
    query: textQuery(RANGE, ['from', 'to']),
    response: { type: 'array', items: obj },
    handler: ({ query, knex }) => {
      const { from, to } = parseRange(query);
      return planningPeriods(knex, from, to);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/search',
    right: [PLANNING, 'read'],
    tag,
    summary: 'Recherche par nom du client, numéro de séjour ou immatriculation (3 caractères min.)',
    query: textQuery({ q: 'texte cherché', released: '1 : inclure les séjours libérés' }),
    response: { type: 'array', items: obj },
    handler: ({ query, knex }) => planningSearch(knex, query.q, { released: flag(query.released) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/move/check',
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
    response: saved({ check: ref('MoveCheck'), record: obj }),
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
    right: [PLANNING, 'read'],
    tag,
    summary: 'Équipements et extras loués par jour',
    query: textQuery(RANGE, ['from', 'to']),
    response: obj,
    handler: ({ query, knex }) => {
      const { from, to } = parseRange(query, 400);
      return extrasWindow(knex, from, to);
    },
  }),

  // ---- /cleanning-planning -------------------------------------------------
  defineRoute({
    method: 'POST',
    path: '/rest/planning/cleaning/sync',
    right: [PLANNING, 'write'],
    tag,
    summary: 'Crée, met à jour ou supprime les tâches de ménage des départs d’une période',
    body: { type: 'object', properties: { from: str, to: str } },
    response: saved({ from: date, to: date, inserted: int, updated: int, deleted: int }),
    handler: async ({ body, knex }) => {
      const { from, to } = parseRange(body, 93);
      return { status: 'SAVED', from, to, ...(await knex.transaction((trx) => syncDepartureTasks(trx, from, to))) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/cleaning/window',
    right: [PLANNING, 'read'],
    tag,
    summary: 'Tâches de ménage d’une période (les départs mettent la liste à jour pour qui peut écrire le planning)',
    body: {
      type: 'object',
      properties: { from: str, to: str, sync: { type: 'boolean', description: 'false : ne pas synchroniser' } },
    },
    response: obj,
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

  // ---- /plan ---------------------------------------------------------------
  defineRoute({
    method: 'GET',
    path: '/rest/planning/plan',
    right: [PLAN, 'read'],
    tag,
    summary: 'Le plan du site : image, dimensions et position des emplacements',
    response: PLAN_RESPONSE,
    handler: async ({ knex }) => {
      const v = await planView(knex);
      return v.plan ? { ...v, plan: { ...v.plan, showLegend: await planShowsLegend(knex) } } : v;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/plan/occupancy',
    right: [PLAN, 'read'],
    tag,
    summary: 'État de chaque emplacement pour une date (libre, occupé, indisponible) et bande de légende',
    query: textQuery({ date: 'date observée', nights: 'nombre de nuits (1 à 366)' }),
    response: PLAN_OCCUPANCY_RESPONSE,
    handler: ({ query, knex }) => {
      const date = parseDateParam(query.date, 'date');
      const nights = query.nights === undefined ? 1 : Number(query.nights);
      if (!Number.isInteger(nights) || nights < 1 || nights > 366)
        throw badRequest('INVALID_QUERY', undefined, { param: 'nights' });
      return planOccupancy(knex, date, nights);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/planning/plan/image',
    right: [PLAN, 'read'],
    tag,
    summary: 'L’image du plan',
    response: { description: 'Image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
    responses: { 404: { description: 'Aucun plan' } },
    handler: async ({ ctx, knex }) => {
      const img = await readPlanImage(knex);
      if (!img) throw notFound();
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.set('Content-Disposition', 'inline');
      ctx.type = img.mime;
      ctx.body = img.data;
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/plan/image',
    right: [PLAN, 'write'],
    tag,
    summary: 'Dépose l’image du plan (champ multipart uploadfile ; PNG, JPEG, GIF ou WebP)',
    openapi: {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['uploadfile'],
              properties: { uploadfile: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
    },
    response: saved({ plan: obj }),
    handler: async ({ ctx, user, knex }) => {
      await upload(ctx, async () => undefined); // read only once the right is checked
      const files = (ctx.request as any).files ?? {};
      const f = Array.isArray(files.uploadfile) ? files.uploadfile[0] : files.uploadfile;
      if (!f) throw badRequest('IMAGE_REQUIRED');
      let data: Buffer;
      try {
        data = await readFile(f.filepath);
      } finally {
        await unlink(f.filepath).catch(() => undefined);
      }
      const info = checkPlanImage(String(f.originalFilename ?? ''), data);
      return { status: 'SAVED', plan: await savePlanImage(knex, info, data, user.id) };
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/rest/planning/plan/positions',
    right: [PLAN, 'write'],
    tag,
    summary: 'Positionne les emplacements sur le plan (mode édition)',
    body: obj,
    openapi: {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['positions'],
              properties: {
                positions: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['placeId'],
                    properties: {
                      placeId: int,
                      planX: { type: ['number', 'null'] },
                      planY: { type: ['number', 'null'] },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    response: saved({ changed: int }),
    handler: async ({ body, user, knex }) => {
      const plan = await currentPlan(knex);
      const positions = parsePositions(body, { width: plan?.imageWidth ?? null, height: plan?.imageHeight ?? null });
      return { status: 'SAVED', changed: await savePositions(knex, positions, user.id ?? null) };
    },
  }),

  // ---- /new-booking --------------------------------------------------------
  defineRoute({
    method: 'POST',
    path: '/rest/planning/offer',
    right: [BOOKING, 'read'],
    tag,
    summary: 'Emplacements libres pour un séjour, avec leur prix (moteur de tarification)',
    body: obj,
    openapi: {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['startDate', 'endDate', 'occupants'],
              properties: {
                startDate: date,
                endDate: date,
                occupants: {
                  type: 'array',
                  items: { type: 'object', properties: { ageCategoryId: int, quantity: int } },
                },
                placeTypeId: int,
                layoutId: int,
                featureIds: { type: 'array', items: int },
                tempBookingId: {
                  ...int,
                  description: 'le séjour temporaire de l’assistant : ses emplacements comptent comme libres',
                },
              },
            },
          },
        },
      },
    },
    response: {
      type: 'object',
      properties: { places: { type: 'array', items: obj }, types: { type: 'array', items: obj } },
    },
    handler: ({ body, knex }) => offer(knex, body),
  }),
  defineRoute({
    method: 'PUT',
    path: '/rest/planning/draft/:id',
    right: [BOOKING, 'write'],
    tag,
    summary:
      'Met à jour le séjour temporaire de l’assistant (client, choix de prix, occupation, prix manuels, ' +
      'occupants, animaux, véhicules, extras) ; le serveur calcule le prix',
    body: obj,
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('WizardDraft') } } } },
    response: ref('BookingSummary'),
    handler: ({ body, params, user, knex }) => saveDraft(knex, parseId(params.id), body, user.id ?? null),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/draft/:id/touch',
    right: [BOOKING, 'write'],
    tag,
    summary:
      'L’assistant est toujours utilisé sur ce séjour temporaire : il n’est pas abandonné pour inactivité (délai ' +
      'des paramètres généraux)',
    response: saved(),
    handler: async ({ params, knex }) => {
      await touchDraft(knex, parseId(params.id));
      return { status: 'SAVED' };
    },
  }),
  // The wizard's tab is closed, reloaded or left for another page (navigator.sendBeacon on
  // pagehide): its draft lets its places go at once instead of after the idle time.
  defineRoute({
    method: 'POST',
    path: '/rest/planning/draft/:id/release',
    right: [BOOKING, 'write'],
    tag,
    summary:
      'L’assistant est fermé (onglet fermé, rechargé ou quitté) : le séjour temporaire est abandonné et ses ' +
      'emplacements libérés aussitôt (released false s’il n’était plus en cours de saisie)',
    response: saved({ released: { type: 'boolean' } }),
    handler: async ({ params, user, knex }) => ({
      status: 'SAVED',
      released: await releaseDraft(knex, parseId(params.id), user.id ?? null),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/planning/draft/:id/finalize',
    right: [BOOKING, 'write'],
    tag,
    summary:
      'Enregistre le séjour temporaire comme devis, option ou réservation, ou le fusionne dans un séjour ' +
      'existant (droit de suppression : le brouillon finit supprimé)',
    body: {
      type: 'object',
      properties: {
        kind: { enum: ['quote', 'option', 'booking'], 'x-message': 'SELECT_STATUS' },
        optionExpiryDate: { type: ['string', 'null'] },
        intoBookingId: { type: ['integer', 'null'] },
      },
    },
    response: saved(),
    handler: async ({ ctx, body, params, user, knex }) => {
      const f = parseFinalize(body);
      // Joining an existing booking merges the draft into it: the draft ends DELETED.
      if (f.intoBookingId) await checkAccess(ctx, BOOKING, 'delete');
      return { status: 'SAVED', ...(await finalizeDraft(knex, parseId(params.id), f, user.id ?? null)) };
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/rest/planning/occupancy/:id',
    right: [BOOKING, 'write'],
    tag,
    versioned: true,
    summary:
      'L’assistant modifie une occupation existante (dates, emplacement, occupants…) : enregistrée sur son ' +
      'séjour en une transaction, prix recalculé (prix manuels gardés)',
    body: obj,
    openapi: { requestBody: { required: true, content: { 'application/json': { schema: ref('WizardDraft') } } } },
    response: ref('BookingSummary'),
    handler: async ({ ctx, body, params, user, knex }) => ({
      status: 'SAVED',
      ...(await saveOccupancy(
        knex,
        parseId(params.id),
        body,
        user.id ?? null,
        editVersions(body, ctx.get('If-Match')),
      )),
    }),
  }),
];
