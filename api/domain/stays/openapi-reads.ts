// Named schemas of what the stay routes answer: a list row, the booking summary and what
// the user may do (part of ./openapi.ts).
import { bool, date, int, ref, str } from '../../http/schema-parts';
import { meta as bookingMeta } from '../../../common/generated/meta/booking';
import { meta as occupancyMeta } from '../../../common/generated/meta/occupancy';
import { meta as detailMeta } from '../../../common/generated/meta/occupancy-detail';
import { meta as animalMeta } from '../../../common/generated/meta/occupancy-animal';
import { meta as vehicleMeta } from '../../../common/generated/meta/occupancy-vehicle';
import { meta as extraMeta } from '../../../common/generated/meta/occupancy-extra';
import { meta as attendantMeta } from '../../../common/generated/meta/occupancy-attendant';

const text = { type: ['string', 'null'] };

type EntitySchema = { $id?: string; properties: Record<string, object> };

/**
 * A stored record as a read returns it: every column present, null when empty (the generated
 * `<Entity>Record`), with the columns a join adds. A row read with `x.*` may carry more.
 */
function recordOf(schema: object, joined: Record<string, object> = {}, exact = false): object {
  const { $id: _id, ...s } = schema as EntitySchema;
  const properties = { ...s.properties, ...joined };
  return { ...s, properties, required: Object.keys(properties), additionalProperties: !exact };
}

const bookingRecord = recordOf(bookingMeta.schema, {}, true);
const occupancyLines = {
  details: { type: 'array', items: recordOf(detailMeta.schema, { ageCategoryLabel: str }) },
  animals: { type: 'array', items: recordOf(animalMeta.schema, { animalTypeLabel: str }) },
  vehicles: { type: 'array', items: recordOf(vehicleMeta.schema, { vehicleTypeLabel: str }) },
  extras: { type: 'array', items: recordOf(extraMeta.schema, { extraLabel: str }) },
  attendants: {
    type: 'array',
    items: recordOf(attendantMeta.schema, {
      lastName: str,
      firstName: text,
      birthDate: { ...date, type: ['string', 'null'] },
    }),
  },
};
const occupancyRow = recordOf(occupancyMeta.schema, {
  placeCode: text,
  placeTypeLabel: text,
  equipmentLabel: text,
  ...occupancyLines,
});

const bookingSummary = {
  type: 'object',
  description:
    'Un séjour, ses occupations (occupants par catégorie d’âge, animaux, véhicules, extras, accompagnants), ' +
    'les actions permises et l’historique.',
  required: ['booking', 'customer', 'partner', 'occupancies', 'actions', 'history', 'cancellationFee'],
  properties: {
    booking: bookingRecord,
    customer: {
      type: ['object', 'null'],
      required: ['id', 'code', 'lastName', 'firstName', 'phone1', 'phone2', 'email'],
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
      items: occupancyRow,
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
  BookingSummary: bookingSummary,
  StaySummary: {
    ...bookingSummary,
    description: `${bookingSummary.description} Avec ce que l’utilisateur peut y faire (allowed).`,
    required: [...bookingSummary.required, 'allowed'],
  },
  StayAllowed: {
    type: 'object',
    description:
      "Ce que l'utilisateur peut faire sur ce séjour, décidé par le serveur (statut, nature, droits, séjour " +
      "facturé) : l'écran l'affiche sans rien en déduire.",
    required: [
      'actions',
      'merge',
      'addOccupancy',
      'changeCustomer',
      'editNotes',
      'editPrice',
      'billable',
      'occupancies',
    ],
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
        additionalProperties: {
          type: 'object',
          required: ['lock', 'edit', 'cancel', 'remove'],
          properties: { lock: bool, edit: bool, cancel: bool, remove: bool },
        },
      },
    },
  },
};
