// Routes of the booking wizard: the offer of free places priced, and the draft it
// fills step by step (save, keep alive, release, finalize), or the occupancy it edits.
import { checkAccess } from '../../auth/access';
import { defineRoute, type RouteDecl } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { offer } from './wizard-offer';
import { releaseDraft, saveDraft, saveOccupancy, touchDraft, editVersions } from './wizard';
import { finalizeDraft, parseFinalize } from './wizard-finalize';
import { BOOKING, date, int, obj, ref, saved, tag } from './route-parts';
import { intOrNull, strOrNull } from '../../http/schema-parts';

export const WIZARD_ROUTES: RouteDecl[] = [
  // ---- /new-booking --------------------------------------------------------
  defineRoute({
    method: 'POST',
    path: '/rest/planning/offer',
    example: {
      body: {
        startDate: '2031-07-01',
        endDate: '2031-07-05',
        occupants: [{ ageCategoryId: { record: 'adultAge' }, quantity: 2 }],
        placeTypeId: { record: 'pitchType' },
      },
    },
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
                placeTypeId: intOrNull,
                layoutId: intOrNull,
                featureIds: { type: 'array', items: int },
                tempBookingId: {
                  ...intOrNull,
                  description: 'le séjour temporaire de l’assistant : ses emplacements comptent comme libres',
                },
                occupancyId: {
                  ...intOrNull,
                  description: 'l’occupation que l’assistant modifie : ses emplacements comptent comme libres',
                },
                channelId: { ...intOrNull, description: 'le canal de vente (prix)' },
                partnerId: { ...intOrNull, description: 'le partenaire (prix)' },
                promoCode: { ...strOrNull, description: 'le code promotionnel (prix)' },
              },
            },
          },
        },
      },
    },
    response: ref('PlanningOffer'),
    handler: ({ body, knex }) => offer(knex, body),
  }),
  defineRoute({
    method: 'PUT',
    path: '/rest/planning/draft/:id',
    example: {
      params: { id: { fresh: 'temporaryBooking' } },
      body: { notes: 'Arrivée tardive' },
      unchanged: { table: 'booking', where: { id: { param: 'id' } } },
    },
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
    example: {
      params: { id: { fresh: 'temporaryBooking' } },
      body: {},
      unchanged: { table: 'booking', where: { id: { param: 'id' } } },
    },
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
    example: {
      params: { id: { fresh: 'temporaryBooking' } },
      body: {},
      unchanged: { table: 'booking', where: { id: { param: 'id' } } },
    },
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
    example: [
      {
        variant: 'as a booking',
        right: ['booking.booking', 'write'],
        params: { id: { fresh: 'temporaryBooking' } },
        body: { kind: 'booking' },
        unchanged: { table: 'booking', where: { id: { param: 'id' } } },
      },
      {
        variant: 'into an existing booking',
        right: {
          all: [
            ['booking.booking', 'write'],
            ['booking.booking', 'delete'],
          ],
        },
        params: { id: { fresh: 'temporaryBooking' } },
        body: { intoBookingId: { fresh: 'booking' } },
        unchanged: { table: 'booking', where: { id: { param: 'id' } } },
      },
    ],
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
    response: { allOf: [saved(), ref('BookingSummary')] },
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
    example: {
      params: { id: { fresh: 'occupancy' } },
      body: { notes: 'Arrivée tardive', occupancy: { endDate: '2031-07-09' } },
      unchanged: { table: 'occupancy', where: { id: { param: 'id' } } },
    },
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
