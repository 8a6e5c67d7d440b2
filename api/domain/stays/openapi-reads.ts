// Named schemas of what the stay routes answer: a list row, the booking summary and what
// the user may do (part of ./openapi.ts).
import { bool, date, int, ref, str } from '../../http/schema-parts';

const text = { type: ['string', 'null'] };
/** An occupancy's lines of one kind (occupants, animals, vehicles, extras, attendants), each with its label. */
const lines = {
  type: 'array',
  items: { type: 'object', required: ['id'], properties: { id: int }, additionalProperties: true },
};

export const READ_SCHEMAS: Record<string, object> = {
  BookingListRow: {
    type: 'object',
    description: 'Un séjour des listes (actifs, annulés, partenaires, options échues).',
    required: ['id', 'code', 'kind', 'statusId', 'startDate', 'endDate'],
    properties: {
      id: int,
      code: str,
      kind: { enum: ['quote', 'option', 'booking', 'passage'] },
      statusId: int,
      cancellation: { type: ['string', 'null'] },
      customerId: { type: ['integer', 'null'] },
      partnerId: { type: ['integer', 'null'] },
      startDate: { ...date, type: ['string', 'null'] },
      endDate: { ...date, type: ['string', 'null'] },
      persons: { type: ['integer', 'null'] },
      optionExpiryDate: { ...date, type: ['string', 'null'] },
      totalAmount: { type: ['integer', 'null'], description: 'centimes' },
      cancelReason: { type: ['string', 'null'] },
      createdAt: { type: ['string', 'null'] },
      partnerName: { type: ['string', 'null'] },
      customerName: { type: ['string', 'null'] },
      places: { type: ['string', 'null'], description: 'codes des emplacements, séparés par des virgules' },
      balanceDue: { type: ['integer', 'null'], description: 'reste dû, centimes' },
    },
  },
  BookingSummary: {
    type: 'object',
    description:
      'Un séjour, ses occupations (occupants par catégorie d’âge, animaux, véhicules, extras, accompagnants), ' +
      'les actions permises et l’historique.',
    required: ['booking', 'customer', 'partner', 'occupancies', 'actions', 'history', 'cancellationFee'],
    properties: {
      booking: ref('Booking'),
      customer: {
        type: ['object', 'null'],
        required: ['id', 'code', 'lastName'],
        properties: {
          id: int,
          code: str,
          lastName: str,
          firstName: text,
          phone1: text,
          phone2: text,
          email: text,
        },
      },
      partner: { type: ['object', 'null'], required: ['id', 'name'], properties: { id: int, name: str } },
      occupancies: {
        type: 'array',
        description: 'chaque occupation (ses colonnes, placeCode, placeTypeLabel, equipmentLabel) et ses lignes',
        items: {
          type: 'object',
          required: ['id', 'startDate', 'endDate', 'details', 'animals', 'vehicles', 'extras', 'attendants'],
          properties: {
            id: int,
            startDate: date,
            endDate: date,
            placeId: { type: ['integer', 'null'] },
            placeCode: text,
            details: lines,
            animals: lines,
            vehicles: lines,
            extras: lines,
            attendants: lines,
          },
          additionalProperties: true,
        },
      },
      actions: { type: 'array', items: str, description: "les actions que l'état du séjour permet" },
      allowed: ref('StayAllowed'),
      history: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'createdAt', 'action'],
          properties: { id: int, createdAt: str, userName: text, action: str, detail: text },
        },
      },
      cancellationFee: {
        type: 'integer',
        description: 'Frais d’une annulation ce jour (préférences d’annulation), en centimes',
      },
    },
  },
  StayAllowed: {
    type: 'object',
    description:
      "Ce que l'utilisateur peut faire sur ce séjour, décidé par le serveur (statut, nature, droits, séjour " +
      "facturé) : l'écran l'affiche sans rien en déduire.",
    properties: {
      actions: {
        type: 'array',
        items: str,
        description: 'actions proposées ; une conversion est nommée avec la nature visée (convert:option)',
      },
      merge: bool,
      addOccupancy: bool,
      changeCustomer: bool,
      editNotes: bool,
      editPrice: bool,
      billable: bool,
      occupancies: {
        type: 'object',
        description: "par identifiant d'occupation",
        additionalProperties: { type: 'object', properties: { lock: bool, edit: bool, cancel: bool, remove: bool } },
      },
    },
  },
};
