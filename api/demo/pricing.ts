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
import { demoPriceYears, demoSeasons } from './pricing-seasons';
import { byLabel } from './pricing-grids';
import { seedSeason } from './pricing-season';
import type { PriceGridRecord, TvaRecord } from '../../common/generated/types';

export { demoSeasonYear, demoPriceYears, demoSeasons, type DemoSeasons } from './pricing-seasons';

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
  const camping = vatRows.find((v: Pick<TvaRecord, 'id' | 'rate'>) => v.rate === 1000)!.id;
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

  const allGrids: PriceGridRecord[] = [];
  const refs = { placeType, ageCategory, extra, animal, vehicle, visitor, camping, labelOf };
  for (const year of years) allGrids.push(...(await seedSeason(knex, refs, demoSeasons(year))));
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
