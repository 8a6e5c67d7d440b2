// Prices of the demo campsite for the seasons its stays cover — the last one and the
// next (demoStayWindows), each with its off season until the next opening, when the
// rentals and some pitches stay open (rules-fr §9, docs/pricing.md#pricing-practice): pitches per night (a
// package of 2 persons + 1 car, supplements per extra adult or child, electricity, pet,
// visitor, extra vehicle); rentals per night with a first-night price out of season and
// per week, Saturday to Saturday, in high season; an early-booking offer, a "7 nights =
// 6" offer, a promo code and a last-minute offer; booking fees; cancellation insurance;
// tourist tax of a 4★ camping (the site's classification: 0,60 € + 10 % Morbihan). Bulk inserts only.
import { independent } from '../db/queries';
import type { Knex } from 'knex';
import { todayParis } from '../../common/dates';
import { demoStayWindows } from './stays';
import { addDays, isoWeekday, toDay } from '../domain/pricing/dates';

type Row = Record<string, any>;

/** The season the demo prices: this year's until September, next year's from October. */
export function demoSeasonYear(today: string = todayParis()): number {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 10 ? year + 1 : year;
}

/** The first Saturday on or after a date. */
function saturdayFrom(date: string): string {
  return addDays(date, (6 - isoWeekday(toDay(date)) + 7) % 7);
}

/** The years priced: those of the seasons the demo stays fall in (the last and the next). */
export function demoPriceYears(today: string = todayParis()): number[] {
  const first = Number(demoStayWindows(today).seasonA[0].slice(0, 4));
  return [first, first + 1];
}

export interface DemoSeasons {
  year: number;
  opening: string;
  midStart: string;
  highStart: string;
  highEnd: string;
  lateStart: string;
  closing: string;
}

export function demoSeasons(year = demoSeasonYear()): DemoSeasons {
  return {
    year,
    opening: `${year}-04-01`,
    midStart: saturdayFrom(`${year}-05-30`),
    highStart: saturdayFrom(`${year}-07-01`),
    highEnd: saturdayFrom(`${year}-08-23`),
    lateStart: saturdayFrom(`${year}-09-12`),
    closing: `${year}-10-01`,
  };
}

/** Exemption reasons of CGCT L2333-31: reference data, seeded with or without the demo. */
export async function seedPricingReference(knex: Knex): Promise<void> {
  await knex('tourist_tax_exemption').insert([
    {
      label: 'Mineur (moins de 18 ans)',
      legalReference: 'CGCT L2333-31 1°',
      description:
        'Exonération de droit : les catégories d’âge des mineurs sont marquées « Exonéré de taxe de séjour ».',
    },
    {
      label: 'Titulaire d’un contrat de travail saisonnier employé dans la commune',
      legalReference: 'CGCT L2333-31 2°',
    },
    {
      label: 'Bénéficiaire d’un hébergement d’urgence ou d’un relogement temporaire',
      legalReference: 'CGCT L2333-31 3°',
    },
    {
      label: 'Occupant d’un local dont le loyer est inférieur au seuil fixé par le conseil municipal',
      legalReference: 'CGCT L2333-31 4°',
    },
  ]);
}

interface PeriodSpec {
  label: string;
  startDate: string;
  endDate: string;
  [price: string]: unknown;
}

interface GridSpec {
  label: string;
  placeType: string;
  priceModel: number;
  includedOccupants?: number | null;
  description?: string;
  periods: PeriodSpec[];
  /** item → price per period (same order as periods), or null when not sold in that period */
  options: {
    item: ['ageCategoryId' | 'extraId' | 'animalTypeId' | 'vehicleTypeId', number];
    includedQuantity?: number;
    priceUnit?: number;
    prices: number[];
  }[];
}

async function byLabel(
  knex: Knex,
  table: string,
  column: 'label' | 'code' = 'label',
): Promise<(label: string) => number> {
  const rows: Row[] = await knex(table).select('id', column);
  const map = new Map(rows.map((r) => [String(r[column]), r.id as number]));
  return (label) => {
    const id = map.get(label);
    if (id === undefined) throw new Error(`seed: unknown ${table} "${label}"`);
    return id;
  };
}

/** Inserts grids with their periods, options and prices, and writes version 1 of each. */
async function insertGrids(
  knex: Knex,
  specs: GridSpec[],
  placeType: (code: string) => number,
  vat: number,
  itemLabel: (item: [string, number]) => string,
): Promise<Row[]> {
  const grids: Row[] = await knex('price_grid')
    .insert(
      specs.map((s) => ({
        label: s.label,
        placeTypeId: placeType(s.placeType),
        priceModel: s.priceModel,
        occupantPriceModel: 1,
        tvaId: vat,
        includedOccupants: s.includedOccupants ?? null,
        description: s.description ?? null,
      })),
    )
    .returning('*');
  const periodRows = specs.flatMap((s, g) =>
    s.periods.map(({ label, startDate, endDate, ...prices }) => ({
      priceGridId: grids[g].id,
      label,
      startDate,
      endDate,
      periodType: 1,
      ...prices,
      arrivalDays: JSON.stringify(prices.arrivalDays ?? []),
      departureDays: JSON.stringify(prices.departureDays ?? []),
    })),
  );
  const periods: Row[] = await knex('price_grid_period').insert(periodRows).returning('*');
  const optionRows = specs.flatMap((s, g) =>
    s.options.map((o, i) => ({
      priceGridId: grids[g].id,
      label: itemLabel(o.item),
      [o.item[0]]: o.item[1],
      includedQuantity: o.includedQuantity ?? 0,
      priceUnit: o.priceUnit ?? 1,
      order: i + 1,
    })),
  );
  const options: Row[] = optionRows.length ? await knex('price_grid_option').insert(optionRows).returning('*') : [];
  const priceRows: Row[] = [];
  let optionIndex = 0;
  specs.forEach((s, g) => {
    const gridPeriods = periods.filter((p) => p.priceGridId === grids[g].id);
    for (const o of s.options) {
      const option = options[optionIndex++];
      o.prices.forEach((price, p) => {
        if (price !== null && price !== undefined)
          priceRows.push({ priceGridOptionId: option.id, priceGridPeriodId: gridPeriods[p].id, price });
      });
    }
  });
  const prices: Row[] = priceRows.length ? await knex('option_price').insert(priceRows).returning('*') : [];
  await knex('price_grid_version').insert(
    grids.map((grid) => ({
      priceGridId: grid.id,
      historyVersion: 1,
      label: grid.label,
      change: 'Création de la grille (données de démonstration)',
      snapshot: JSON.stringify({
        grid,
        periods: periods.filter((p) => p.priceGridId === grid.id),
        options: options.filter((o) => o.priceGridId === grid.id),
        prices: prices.filter((p) => options.some((o) => o.id === p.priceGridOptionId && o.priceGridId === grid.id)),
      }),
    })),
  );
  return grids;
}

