// Named schemas of the hand-written stay and customer routes (registered by ./routes.ts
// with defineSchemas) and the documentation of the state machine's actions. Pure data.
import { bool, date, ids, int, ref, str } from '../../http/schema-parts';
import type { Action } from './state-machine';

/** The state machine's actions as routes: summary and body properties (the module checks them and says why). */
export const ACTION_DOCS: Record<Action, { summary: string; body?: Record<string, object> }> = {
  confirm: { summary: 'Confirme un séjour temporaire (client et emplacements requis)' },
  'set-in-progress': { summary: 'Marque un séjour temporaire en cours de traitement' },
  abandon: { summary: 'Abandonne un séjour temporaire (libère les emplacements)' },
  validate: { summary: 'Valide une réservation ou un passage' },
  cancel: {
    summary: 'Annule le séjour (motif obligatoire ; refusé avec une occupation partenaire)',
    body: { reason: str },
  },
  'mark-cancelling': { summary: "Marque le séjour « en cours d'annulation »", body: { reason: str } },
  'withdraw-cancelling': { summary: "Retire la demande d'annulation" },
  refuse: { summary: 'Refuse le séjour, avec ou sans contre-proposition', body: { reason: str, counterProposal: str } },
  arrive: {
    summary:
      "Coche le client arrivé, à partir du jour d'arrivée moins la tolérance des préférences (ARRIVAL_TOO_EARLY, " +
      'ALREADY_ARRIVED, ALREADY_GONE)',
  },
  depart: {
    summary:
      'Coche le client parti (NOT_ARRIVED avant son arrivée, ALREADY_GONE ensuite) ; avec un solde dû, 409 ' +
      'BALANCE_DUE_CONFIRM et le montant (due) sauf acceptBalance: true',
    body: { acceptBalance: { type: 'boolean' } },
  },
  'early-departure': {
    summary:
      'Départ anticipé : les nuits à partir de date sont libérées ; avec un solde dû, 409 BALANCE_DUE_CONFIRM ' +
      'sauf acceptBalance: true',
    body: { date, acceptBalance: { type: 'boolean' } },
  },
  convert: {
    summary: 'Convertit la nature : option ↔ réservation, devis → option, réservation ou passage',
    body: {
      kind: { enum: ['quote', 'option', 'booking', 'passage'] },
      date: { ...date, description: "échéance d'une option" },
    },
  },
  reset: {
    summary:
      'Réinitialisation DELETED : le séjour garde son numéro, ses occupations sont supprimées (droit de suppression)',
    body: { reason: str },
  },
  expire: { summary: 'Expire une option (libère les emplacements)' },
  'undo-arrival': {
    summary: "Annule l'arrivée enregistrée, le jour même (motif obligatoire ; droit de suppression)",
    body: { reason: str },
  },
  'undo-departure': {
    summary:
      'Annule le départ (ou le départ anticipé : ses nuits reviennent au séjour) enregistré, le jour même (motif ' +
      'obligatoire ; droit de suppression)',
    body: { reason: str },
  },
};

