// Residential (year-round) settings: parcel types and their yearly prices,
// residential fees, meter types and their tariffs.
import type { Knex } from 'knex';
import { id, insertIds } from './ids';
import type { Finance } from './finance';

export async function seedResidential(knex: Knex, { tva }: Finance): Promise<void> {
  const parcels = await insertIds(
    knex,
    'parcel_type',
    [
      { label: 'Parcelle standard', surface: 100 },
      { label: 'Grande parcelle', surface: 150 },
      { label: 'Parcelle vue mer', surface: 180 },
    ],
    'label',
  );
  const years = [
    ['2025-01-01', '2026-01-01'],
    ['2026-01-01', '2027-01-01'],
  ] as const;
  const yearly = (byYear: [number, number]) =>
    years.map(([startDate, endDate], i) => ({ startDate, endDate, price: byYear[i] }));
  await knex('parcel_type_price_period').insert([
    ...yearly([260000, 268000]).map((p) => ({ ...p, parcelTypeId: id(parcels, 'Parcelle standard') })),
    ...yearly([310000, 320000]).map((p) => ({ ...p, parcelTypeId: id(parcels, 'Grande parcelle') })),
    ...yearly([380000, 392000]).map((p) => ({ ...p, parcelTypeId: id(parcels, 'Parcelle vue mer') })),
  ]);

  // rules-fr §2 (docs/billing.md#vat-and-invoice-mentions): the VAT rate of residential fees is a setting (20 % here).
  const standard = id(tva, '2000');
  const fees = await insertIds(
    knex,
    'residential_fees',
    [
      { label: 'Forfait ordures ménagères', amount: 18000, periodicity: 'yearly', tvaId: standard },
      { label: 'Entretien des espaces verts', amount: 3500, periodicity: 'quarterly', tvaId: standard },
      { label: 'Forfait hivernage', amount: 25000, periodicity: 'yearly', tvaId: standard },
    ],
    'label',
  );
  await knex('residential_fees_price_period').insert([
    ...yearly([18000, 18500]).map((p) => ({ ...p, residentialFeesId: id(fees, 'Forfait ordures ménagères') })),
    ...yearly([3500, 3600]).map((p) => ({ ...p, residentialFeesId: id(fees, 'Entretien des espaces verts') })),
    ...yearly([25000, 25000]).map((p) => ({ ...p, residentialFeesId: id(fees, 'Forfait hivernage') })),
  ]);

  const meters = await insertIds(
    knex,
    'meter_type',
    [
      { label: 'Électricité', unit: 'kWh', tvaId: standard },
      { label: 'Eau', unit: 'm³', tvaId: id(tva, '550') },
    ],
    'label',
  );
  await knex('meter_tarification_type').insert([
    {
      meterTypeId: id(meters, 'Électricité'),
      label: 'Électricité 2025',
      unitPrice: 25,
      startDate: '2025-01-01',
      endDate: '2026-01-01',
    },
    {
      meterTypeId: id(meters, 'Électricité'),
      label: 'Électricité 2026',
      unitPrice: 26,
      startDate: '2026-01-01',
      endDate: null,
    },
    {
      meterTypeId: id(meters, 'Eau'),
      label: 'Eau 2025',
      unitPrice: 452,
      startDate: '2025-01-01',
      endDate: '2026-01-01',
    },
    { meterTypeId: id(meters, 'Eau'), label: 'Eau 2026', unitPrice: 468, startDate: '2026-01-01', endDate: null },
  ]);
  // Water by slices from 2026 (a progressive tariff): dearer beyond 30 m³ between two readings.
  const water2026 = await knex('meter_tarification_type').where('label', 'Eau 2026').first('id');
  await knex('meter_tarification_slice').insert({
    meterTarificationTypeId: water2026.id,
    fromQuantity: 30,
    unitPrice: 562,
  });
}
