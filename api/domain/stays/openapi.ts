// OpenAPI path items and schemas of the hand-written stay, customer and catalogue
// routes, merged into api/openapi-domain.ts and from there into
// api/generated/openapi.json. Pure data.
import { body, date, int, json, ok, ref, str } from '../../openapi-parts';
import type { Action } from './state-machine';

const ids = { type: 'array', items: int };
const idParam = (name = 'id') => ({ name, in: 'path', required: true, schema: int });
const dateQuery = (name: string, description: string) => ({ name, in: 'query', required: false, schema: date, description });
const tags = ['stays'];

/** The state machine's actions as routes: summary and body properties (the module checks them and says why). */
export const ACTION_DOCS: Record<Action, { summary: string; body?: Record<string, object> }> = {
  confirm: { summary: 'Confirme un séjour temporaire (client et emplacements requis)' },
  'set-in-progress': { summary: 'Marque un séjour temporaire en cours de traitement' },
  abandon: { summary: 'Abandonne un séjour temporaire (libère les emplacements)' },
  validate: { summary: 'Valide une réservation ou un passage' },
  cancel: { summary: 'Annule le séjour (motif obligatoire ; refusé avec une occupation partenaire)', body: { reason: str } },
  'mark-cancelling': { summary: "Marque le séjour « en cours d'annulation »", body: { reason: str } },
  'withdraw-cancelling': { summary: "Retire la demande d'annulation" },
  refuse: { summary: 'Refuse le séjour, avec ou sans contre-proposition', body: { reason: str, counterProposal: str } },
  arrive: { summary: "Coche le client arrivé, à partir du jour d'arrivée moins la tolérance des préférences (ARRIVAL_TOO_EARLY, ALREADY_ARRIVED, ALREADY_GONE)" },
  depart: { summary: 'Coche le client parti (NOT_ARRIVED avant son arrivée, ALREADY_GONE ensuite)' },
  'early-departure': { summary: 'Départ anticipé : les nuits à partir de date sont libérées', body: { date } },
  convert: { summary: 'Convertit la nature : option ↔ réservation, devis → option, réservation ou passage', body: { kind: { enum: ['quote', 'option', 'booking', 'passage'] }, date: { ...date, description: "échéance d'une option" } } },
  reset: { summary: 'Réinitialisation DELETED : le séjour garde son numéro, ses occupations sont supprimées (droit de suppression)', body: { reason: str } },
  expire: { summary: 'Expire une option (libère les emplacements)' },
  'undo-arrival': { summary: "Annule l'arrivée enregistrée, le jour même (motif obligatoire ; droit de suppression)", body: { reason: str } },
  'undo-departure': { summary: 'Annule le départ enregistré, le jour même (motif obligatoire ; droit de suppression)', body: { reason: str } },
};