export async function seedPricingDemo(knex: Knex, years: number[] = demoPriceYears()): Promise<void> {
  const [placeType, ageCategory, extra, animal, vehicle, channel, terms, vatRows] = await independent(knex, [
    () => byLabel(knex, 'place_type', 'code'),
    () => byLabel(knex, 'age_category'),
    () => byLabel(knex, 'extra'),
    () => byLabel(knex, 'animal_type'),
    () => byLabel(knex, 'vehicle_type'),
    () => byLabel(knex, 'access_channel', 'code'),
    () => byLabel(knex, 'payment_terms'),
    () => knex('tva').select('id', 'rate'),
  ]);
  const camping = vatRows.find((v: Row) => v.rate === 1000)!.id;
  const [{ id: visitor }] = await knex('extra')
    .insert({ label: 'Visiteur (journée)', price: 300, unit: 'per-unit', tvaId: camping, color: '#8d6e63', order: 10 })
    .returning('id');
  const labels = new Map<string, string>();
  for (const [field, table] of [
    ['ageCategoryId', 'age_category'],
    ['extraId', 'extra'],
    ['animalTypeId', 'animal_type'],
    ['vehicleTypeId', 'vehicle_type'],
  ]) {
    for (const r of await knex(table).select('id', 'label')) labels.set(`${field}:${r.id}`, r.label);
  }
  const labelOf = ([field, id]: [string, number]) => labels.get(`${field}:${id}`) ?? null!;

  const allGrids: Row[] = [];
  for (const year of years) allGrids.push(...(await seedSeason(demoSeasons(year))));
  await knex('special_offer').insert({
    label: 'Code BIENVENUE : −20 €',
    publicLabel: 'Bienvenue',
    kind: 'dmds',
    type: 1,
    visibility: 2,
    amount: 2000,
    promoCode: 'BIENVENUE',
    minNights: 3,
    priceGridIds: JSON.stringify(allGrids.map((g) => g.id)),
  });

  /** One season's grids (with its off season until the next opening) and offers. */
  async function seedSeason({
    year,
    opening,
    midStart,
    highStart,
    highEnd,
    lateStart,
    closing,
  }: DemoSeasons): Promise<Row[]> {
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
    const gridIds = (filter: (g: Row) => boolean) => JSON.stringify(grids.filter(filter).map((g) => g.id));
    const pitchGrids = (g: Row) => g.label.startsWith('Emplacement');
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

  await knex('booking_fee').insert({
    label: 'Frais de dossier',
    amount: 1500,
    tvaId: camping,
    channelIds: JSON.stringify(['DIRECT', 'TEL', 'WEB'].map(channel)),
  });
  await knex('cancellation_insurance').insert({
    label: 'Assurance annulation Campez Couvert',
    insurer: 'Campez Couvert (démonstration)',
    rate: 350,
    minimumAmount: 1000,
    isDefault: true,
    description: '3,5 % du prix du séjour, 10 € minimum ; prime hors TVA.',
  });
  // The commune's rate by deliberation, one per year, the last one open-ended.
  const tariffYears = [years[0] - 1, ...years];
  await knex('tourist_tax_tariff').insert(
    tariffYears.map((y, i) => {
      const last = i === tariffYears.length - 1;
      return {
        label: `Camping 4★ – délibération de Carnac ${y}`,
        classification: 4,
        amount: 60 - 3 * (tariffYears.length - 1 - i),
        startDate: `${y}-01-01`,
        endDate: last ? null : `${y + 1}-01-01`,
        description: last ? 'Tarif communal par personne majeure et par nuit (barème légal 0,20 € – 0,60 €).' : null,
      };
    }),
  );
  await knex('tourist_tax_surcharge').insert({
    label: 'Taxe additionnelle départementale (Morbihan)',
    kind: 'departmental',
    rate: 1000,
    startDate: `${tariffYears[0]}-01-01`,
  });
  await knex('pricing_settings').insert({
    validFrom: `${tariffYears[0]}-01-01`,
    touristTaxMode: 'real',
    classification: 4,
    paymentTermsId: terms('Arrhes 25 %, solde 30 jours avant l’arrivée'),
    downPaymentDueDays: 8,
  });
}
