// Named schemas of the planning board's moves (/rest/planning/move and its check):
// what a move asks, what the check answers, the summary of what moves. Pure data,
// part of ./openapi.ts' PLANNING_SCHEMAS.
import { bool, date, int, intOrNull, ref, str, strOrNull } from '../../http/schema-parts';

/** A date range: its start and end dates. */
export const span = {
  type: 'object',
  required: ['startDate', 'endDate'],
  properties: { startDate: date, endDate: date },
};

const position = {
  type: 'object',
  required: ['placeId', 'startDate', 'endDate'],
  properties: { placeId: int, startDate: date, endDate: date },
};

export const MOVE_SCHEMAS: Record<string, object> = {
  MoveInput: {
    type: 'object',
    required: ['kind', 'id', 'placeId', 'startDate', 'endDate'],
    description: 'Une barre déposée sur un autre emplacement ou d’autres dates, ou l’un de ses bords tiré.',
    properties: {
      kind: { enum: ['occupancy', 'unavailability'] },
      id: int,
      placeId: int,
      startDate: date,
      endDate: date,
      from: {
        ...position,
        type: ['object', 'null'],
        description: 'où l’écran voyait la barre : refusé si elle a bougé entre-temps',
      },
      force: {
        ...bool,
        description:
          'l’utilisateur passe outre les avertissements (séjour minimum, jour d’arrivée ou de départ), jamais ' +
          'une version périmée',
      },
      version: {
        ...int,
        description:
          'la version de l’occupation ou de l’indisponibilité que le planning a lue (ou If-Match) ; périmée, 409 ' +
          'RECORD_CHANGED avec l’enregistrement actuel',
      },
    },
  },
  MoveCheck: {
    type: 'object',
    required: ['ok', 'warnings', 'needsForce', 'price', 'summary'],
    properties: {
      ok: bool,
      code: str,
      message: { ...str, description: 'le refus, en français' },
      warnings: {
        type: 'array',
        items: {
          type: 'object',
          required: ['code', 'message', 'blocking'],
          properties: { code: str, message: str, blocking: bool },
        },
      },
      needsForce: bool,
      price: {
        type: ['object', 'null'],
        description:
          'montants en centimes : before = le prix enregistré de l’occupation, after = son prix aux nouvelles ' +
          'place et dates (prix manuels et conditions convenues gardés), bookingTotalAfter = le total du séjour ' +
          'qui en résulte',
        required: ['before', 'after', 'difference', 'bookingTotalBefore', 'bookingTotalAfter'],
        properties: {
          before: int,
          after: int,
          difference: int,
          bookingTotalBefore: { type: ['integer', 'null'] },
          bookingTotalAfter: int,
        },
      },
      priceMessage: str,
      alternatives: {
        type: 'array',
        items: { type: 'object', required: ['id', 'code'], properties: { id: int, code: str } },
      },
      summary: ref('MoveSummary'),
    },
  },
  MoveSummary: {
    type: 'object',
    description:
      'Ce qui est déplacé, d’où et vers où (une occupation : son séjour, son client, ses personnes ; une ' +
      'indisponibilité : sa raison).',
    required: ['kind', 'id', 'fromPlaceId', 'toPlaceId', 'toPlaceCode', 'from', 'to'],
    properties: {
      kind: { enum: ['occupancy', 'unavailability'] },
      id: int,
      bookingId: int,
      code: str,
      customer: strOrNull,
      persons: int,
      reason: strOrNull,
      fromPlaceId: intOrNull,
      fromPlaceCode: strOrNull,
      fromTypeLabel: strOrNull,
      toPlaceId: int,
      toPlaceCode: strOrNull,
      toTypeLabel: strOrNull,
      from: span,
      to: span,
    },
  },
};
