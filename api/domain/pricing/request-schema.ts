// The body of POST /rest/pricing/quote (and quoteForStay's input) as a JSON Schema:
// validated with ajv by quote-for-stay.ts, published in the OpenAPI document. Pure data.
const id = { type: 'integer', minimum: 1, maximum: 2147483647 };
const optId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 };
const qty = { type: 'integer', minimum: 0, maximum: 100000 };
const date = { type: 'string', format: 'date' };
const optDate = { type: ['string', 'null'], format: 'date' };
const dated = (key: string) => ({
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    additionalProperties: false,
    required: [key, 'quantity'],
    properties: { [key]: id, quantity: qty, startDate: optDate, endDate: optDate },
  },
});

export const QUOTE_REQUEST_SCHEMA = {
  $id: 'bivouac:pricing-quote-request',
  type: 'object',
  additionalProperties: false,
  required: ['startDate', 'endDate'],
  properties: {
    priceGridId: optId,
    placeTypeId: optId,
    placeId: optId,
    /** the equipment the guests bring or rent: its capacity limits the occupants */
    equipmentId: optId,
    historyVersion: optId,
    startDate: date,
    endDate: date,
    quoteDate: date,
    occupants: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['ageCategoryId', 'quantity'],
        properties: { ageCategoryId: id, quantity: qty, exemptQuantity: qty },
      },
    },
    animals: dated('animalTypeId'),
    vehicles: dated('vehicleTypeId'),
    extras: dated('extraId'),
    options: dated('priceGridOptionId'),
    promoCode: { type: ['string', 'null'], maxLength: 30 },
    channelId: optId,
    partnerId: optId,
    discountIds: { type: 'array', maxItems: 20, uniqueItems: true, items: id },
    withCancellationInsurance: { type: 'boolean' },
    cancellationInsuranceId: optId,
    overrides: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['priceGridOptionId', 'unitPrice'],
        properties: { priceGridOptionId: optId, unitPrice: { type: 'integer', minimum: 0, maximum: 100_000_000 } },
      },
    },
  },
} as const;