export const STAYS_SCHEMAS: Record<string, object> = {
  CustomerEdit: {
    type: 'object',
    description: 'Le client (ses champs) et, pour les écrans du §3, ses autres adresses et les choix de civilité et de pays.',
    properties: {
      id: int, civilityId: { type: ['integer', 'null'] }, languageId: { type: ['integer', 'null'] }, countryId: { type: ['integer', 'null'] },
      addressList: { type: 'array', items: { type: 'object', properties: { id: int, label: str, address1: str, address2: str, postalCode: str, town: str, countryId: { type: ['integer', 'null'] }, isBilling: { type: 'boolean' } } } },
      availableCivility: { type: 'array', readOnly: true, items: { type: 'object', properties: { id: int, shortLabel: str, label: str, isLegalEntity: { type: 'boolean' }, isDefault: { type: 'boolean' } } } },
      availableCountry: { type: 'array', readOnly: true, items: { type: 'object', properties: { id: int, isoCode: str, name: str, languageId: { type: ['integer', 'null'] }, isDefault: { type: 'boolean' } } } },
    },
  },
  BookingSummary: {
    type: 'object',
    description: 'Un séjour, ses occupations (occupants par catégorie d’âge, animaux, véhicules, extras, accompagnants), les actions permises et l’historique.',
    properties: {
      booking: ref('Booking'), customer: { type: ['object', 'null'] }, partner: { type: ['object', 'null'] },
      occupancies: { type: 'array', items: { type: 'object' } }, actions: { type: 'array', items: str }, history: { type: 'array', items: { type: 'object' } },
    },
  },
  OccupancyInput: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      placeId: { type: ['integer', 'null'] }, placeTypeId: { type: ['integer', 'null'] }, equipmentId: { type: ['integer', 'null'] },
      startDate: date, endDate: { ...date, description: 'départ (exclu) : [startDate, endDate)' }, isLocked: { type: 'boolean' }, notes: str,
      priceOverrides: { type: 'array', items: ref('PriceOverride'), description: 'prix manuels, gardés et signalés « prix modifié manuellement »' },
      details: {
        type: 'array',
        items: {
          type: 'object', required: ['ageCategoryId', 'quantity'],
          properties: { ageCategoryId: int, quantity: int, exemptQuantity: { ...int, description: 'dont exonérés de taxe de séjour (≤ quantity)' }, touristTaxExemptionId: { ...int, description: "motif d'exonération (obligatoire si exemptQuantity > 0)" } },
        },
      },
      animals: { type: 'array', items: { type: 'object', required: ['animalTypeId'], properties: { animalTypeId: int, quantity: int, customerAnimalId: int } } },
      vehicles: { type: 'array', items: { type: 'object', required: ['vehicleTypeId'], properties: { vehicleTypeId: int, licencePlate: str, customerVehicleId: int } } },
      extras: { type: 'array', items: { type: 'object', required: ['extraId'], properties: { extraId: int, quantity: int, startDate: date, endDate: date } } },
      attendantIds: ids,
    },
  },
  BookingCreate: {
    type: 'object',
    properties: {
      temporary: { type: 'boolean', description: 'true : « create temp » (statut Temporaire) ; sinon le séjour est confirmé (client et emplacements requis)' },
      kind: { enum: ['quote', 'option', 'booking', 'passage'] }, customerId: { type: ['integer', 'null'] }, partnerId: { type: ['integer', 'null'] },
      accessChannelId: { type: ['integer', 'null'] }, optionExpiryDate: date, notes: str,
      promoCode: { type: ['string', 'null'] }, discountIds: ids, withCancellationInsurance: { type: 'boolean' },
      occupancies: { type: 'array', items: ref('OccupancyInput') },
    },
    description: 'Le prix est celui du serveur (moteur de prix) : un montant envoyé est ignoré.',
  },
  PriceOverride: {
    type: 'object', required: ['priceGridOptionId', 'unitPrice'],
    properties: {
      priceGridOptionId: { type: ['integer', 'null'], description: "null : l'hébergement (prix par nuit) ; sinon l'option de la grille (prix unitaire)" },
      unitPrice: { ...int, description: 'centimes TTC' },
    },
  },
  StoredPrice: {
    type: 'object',
    description: 'Le prix d’une occupation (occupancy.pricedQuote) : le devis du moteur, ou la raison pour laquelle elle n’a pas pu être tarifée.',
    properties: {
      quoteDate: { ...date, description: 'date du tarif (offres, échéances), fixée au premier calcul' },
      gridPlaceTypeId: { type: ['integer', 'null'] }, gridPartnerId: { type: ['integer', 'null'] },
      withBookingFees: { type: 'boolean', description: 'les frais de dossier du séjour sont sur cette occupation (une seule par séjour)' },
      quote: { oneOf: [ref('PricingQuote'), { type: 'null' }] },
      error: { type: ['object', 'null'], properties: { code: str, message: str } },
    },
  },
  AvailabilityQuery: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      startDate: date, endDate: date, persons: int, placeTypeId: { type: ['integer', 'null'] }, placeFamilyId: { type: ['integer', 'null'] },
      layoutId: { type: ['integer', 'null'] }, featureIds: ids, partnerId: { type: ['integer', 'null'], description: 'les allotements de ce partenaire restent proposés' }, limit: int,
      occupants: { type: 'array', description: 'les occupants par catégorie d’âge (persons en est alors la somme)', items: { type: 'object', required: ['ageCategoryId', 'quantity'], properties: { ageCategoryId: int, quantity: int } } },
      withPrices: { type: 'boolean', description: 'chaque emplacement avec le prix que la réservation facturera pour ces occupants (price: total, warnings, error)' },
      residential: { type: 'boolean', description: 'les emplacements résidentiels aussi (jamais pour un séjour à la nuit)' },
    },
  },
};

export const STAYS_PATHS: Record<string, object> = {
  '/rest/place/{id}/images': {
    post: {
      tags: ['catalogue'], summary: 'Ajoute une image à un emplacement (champ multipart uploadfile ; .jpg .jpeg .png .gif, contenu vérifié, 2 Mo au plus)', parameters: [idParam()],
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['uploadfile'], properties: { uploadfile: { type: 'string', format: 'binary' } } } } } },
      responses: ok('Les images de l’emplacement', { type: 'object', properties: { status: str, placeId: int, images: { type: 'array', items: str } } }),
    },
  },
  '/rest/place/{id}/images/delete': {
    post: {
      tags: ['catalogue'], summary: "Retire une image d'un emplacement et supprime son fichier", parameters: [idParam()],
      requestBody: body({ type: 'object', required: ['image'], properties: { image: { ...str, description: 'place-{placeId}/{nom}.{extension}' } } }),
      responses: ok('Les images de l’emplacement', { type: 'object', properties: { status: str, placeId: int, images: { type: 'array', items: str } } }),
    },
  },
  '/rest/image/show/{extension}/{path}/{name}': {
    get: {
      tags: ['catalogue'], summary: "Affiche une image d'emplacement par extension, chemin (place-{placeId}) et nom",
      parameters: [{ name: 'extension', in: 'path', required: true, schema: { enum: ['jpg', 'jpeg', 'png', 'gif'] } }, { name: 'path', in: 'path', required: true, schema: str }, { name: 'name', in: 'path', required: true, schema: str }],
      responses: { 200: { description: "L'image", content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } }, 404: { description: 'Image inconnue', content: json({ $ref: '#/components/schemas/Error' }) } },
    },
  },
  '/rest/place/{id}/features': {
    get: { tags: ['catalogue'], summary: "Caractéristiques d'un emplacement", parameters: [idParam()], responses: ok('Identifiants', { type: 'object', properties: { placeId: int, featureIds: ids } }) },
    put: { tags: ['catalogue'], summary: "Remplace les caractéristiques d'un emplacement", parameters: [idParam()], requestBody: body({ type: 'object', required: ['featureIds'], properties: { featureIds: ids } }), responses: ok('Identifiants', { type: 'object' }) },
  },
};
