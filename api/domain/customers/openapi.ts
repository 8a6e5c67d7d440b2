// Named schemas of the customer routes (registered by ./routes.ts with defineSchemas): the
// edit shapes of §3 (docs/entities.md#customers-and-attendants) of a customer and of an
// attendant, the resume, the links and the transfer of a duplicate. Pure data.
import { bool, int, ref, str } from '../../http/schema-parts';

const text = { type: ['string', 'null'] };
const id = { type: ['integer', 'null'] };

/** The edit shape's extras beside the record's fields (edit-shape.ts). */
const EDIT_EXTRAS = {
  addressList: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: int,
        label: text,
        address1: text,
        address2: text,
        postalCode: text,
        town: text,
        countryId: id,
        isBilling: bool,
      },
    },
  },
  availableCivility: {
    type: 'array',
    readOnly: true,
    items: {
      type: 'object',
      properties: {
        id: int,
        shortLabel: str,
        label: str,
        isLegalEntity: bool,
        isDefault: bool,
      },
    },
  },
  availableCountry: {
    type: 'array',
    readOnly: true,
    items: {
      type: 'object',
      properties: {
        id: int,
        isoCode: str,
        name: str,
        languageId: id,
        isDefault: bool,
      },
    },
  },
};

const linkCount = {
  type: 'object',
  required: ['entity', 'label', 'count'],
  properties: { entity: str, label: str, count: int },
};

export const CUSTOMER_SCHEMAS: Record<string, object> = {
  CustomerEdit: {
    type: 'object',
    description:
      'Le client (ses champs) et, pour les fiches client, ses autres adresses et les choix de civilité et de pays.',
    properties: { id: int, civilityId: id, languageId: id, countryId: id, ...EDIT_EXTRAS },
  },
  AttendantEdit: {
    type: 'object',
    description: 'Un accompagnant (ses champs) ; addressList : sa seule adresse ; les choix de civilité et de pays.',
    properties: {
      id: int,
      customerId: id,
      civilityId: id,
      lastName: text,
      firstName: text,
      birthDate: { type: ['string', 'null'], format: 'date' },
      countryId: id,
      languageId: id,
      ...EDIT_EXTRAS,
    },
  },
  CustomerResume: {
    type: 'object',
    description: 'Tout ce qu’a un client : ses séjours, et les lignes de chaque entité qui le référence.',
    required: ['customer', 'stays', 'sections'],
    properties: {
      customer: {
        type: 'object',
        description: 'le client, toutes ses colonnes',
        required: ['id', 'code', 'lastName', 'firstName', 'address1', 'address2', 'postalCode', 'town'],
        properties: {
          id: int,
          code: str,
          lastName: str,
          firstName: text,
          address1: text,
          address2: text,
          postalCode: text,
          town: text,
          phone1: text,
          phone2: text,
          email: text,
          birthDate: { type: ['string', 'null'], format: 'date' },
          birthPlace: text,
        },
        additionalProperties: true,
      },
      stays: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'code', 'kind', 'statusId'],
          properties: {
            id: int,
            code: str,
            kind: { enum: ['quote', 'option', 'booking', 'passage'] },
            statusId: int,
            cancellation: str,
            startDate: { type: ['string', 'null'], format: 'date' },
            endDate: { type: ['string', 'null'], format: 'date' },
            persons: int,
            totalAmount: { type: ['integer', 'null'], description: 'centimes' },
            createdAt: str,
            places: { ...text, description: 'codes des emplacements, séparés par des virgules' },
          },
        },
      },
      sections: {
        type: 'array',
        items: {
          type: 'object',
          required: ['entity', 'label', 'total', 'columns', 'rows'],
          properties: {
            entity: str,
            label: str,
            total: int,
            columns: {
              type: 'array',
              items: { type: 'object', required: ['field', 'label'], properties: { field: str, label: str } },
            },
            rows: {
              type: 'array',
              description: 'les lignes de l’entité (200 au plus), chaque référence avec son libellé (<champ>Label)',
              items: { type: 'object', required: ['id'], properties: { id: int }, additionalProperties: true },
            },
          },
        },
      },
    },
  },
  CustomerLinks: { type: 'array', items: linkCount },
  CustomerTransfer: {
    type: 'object',
    required: ['status', 'customer', 'moved'],
    properties: { status: { enum: ['SAVED'] }, customer: ref('Customer'), moved: { type: 'array', items: linkCount } },
  },
};
