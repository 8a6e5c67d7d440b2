// Named schemas of what the stay routes are sent: occupancies, a new booking, price
// overrides, stored prices and the availability query (part of ./openapi.ts).
import { closed, date, ids, int, orNull, ref, str } from '../../http/schema-parts';

/** An occupancy's occupants of one age category (OccupancyInput, and the price preview's occupancy). */
export const OCCUPANT_ROW = {
  type: 'object',
  required: ['ageCategoryId', 'quantity'],
  properties: {
    ageCategoryId: int,
    quantity: int,
    exemptQuantity: { ...int, description: 'dont exonérés de taxe de séjour (≤ quantity)' },
    touristTaxExemptionId: {
      type: ['integer', 'null'],
      description: "motif d'exonération (obligatoire si exemptQuantity > 0)",
    },
  },
};
/** An occupancy's animals of one type. */
export const ANIMAL_ROW = {
  type: 'object',
  required: ['animalTypeId'],
  properties: { animalTypeId: int, quantity: int, customerAnimalId: int },
};
/** One vehicle of an occupancy. */
export const VEHICLE_ROW = {
  type: 'object',
  required: ['vehicleTypeId'],
  properties: {
    vehicleTypeId: int,
    licencePlate: { type: ['string', 'null'] },
    customerVehicleId: { type: ['integer', 'null'] },
  },
};

export const WRITE_SCHEMAS: Record<string, object> = {
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
      details: { type: 'array', items: OCCUPANT_ROW },
      animals: { type: 'array', items: ANIMAL_ROW },
      vehicles: { type: 'array', items: VEHICLE_ROW },
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
    ...closed({
      quoteDate: { ...date, description: 'date du tarif (offres, échéances), fixée au premier calcul' },
      gridPlaceTypeId: { type: ['integer', 'null'] },
      gridPartnerId: { type: ['integer', 'null'] },
      withBookingFees: {
        type: 'boolean',
        description: 'les frais de dossier du séjour sont sur cette occupation (une seule par séjour)',
      },
      quote: { oneOf: [ref('PricingQuote'), { type: 'null' }] },
      error: orNull(closed({ code: str, message: str })),
    }),
    description:
      'Le prix d’une occupation (occupancy.pricedQuote) : le devis du moteur, ou la raison pour laquelle elle ' +
      'n’a pas pu être tarifée.',
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
