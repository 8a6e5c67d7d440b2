// Hand-written meter reading routes: the meters to read for the creation screen, and
// the batch of new readings. One declaration each (api/http/define-route.ts): right,
// input schemas, OpenAPI and handler. Thin: parse, call.
import { defineRoute, defineSchemas } from '../../http/define-route';
import { parseId } from '../../rest/records';
import { badRequest } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import { closed, date, int, list, orNull, ref, str, strOrNull } from '../../http/schema-parts';
import { creationRows, parseBulkInput, saveBulk } from './creation';

const tag = 'meters';
const METER = 'camp.meter';
const num = { type: 'number' };

defineSchemas({
  MeterReadingCreation: {
    description:
      'Les compteurs en service du type à la date (actifs, posés, non déposés), par emplacement, avec leur ' +
      'dernier relevé avant la date.',
    ...closed({
      meterType: closed({ id: int, label: str, unit: str }),
      readingDate: date,
      rows: list(
        closed({
          meterId: int,
          number: str,
          placeId: int,
          placeCode: str,
          placeLabel: strOrNull,
          lastReading: orNull(closed({ id: int, readingDate: date, quantity: num })),
          readingOnDate: {
            ...orNull(closed({ id: int, quantity: num })),
            description: 'relevé déjà saisi à cette date',
          },
        }),
      ),
    }),
  },
  MeterReadingBulk: {
    type: 'object',
    required: ['meterTypeId', 'readingDate', 'rows'],
    properties: {
      meterTypeId: { type: 'integer', minimum: 1 },
      readingDate: date,
      rows: {
        type: 'array',
        maxItems: 2000,
        description: 'au moins une ligne (METER_READINGS_EMPTY sinon)',
        items: {
          type: 'object',
          description: 'le compteur (meterId), ou l’emplacement (placeId) dont le compteur du type est pris',
          additionalProperties: false,
          properties: {
            meterId: int,
            placeId: int,
            quantity: num,
            notes: { type: ['string', 'null'], maxLength: 4000 },
          },
        },
      },
    },
  },
});

export const METER_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/rest/meter-reading/creation',
    example: { query: { meterTypeId: { record: 'meterType' }, readingDate: '2031-07-01' } },
    right: [METER, 'read'],
    tag,
    summary: 'Saisie des relevés : compteurs en service d’un type à une date, avec leur dernier relevé',
    query: {
      type: 'object',
      required: ['meterTypeId'],
      properties: {
        meterTypeId: {
          type: 'integer',
          minimum: 0,
          maximum: 999_999_999,
          'x-message': 'INVALID_ID',
          description: 'type de compteur',
        },
        readingDate: {
          type: 'string',
          format: 'date',
          'x-message': 'INCORRECT_DATES',
          description: 'date du relevé (défaut : aujourd’hui)',
        },
      },
    },
    invalid: 'INVALID_ID',
    response: { $ref: '#/components/schemas/MeterReadingCreation' },
    responseDescription: 'Compteurs à relever',
    handler: async ({ query, knex }) => {
      const meterTypeId = parseId(query.meterTypeId);
      const readingDate = query.readingDate ?? todayParis();
      const meterType = await knex('meter_type').where('id', meterTypeId).first('id', 'label', 'unit');
      if (!meterType) throw badRequest('REFERENCE_NOT_FOUND');
      return { meterType, readingDate, rows: await creationRows(knex, meterTypeId, readingDate) };
    },
  }),

  defineRoute({
    method: 'POST',
    path: '/rest/meter-reading/bulk',
    example: {
      body: {
        meterTypeId: { record: 'meterType' },
        readingDate: '2031-07-01',
        rows: [{ meterId: { fresh: 'meter' }, quantity: 1234.5 }],
      },
      unchanged: { table: 'meter_reading', where: { meterId: { fresh: 'meter' } } },
    },
    right: [METER, 'write'],
    tag,
    summary:
      'Enregistre les nouveaux index de plusieurs compteurs en une transaction : tous, ou aucun (erreurs par ' +
      'ligne `rows.<n>.<champ>`, code METER_READINGS_REFUSED)',
    body: { $ref: '#/components/schemas/MeterReadingBulk' },
    invalid: 'VALIDATION_FAILED',
    response: closed({ status: { const: 'SAVED' }, saved: int, items: list(ref('MeterReading')) }),
    responseDescription: 'Relevés enregistrés',
    handler: async ({ body, user, knex }) => {
      const input = parseBulkInput(body);
      const items = await saveBulk(knex, input, user?.id ?? null);
      return { status: 'SAVED', saved: items.length, items };
    },
  }),
];