export const STAYS_SCHEMAS: Record<string, object> = {
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
  CustomerEdit: {
    type: 'object',
    description:
      'Le client (ses champs) et, pour les écrans du §3, ses autres adresses et les choix de civilité et de pays.',
    properties: {
      id: int,
      civilityId: { type: ['integer', 'null'] },
      languageId: { type: ['integer', 'null'] },
      countryId: { type: ['integer', 'null'] },
      addressList: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: int,
            label: { type: ['string', 'null'] },
            address1: { type: ['string', 'null'] },
            address2: { type: ['string', 'null'] },
            postalCode: { type: ['string', 'null'] },
            town: { type: ['string', 'null'] },
            countryId: { type: ['integer', 'null'] },
            isBilling: { type: 'boolean' },
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
            isLegalEntity: { type: 'boolean' },
            isDefault: { type: 'boolean' },
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
            languageId: { type: ['integer', 'null'] },
            isDefault: { type: 'boolean' },
          },
        },
      },
    },
  },
  BookingSummary: {
    type: 'object',
    description:
      'Un séjour, ses occupations (occupants par catégorie d’âge, animaux, véhicules, extras, accompagnants), ' +
      'les actions permises et l’historique.',
    properties: {
      booking: ref('Booking'),
      customer: { type: ['object', 'null'] },
      partner: { type: ['object', 'null'] },
      occupancies: { type: 'array', items: { type: 'object' } },
      actions: { type: 'array', items: str, description: "les actions que l'état du séjour permet" },
      allowed: ref('StayAllowed'),
      history: { type: 'array', items: { type: 'object' } },
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
  OccupancyInput: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      placeId: { type: ['integer', 'null'] },
      placeTypeId: { type: ['integer', 'null'] },
      equipmentId: { type: ['integer', 'null'] },
      startDate: date,
      endDate: { ...date, description: 'départ (exclu) : [startDate, endDate)' },
      isLocked: { type: 'boolean' },
      notes: str,
      priceOverrides: {
        type: 'array',
        items: ref('PriceOverride'),
        description: 'prix manuels, gardés et signalés « prix modifié manuellement »',
      },
      details: {
        type: 'array',
        items: {
          type: 'object',
          required: ['ageCategoryId', 'quantity'],
          properties: {
            ageCategoryId: int,
            quantity: int,
            exemptQuantity: { ...int, description: 'dont exonérés de taxe de séjour (≤ quantity)' },
            touristTaxExemptionId: { ...int, description: "motif d'exonération (obligatoire si exemptQuantity > 0)" },
          },
        },
      },
      animals: {
        type: 'array',
        items: {
          type: 'object',
          required: ['animalTypeId'],
          properties: { animalTypeId: int, quantity: int, customerAnimalId: int },
        },
      },
      vehicles: {
        type: 'array',
        items: {
          type: 'object',
          required: ['vehicleTypeId'],
          properties: { vehicleTypeId: int, licencePlate: str, customerVehicleId: int },
        },
      },
      extras: {
        type: 'array',
        items: {
          type: 'object',
          required: ['extraId'],
          properties: { extraId: int, quantity: int, startDate: date, endDate: date },
        },
      },
      attendantIds: ids,
    },
  },
  BookingCreate: {
    type: 'object',
    properties: {
      temporary: {
        type: 'boolean',
        description:
          'true : « create temp » (statut Temporaire) ; sinon le séjour est confirmé (client et emplacements requis)',
      },
      kind: { enum: ['quote', 'option', 'booking', 'passage'] },
      customerId: { type: ['integer', 'null'] },
      partnerId: { type: ['integer', 'null'] },
      accessChannelId: { type: ['integer', 'null'] },
      optionExpiryDate: date,
      notes: str,
      promoCode: { type: ['string', 'null'] },
      discountIds: ids,
      withCancellationInsurance: { type: 'boolean' },
      placeCount: {
        type: ['integer', 'null'],
        description:
          "nombre d'emplacements demandés : les occupations sur un emplacement doivent être exactement ce nombre " +
          '(SELECT_PLACES, PLACES_COUNT_MISMATCH)',
      },
      occupancies: { type: 'array', items: ref('OccupancyInput') },
    },
    description: 'Le prix est celui du serveur (moteur de prix) : un montant envoyé est ignoré.',
  },
  PriceOverride: {
    type: 'object',
    required: ['priceGridOptionId', 'unitPrice'],
    properties: {
      priceGridOptionId: {
        type: ['integer', 'null'],
        description: "null : l'hébergement (prix par nuit) ; sinon l'option de la grille (prix unitaire)",
      },
      unitPrice: { ...int, description: 'centimes TTC' },
    },
  },
  StoredPrice: {
    type: 'object',
    description:
      'Le prix d’une occupation (occupancy.pricedQuote) : le devis du moteur, ou la raison pour laquelle elle ' +
      'n’a pas pu être tarifée.',
    properties: {
      quoteDate: { ...date, description: 'date du tarif (offres, échéances), fixée au premier calcul' },
      gridPlaceTypeId: { type: ['integer', 'null'] },
      gridPartnerId: { type: ['integer', 'null'] },
      withBookingFees: {
        type: 'boolean',
        description: 'les frais de dossier du séjour sont sur cette occupation (une seule par séjour)',
      },
      quote: { oneOf: [ref('PricingQuote'), { type: 'null' }] },
      error: { type: ['object', 'null'], properties: { code: str, message: str } },
    },
  },
  AvailabilityQuery: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      startDate: date,
      endDate: date,
      persons: int,
      placeTypeId: { type: ['integer', 'null'] },
      placeFamilyId: { type: ['integer', 'null'] },
      layoutId: { type: ['integer', 'null'] },
      featureIds: ids,
      partnerId: { type: ['integer', 'null'], description: 'les allotements de ce partenaire restent proposés' },
      limit: int,
      occupants: {
        type: 'array',
        description: 'les occupants par catégorie d’âge (persons en est alors la somme)',
        items: {
          type: 'object',
          required: ['ageCategoryId', 'quantity'],
          properties: { ageCategoryId: int, quantity: int },
        },
      },
      withPrices: {
        type: 'boolean',
        description:
          'chaque emplacement avec le prix que la réservation facturera pour ces occupants (price: total, ' +
          'warnings, error)',
      },
      residential: {
        type: 'boolean',
        description: 'les emplacements résidentiels aussi (jamais pour un séjour à la nuit)',
      },
    },
  },
};
