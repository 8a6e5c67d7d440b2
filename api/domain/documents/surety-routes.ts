// Routes of /surety-list (api/domain/documents/surety.ts): the configuration (its title
// and columns), the stays to remind in a period, and sending (write right on the surety
// function, §6, docs/rights.md).
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/errors';
import { processQueue } from '../mail/queue';
import { sendSuretyReminders, suretyConfig, suretyLists } from './surety';

import { ref } from '../../http/schema-parts';
import './openapi';

const tag = 'documents';
const SURETY = 'customer.surety';
const DATE = { type: 'string', format: 'date', 'x-message': 'INCORRECT_DATES' };
const period = {
  type: 'object',
  additionalProperties: false,
  required: ['startDate', 'endDate'],
  properties: { startDate: DATE, endDate: DATE },
};

const checkPeriod = (p: { startDate: string; endDate: string }) => {
  if (p.endDate < p.startDate) throw new HttpError(400, 'INCORRECT_DATES');
};

export const SURETY_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/surety/configuration',
    right: [SURETY, 'read'],
    tag,
    summary:
      'Configuration des relances de caution (module Caution) : calcul 1 caution, 2 solde, 3 les deux ; jours de ' +
      'rappel et de relance',
    response: ref('SuretyConfig'),
    handler: ({ knex }) => suretyConfig(knex),
  }),
  defineRoute<unknown, { startDate: string; endDate: string }>({
    method: 'GET',
    path: '/rest/surety/list',
    example: { query: { startDate: '2031-07-01', endDate: '2031-07-31' } },
    right: [SURETY, 'read'],
    tag,
    summary:
      'Séjours arrivant dans la période avec une caution ou un solde dû : à relancer (suretyList) et à relancer ' +
      'de nouveau (suretyReminderList)',
    query: period,
    invalid: 'INCORRECT_DATES',
    response: ref('SuretyLists'),
    handler: ({ knex, query }) => {
      checkPeriod(query);
      return suretyLists(knex, query.startDate, query.endDate);
    },
  }),
  defineRoute<{ startDate: string; endDate: string; bookingIds: number[]; channel?: 'email' | 'sms' }>({
    method: 'POST',
    path: '/rest/surety/send',
    example: {
      body: { startDate: '2031-07-01', endDate: '2031-07-31', bookingIds: [{ record: 'booking' }] },
      unchanged: { table: 'mail_message', count: true },
    },
    right: [SURETY, 'write'],
    tag,
    summary:
      'Envoie par e-mail (ou SMS) les relances des séjours listés (caution et/ou solde selon le calcul), marque ' +
      'leurs indicateurs ; répond les erreurs par séjour',
    body: {
      ...period,
      required: ['startDate', 'endDate', 'bookingIds'],
      properties: {
        ...period.properties,
        bookingIds: { type: 'array', maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 999_999_999 } },
        channel: { type: 'string', enum: ['email', 'sms'] },
      },
    },
    invalid: 'NO_EMAILING_SELECTION',
    response: ref('SuretySent'),
    handler: async ({ knex, body, user }) => {
      checkPeriod(body);
      if (!body.bookingIds.length) throw new HttpError(400, 'NO_EMAILING_SELECTION');
      const r = await sendSuretyReminders(
        knex,
        body.startDate,
        body.endDate,
        body.bookingIds,
        user.id,
        body.channel ?? 'email',
      );
      await processQueue(knex, { limit: 200 });
      return r;
    },
  }),
];
