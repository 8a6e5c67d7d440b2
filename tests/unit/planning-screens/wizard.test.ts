import { describe, expect, it } from 'vitest';
import {
  draftBody,
  draftFromSummary,
  EMPTY_DRAFT,
  errorText,
  occupancyBody,
  parseRoute,
  previewBody,
  routeUrl,
  stayErrors,
  type Draft,
} from '../../../custom-screens/new-booking/wizardModel';

const draft = (o: Partial<Draft>): Draft => ({ ...EMPTY_DRAFT, ...o });

describe('route', () => {
  it('reads and writes the seven parameters of /new-booking', () => {
    const r = parseRoute({
      activeKey: '3',
      bookingId: '0',
      tempBookingId: '44',
      occupancyId: '0',
      tempOccupancyId: '81',
      customerId: '9',
      statusId: '1',
    });
    expect(r).toEqual({
      activeKey: 3,
      bookingId: 0,
      tempBookingId: 44,
      occupancyId: 0,
      tempOccupancyId: 81,
      customerId: 9,
      statusId: 1,
    });
    expect(routeUrl(r, '?placeId=2')).toBe('/new-booking/3/0/44/0/81/9/1?placeId=2');
    expect(parseRoute({})).toEqual({
      activeKey: 1,
      bookingId: 0,
      tempBookingId: 0,
      occupancyId: 0,
      tempOccupancyId: 0,
      customerId: 0,
      statusId: 0,
    });
    expect(parseRoute({ activeKey: '9', bookingId: 'x' })).toMatchObject({ activeKey: 1, bookingId: 0 });
  });
});

describe('first step checks (French)', () => {
  it('asks for both dates, in order, and someone', () => {
    expect(stayErrors(draft({}))).toEqual({
      startDate: 'Dates de début et de fin obligatoires',
      endDate: 'Dates de début et de fin obligatoires',
      occupants: 'Indiquez au moins un occupant',
    });
    expect(stayErrors(draft({ startDate: '2026-07-05', endDate: '2026-07-05', occupants: { 1: 2 } }))).toEqual({
      endDate: 'La date de début ne peut pas être égale à la date de fin',
    });
    expect(stayErrors(draft({ startDate: '2026-07-05', endDate: '2026-07-01', occupants: { 1: 2 } }))).toEqual({
      endDate: 'La date de début doit précéder la date de fin',
    });
    expect(stayErrors(draft({ startDate: '2026-07-01', endDate: '2026-07-08', occupants: { 1: 2, 2: 0 } }))).toEqual(
      {},
    );
  });
});

