// Routes of the surety module's provider (§7 (docs/api.md) module/surety): read right on the surety
// function to see, write right to send deposit requests.
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { ref } from '../../http/schema-parts';
import './openapi';
import { sendDepositRequests, suretyBookings, suretyCalcul, suretyModule } from './swikly';

const tag = 'documents';
const SURETY = 'customer.surety';
const DATE = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };

export const SURETY_MODULE_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/module/surety/index',
    right: [SURETY, 'read'],
    tag,
    summary:
      'Module Caution : paramètres (calcul, jours de rappel, montant de la caution) et état du prestataire ' +
      '(configuré ou non)',
    response: ref('SuretyModule'),
    handler: ({ knex }) => suretyModule(knex),
  }),
  defineRoute<{ startDate: string; endDate: string }>({
    method: 'POST',
    path: '/rest/module/surety/swikly/bookings',
    example: { body: { startDate: '2031-07-01', endDate: '2031-07-31' } },
    right: [SURETY, 'read'],
    tag,
    summary:
      'Séjours arrivant dans la période avec leur caution chez le prestataire : aucune, demandée, détenue, ' +
      'restituée, encaissée',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['startDate', 'endDate'],
      properties: { startDate: DATE, endDate: DATE },
    },
    invalid: 'INCORRECT_DATES',
    response: { type: 'array', items: ref('SuretyBooking') },
    handler: ({ knex, body }) => {
      if (body.endDate < body.startDate) throw new HttpError(400, 'INCORRECT_DATES');
      return suretyBookings(knex, body.startDate, body.endDate);
    },
  }),
  defineRoute<{ bookingIds: number[] }>({
    method: 'POST',
    path: '/rest/module/surety/swikly/send',
    example: {
      body: { bookingIds: [{ record: 'booking' }] },
      unchanged: { table: 'guarantee', count: true },
      ok: {
        status: 400,
        why:
          'no deposit provider here (SURETY_PROVIDER_URL): past the right, 400; ' +
          'surety-provider.test.ts runs it against a fake provider',
      },
    },
    right: [SURETY, 'write'],
    tag,
    summary:
      "Demande au prestataire d'envoyer par e-mail la demande de caution des séjours ; 200 si accepté, sinon 400 " +
      'avec le message du prestataire',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['bookingIds'],
      properties: {
        bookingIds: {
          type: 'array',
          minItems: 1,
          maxItems: 200,
          items: { type: 'integer', minimum: 1, maximum: 999_999_999 },
        },
      },
    },
    invalid: 'NO_EMAILING_SELECTION',
    response: ref('SuretyDepositsSent'),
    handler: ({ knex, body }) => sendDepositRequests(knex, body.bookingIds),
  }),
  defineRoute({
    method: 'POST',
    path: '/rest/module/surety/booking/calcul',
    example: { body: {} },
    right: [SURETY, 'read'],
    tag,
    summary:
      'Recalcule les cautions des séjours à relancer (arrivée sous nbdaySurety jours, aucune caution demandée) ; ' +
      'corps vide',
    response: ref('SuretyCalcul'),
    handler: ({ knex }) => suretyCalcul(knex),
  }),
];
