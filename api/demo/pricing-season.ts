// One season of the demo's prices (pricing.ts): the pitch and rental grids of the
// season with its off season until the next opening, and the season's offers.
import type { Knex } from 'knex';
import type { DemoSeasons } from './pricing-seasons';
import { insertGrids, type GridSpec, type PeriodSpec } from './pricing-grids';
import type { PriceGridRecord } from '../../common/generated/types';

/** The ids the grids name, read once for every season (pricing.ts). */
export interface SeasonRefs {
  placeType: (code: string) => number;
  ageCategory: (label: string) => number;
  extra: (label: string) => number;
  animal: (label: string) => number;
  vehicle: (label: string) => number;
  /** the visitor supplement (an extra the demo adds) */
  visitor: number;
  /** the campsite VAT rate's id */
  camping: number;
  labelOf: (item: [string, number]) => string;
}

/** One season's grids (with its off season until the next opening) and offers. */
export async function seedSeason(
  knex: Knex,
  { placeType, ageCategory, extra, animal, vehicle, visitor, camping, labelOf }: SeasonRefs,
  { year, opening, midStart, highStart, highEnd, lateStart, closing }: DemoSeasons,
): Promise<PriceGridRecord[]> {
  const offSeason = `${year + 1}-04-01`;
  // Pitches: six periods (the off season at the low price), the package includes 2 persons (the dearest first) and 1
  // car.
  const pitchPeriods = (low: number, mid: number, high: number): PeriodSpec[] => [
    { label: 'Basse saison (printemps)', startDate: opening, endDate: midStart, pricePerNight: low },
    { label: 'Moyenne saison (juin)', startDate: midStart, endDate: highStart, pricePerNight: mid },
    { label: 'Haute saison', startDate: highStart, endDate: highEnd, pricePerNight: high, minNights: 3 },
    { label: 'Moyenne saison (septembre)', startDate: highEnd, endDate: lateStart, pricePerNight: mid },
    { label: 'Basse saison (automne)', startDate: lateStart, endDate: closing, pricePerNight: low },
    { label: 'Hors saison (hiver)', startDate: closing, endDate: offSeason, pricePerNight: low },
  ];
  const byPeriod = (low: number, mid: number, high: number) => [low, mid, high, mid, low, low];
  const supplements = (withElectricity: boolean): GridSpec['options'] => [
    { item: ['ageCategoryId', ageCategory('Adulte')], prices: byPeriod(600, 700, 850) },
    { item: ['ageCategoryId', ageCategory('Enfant 13–17 ans')], prices: byPeriod(500, 600, 700) },
    { item: ['ageCategoryId', ageCategory('Enfant 3–12 ans')], prices: byPeriod(350, 400, 500) },
    ...(withElectricity
      ? [{ item: ['extraId', extra('Électricité 10 A')] as ['extraId', number], prices: byPeriod(450, 500, 550) }]
      : []),
    { item: ['animalTypeId', animal('Chien')], prices: byPeriod(300, 300, 350) },
    { item: ['animalTypeId', animal('Chat')], prices: byPeriod(250, 250, 300) },
    { item: ['animalTypeId', animal('Chien de 2e catégorie (garde et défense)')], prices: byPeriod(350, 350, 400) },
    { item: ['animalTypeId', animal('Nouvel animal de compagnie (NAC)')], prices: byPeriod(150, 150, 200) },
    { item: ['vehicleTypeId', vehicle('Voiture')], includedQuantity: 1, prices: byPeriod(300, 300, 400) },
    { item: ['vehicleTypeId', vehicle('Camping-car')], includedQuantity: 1, prices: byPeriod(300, 300, 400) },
    { item: ['vehicleTypeId', vehicle('Moto')], prices: byPeriod(200, 200, 250) },
    { item: ['extraId', visitor], priceUnit: 2, prices: byPeriod(300, 300, 400) },
  ];
  const pitch = (
    label: string,
    code: string,
    low: number,
    mid: number,
    high: number,
    withElectricity: boolean,
  ): GridSpec => ({
    label,
    placeType: code,
    priceModel: 1,
    includedOccupants: 2,
    description:
      'Forfait par nuit : emplacement, 2 personnes et 1 voiture ; suppléments par personne, électricité, ' +
      'animal, visiteur, véhicule.',
    periods: pitchPeriods(low, mid, high),
    options: supplements(withElectricity),
  });

  // Rentals: per night out of season (first night dearer, 2 nights minimum); per week,
  // Saturday to Saturday, in June, high season and September (extra nights on nights 8–13).
  const rentalNights = (first: number, night: number, mid: number): PeriodSpec[] => [
    {
      label: 'Basse saison (printemps)',
      startDate: opening,
      endDate: midStart,
      firstNightPrice: first,
      extraNightPrice: night,
      pricePerNight: night,
      minNights: 2,
    },
    {
      label: 'Moyenne saison (juin)',
      startDate: midStart,
      endDate: highStart,
      firstNightPrice: first + 1000,
      extraNightPrice: mid,
      pricePerNight: mid,
      minNights: 2,
    },
    {
      label: 'Moyenne saison (septembre)',
      startDate: highEnd,
      endDate: lateStart,
      firstNightPrice: first + 1000,
      extraNightPrice: mid,
      pricePerNight: mid,
      minNights: 2,
    },
    {
      label: 'Basse saison (automne)',
      startDate: lateStart,
      endDate: closing,
      firstNightPrice: first,
      extraNightPrice: night,
      pricePerNight: night,
      minNights: 2,
    },
    {
      label: 'Hors saison (hiver)',
      startDate: closing,
      endDate: offSeason,
      firstNightPrice: first,
      extraNightPrice: night,
      pricePerNight: night,
      minNights: 2,
    },
  ];
  const saturday = { arrivalDays: [6], departureDays: [6], minNights: 7 };
  const rentalWeeks = (mid: number, high: number, extraNight: number): PeriodSpec[] => [
    {
      label: 'Moyenne saison (juin)',
      startDate: midStart,
      endDate: highStart,
      pricePerWeek: mid,
      extraNightPrice: Math.round(mid / 7),
    },
    {
      label: 'Haute saison',
      startDate: highStart,
      endDate: highEnd,
      pricePerWeek: high,
      extraNightPrice: extraNight,
      ...saturday,
    },
    {
      label: 'Moyenne saison (septembre)',
      startDate: highEnd,
      endDate: lateStart,
      pricePerWeek: mid,
      extraNightPrice: Math.round(mid / 7),
    },
  ];
  const rentalOptions = (nightPrices: number, periods: number): GridSpec['options'] => [
    { item: ['animalTypeId', animal('Chien')], prices: Array(periods).fill(nightPrices) },
    { item: ['animalTypeId', animal('Chat')], prices: Array(periods).fill(nightPrices) },
    {
      item: ['animalTypeId', animal('Chien de 2e catégorie (garde et défense)')],
      prices: Array(periods).fill(nightPrices + 100),
    },
    { item: ['animalTypeId', animal('Nouvel animal de compagnie (NAC)')], prices: Array(periods).fill(200) },
    { item: ['extraId', extra('Ménage de fin de séjour')], priceUnit: 2, prices: Array(periods).fill(8000) },
    { item: ['extraId', extra('Location de draps (lit double)')], priceUnit: 2, prices: Array(periods).fill(1500) },
    { item: ['extraId', extra('Lit bébé')], prices: Array(periods).fill(500) },
    { item: ['vehicleTypeId', vehicle('Voiture')], includedQuantity: 1, prices: Array(periods).fill(300) },
    { item: ['vehicleTypeId', vehicle('Camping-car')], includedQuantity: 1, prices: Array(periods).fill(300) },
    { item: ['vehicleTypeId', vehicle('Moto')], prices: Array(periods).fill(200) },
  ];
  const rental = (
    code: string,
    name: string,
    p: { first: number; night: number; mid: number; weekMid: number; weekHigh: number; extraNight: number },
  ): GridSpec[] => [
    {
      label: `${name} – nuitées ${year}`,
      placeType: code,
      priceModel: 1,
      description: 'Hors saison : prix par nuit, première nuit majorée, 2 nuits minimum.',
      periods: rentalNights(p.first, p.night, p.mid),
      options: rentalOptions(400, 5),
    },
    {
      label: `${name} – semaines ${year}`,
      placeType: code,
      priceModel: 2,
      description:
        'Juin à septembre : prix à la semaine ; en haute saison du samedi au samedi, nuits supplémentaires de ' +
        'la 8e à la 13e nuit.',
      periods: rentalWeeks(p.weekMid, p.weekHigh, p.extraNight),
      options: rentalOptions(400, 3),
    },
  ];

  const grids = await insertGrids(
    knex,
    [
      pitch(`Emplacement tente ${year}`, 'TENTE', 1600, 2200, 2900, true),
      pitch(`Emplacement caravane / camping-car ${year}`, 'CARA', 1900, 2500, 3300, true),
      pitch(`Emplacement Confort électricité ${year}`, 'CONF', 2500, 3200, 4100, false),
      ...rental('MH4', 'Mobil-home 4 personnes', {
        first: 7500,
        night: 5500,
        mid: 7000,
        weekMid: 49000,
        weekHigh: 86000,
        extraNight: 12500,
      }),
      ...rental('MH6', 'Mobil-home 6 personnes', {
        first: 8500,
        night: 6500,
        mid: 8500,
        weekMid: 59000,
        weekHigh: 105000,
        extraNight: 15000,
      }),
      ...rental('CHALET', 'Chalet', {
        first: 9000,
        night: 7000,
        mid: 9000,
        weekMid: 63000,
        weekHigh: 112000,
        extraNight: 16000,
      }),
      ...rental('LODGE', 'Tente lodge', {
        first: 6000,
        night: 4500,
        mid: 6000,
        weekMid: 42000,
        weekHigh: 69000,
        extraNight: 10000,
      }),
    ],
    placeType,
    camping,
    labelOf,
  );
  const gridIds = (filter: (g: PriceGridRecord) => boolean) => JSON.stringify(grids.filter(filter).map((g) => g.id));
  const pitchGrids = (g: PriceGridRecord) => g.label.startsWith('Emplacement');
  const rentalCodes = ['MH4', 'MH6', 'CHALET', 'LODGE'].map(placeType);

  await knex('special_offer').insert([
    {
      label: `Réservez tôt ${year} : −10 %`,
      publicLabel: 'Offre réservez tôt',
      type: 2,
      visibility: 1,
      rate: 1000,
      bookingEndDate: `${year}-03-01`,
      periodStartDate: opening,
      periodEndDate: closing,
      minNights: 5,
      priceGridIds: gridIds(() => true),
      description: 'Pour toute réservation d’au moins 5 nuits faite avant le 1er mars.',
    },
    {
      label: `7 nuits = 6 en basse saison ${year}`,
      publicLabel: '7 nuits pour le prix de 6',
      type: 4,
      visibility: 2,
      stayNights: 7,
      paidNights: 6,
      periodStartDate: opening,
      periodEndDate: midStart,
      priceGridIds: gridIds(pitchGrids),
    },
  ]);
  await knex('last_minute_offer').insert({
    label: `Dernière minute locatifs ${year} : −15 %`,
    daysBeforeArrival: 7,
    rate: 1500,
    visibility: 1,
    periodStartDate: opening,
    periodEndDate: highStart,
    minNights: 2,
    placeTypeIds: JSON.stringify(rentalCodes),
  });
  return grids;
}