describe('requests', () => {
  const d = draft({
    startDate: '2026-07-01',
    endDate: '2026-07-08',
    occupants: { 1: 2, 3: 1, 4: 0 },
    placeId: 12,
    equipmentId: 5,
    animals: [
      { animalTypeId: 2, quantity: 1 },
      { animalTypeId: 3, quantity: 0 },
    ],
    vehicles: [
      { vehicleTypeId: 7, licencePlate: ' AB-123-CD ' },
      { vehicleTypeId: 7, licencePlate: '' },
    ],
    extras: [{ extraId: 4, quantity: 2 }],
    promoCode: ' ETE ',
    discountIds: [3],
    withCancellationInsurance: true,
    accessChannelId: 6,
  });
  const withPrices = draft({
    ...d,
    partnerId: 8,
    exemptions: { 1: { quantity: 1, reasonId: 2 }, 3: { quantity: 5, reasonId: 2 } },
    overrides: [
      { priceGridOptionId: null, unitPrice: 2500 },
      { priceGridOptionId: 14, unitPrice: 300 },
    ],
  });
  it(
    'asks the server to price the draft as it would be saved: partner, channel, promo code, discounts, insurance, ' +
      'exemptions, manual prices',
    () => {
      expect(previewBody(withPrices)).toEqual({
        occupancy: {
          placeId: 12,
          startDate: '2026-07-01',
          endDate: '2026-07-08',
          details: [
            { ageCategoryId: 1, quantity: 2, exemptQuantity: 1, touristTaxExemptionId: 2 },
            { ageCategoryId: 3, quantity: 1, exemptQuantity: 1, touristTaxExemptionId: 2 },
          ],
          animals: [{ animalTypeId: 2, quantity: 1 }],
          vehicles: [
            { vehicleTypeId: 7, licencePlate: 'AB-123-CD', customerVehicleId: null },
            { vehicleTypeId: 7, licencePlate: null, customerVehicleId: null },
          ],
          extras: [{ extraId: 4, quantity: 2 }],
          priceOverrides: [
            { priceGridOptionId: null, unitPrice: 2500 },
            { priceGridOptionId: 14, unitPrice: 300 },
          ],
        },
        booking: {
          accessChannelId: 6,
          partnerId: 8,
          promoCode: 'ETE',
          discountIds: [3],
          withCancellationInsurance: true,
        },
      });
    },
  );
  it('sends the occupancy as the stays module takes it, and never a price', () => {
    expect(occupancyBody(d)).toEqual({
      placeId: 12,
      equipmentId: 5,
      startDate: '2026-07-01',
      endDate: '2026-07-08',
      details: [
        { ageCategoryId: 1, quantity: 2 },
        { ageCategoryId: 3, quantity: 1 },
      ],
      animals: [{ animalTypeId: 2, quantity: 1 }],
      vehicles: [
        { vehicleTypeId: 7, licencePlate: 'AB-123-CD', customerVehicleId: null },
        { vehicleTypeId: 7, licencePlate: null, customerVehicleId: null },
      ],
      extras: [{ extraId: 4, quantity: 2 }],
      priceOverrides: [],
    });
    const body = draftBody(withPrices);
    expect(body).toMatchObject({
      customerId: null,
      partnerId: 8,
      accessChannelId: 6,
      promoCode: 'ETE',
      discountIds: [3],
      withCancellationInsurance: true,
      notes: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/total|amount/i);
  });
  it(
    'reads a temporary booking back (reload): ' + 'the booking’s pricing choices, the search filters from the session',
    () => {
      const s = {
        booking: {
          customerId: 9,
          accessChannelId: 6,
          partnerId: 8,
          promoCode: 'ETE',
          discountIds: [3],
          withCancellationInsurance: true,
          notes: 'Arrivée tardive',
        },
        occupancies: [
          {
            id: 40,
            isCancelled: false,
            placeId: 12,
            equipmentId: null,
            startDate: '2026-07-01',
            endDate: '2026-07-08',
            priceOverrides: [{ priceGridOptionId: null, unitPrice: 2500 }],
            details: [{ ageCategoryId: 1, quantity: 2, exemptQuantity: 1, touristTaxExemptionId: 2 }],
            animals: [{ animalTypeId: 2, quantity: 1 }],
            vehicles: [{ vehicleTypeId: 7, licencePlate: 'AB-123-CD', customerVehicleId: 3 }],
            extras: [{ extraId: 4, quantity: 2 }],
          },
        ],
      };
      expect(draftFromSummary(s, { placeTypeId: 5 })).toEqual(
        draft({
          startDate: '2026-07-01',
          endDate: '2026-07-08',
          occupants: { 1: 2 },
          exemptions: { 1: { quantity: 1, reasonId: 2 } },
          placeId: 12,
          placeTypeId: 5,
          customerId: 9,
          accessChannelId: 6,
          partnerId: 8,
          notes: 'Arrivée tardive',
          promoCode: 'ETE',
          discountIds: [3],
          withCancellationInsurance: true,
          animals: [{ animalTypeId: 2, quantity: 1 }],
          vehicles: [{ vehicleTypeId: 7, licencePlate: 'AB-123-CD', customerVehicleId: 3 }],
          extras: [{ extraId: 4, quantity: 2 }],
          overrides: [{ priceGridOptionId: null, unitPrice: 2500 }],
        }),
      );
    },
  );
  it('reads the occupancy being edited, not the first one', () => {
    const s = {
      booking: { customerId: 9 },
      occupancies: [
        { id: 40, isCancelled: false, placeId: 12, startDate: '2026-07-01', endDate: '2026-07-08', details: [] },
        {
          id: 41,
          isCancelled: false,
          placeId: 13,
          startDate: '2026-07-03',
          endDate: '2026-07-05',
          details: [{ ageCategoryId: 1, quantity: 1 }],
        },
      ],
    };
    expect(draftFromSummary(s, {}, 41)).toMatchObject({
      placeId: 13,
      startDate: '2026-07-03',
      endDate: '2026-07-05',
      occupants: { 1: 1 },
    });
  });
  it('shows the server message and its field errors', () => {
    expect(
      errorText({ message: 'Le formulaire contient des erreurs', body: { errors: { lastName: 'Champ obligatoire' } } }),
    ).toBe('Le formulaire contient des erreurs : Champ obligatoire');
    expect(
      errorText({ message: 'Emplacement indisponible', body: { errors: { placeId: 'Emplacement indisponible' } } }),
    ).toBe('Emplacement indisponible');
    expect(errorText(null)).toBe('Une erreur est survenue');
  });
});
