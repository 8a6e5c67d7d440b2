// OpenAPI path items and schemas of the hand-written meter reading routes, merged
// into api/openapi-domain.ts and from there into api/generated/openapi.json. Pure data.
import { body, date, int, ok, ref, str } from '../../openapi-parts';

const tags = ['meters'];
const num = { type: 'number' };
const q = (name: string, schema: object, description: string, required = false) => ({ name, in: 'query', required, schema, description });

export const METERS_SCHEMAS: Record<string, object> = {
  MeterReadingCreation: {
    type: 'object',
    description: 'Les compteurs en service du type à la date (actifs, posés, non déposés), par emplacement, avec leur dernier relevé avant la date.',
    properties: {
      meterType: { type: 'object', properties: { id: int, label: str, unit: str } },
      readingDate: date,
      rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            meterId: int, number: str, placeId: int, placeCode: str, placeLabel: { type: ['string', 'null'] },
            lastReading: { type: ['object', 'null'], properties: { id: int, readingDate: date, quantity: num } },
            readingOnDate: { type: ['object', 'null'], description: 'relevé déjà saisi à cette date', properties: { id: int, quantity: num } },
          },
        },
      },
    },
  },
  MeterReadingBulk: {
    type: 'object',
    required: ['meterTypeId', 'readingDate', 'rows'],
    properties: {
      meterTypeId: int,
      readingDate: date,
      rows: {
        type: 'array',
        minItems: 1,
        maxItems: 2000,
        items: {
          type: 'object',
          description: 'le compteur (meterId), ou l’emplacement (placeId) dont le compteur du type est pris',
          properties: { meterId: int, placeId: int, quantity: num, notes: { type: ['string', 'null'] } },
        },
      },
    },
  },
};

export const METERS_PATHS: Record<string, object> = {
  '/rest/meter-reading/creation': {
    get: {
      tags,
      summary: 'Saisie des relevés : compteurs en service d’un type à une date, avec leur dernier relevé',
      parameters: [q('meterTypeId', int, 'type de compteur', true), q('readingDate', date, 'date du relevé (défaut : aujourd’hui)')],
      responses: ok('Compteurs à relever', ref('MeterReadingCreation')),
    },
  },
  '/rest/meter-reading/bulk': {
    post: {
      tags,
      summary: 'Enregistre les nouveaux index de plusieurs compteurs en une transaction : tous, ou aucun (erreurs par ligne `rows.<n>.<champ>`, code METER_READINGS_REFUSED)',
      requestBody: body(ref('MeterReadingBulk')),
      responses: ok('Relevés enregistrés', { type: 'object', properties: { status: str, saved: int, items: { type: 'array', items: ref('MeterReading') } } }),
    },
  },
};
