// Demo residential park: the 8 residential pitches (those not let yet) let to owners of mobile homes, each
// with its contract (numbered, notice receipt recorded), the rent receipts of the
// current year (made by the module's own multi-creation, so they carry the yearly fee,
// the residential fees, the flat tourist tax and the consumption of the demo readings),
// and sublets (residential-sublets.ts). No receipt is billed here: a bill enters the
// inalterable ledger, after which the demo could no longer be reset, and every
// installation starts from the demo; the management screen shows them « à facturer »
// (decision and reasons: api/domain/residential/README.md « Demo »).
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../common/dates';
import { createReceipts } from '../domain/residential/receipts';
import { seedDemoSublets } from './residential-sublets';
import type {
  CustomerRecord,
  PlaceAffectation,
  PlaceAffectationRecord,
  PlaceRecord,
} from '../../common/generated/types';

const MAKES = [
  ['IRM', 'Super Mercure', 2016],
  ['O’Hara', '834', 2019],
  ['Rideau', 'Bermudes', 2014],
  ['Louisiane', 'Florida', 2021],
  ['Trigano', 'Evasion', 2012],
  ['IRM', 'Loggia', 2022],
  ['Willerby', 'Rio', 2018],
  ['O’Hara', '1064', 2020],
] as const;

export async function seedResidentialDemo(knex: Knex, today = todayParis()): Promise<void> {
  const places: Pick<PlaceRecord, 'id' | 'code'>[] = await knex('place as p')
    .join('place_type as t', 't.id', 'p.placeTypeId')
    .where('t.isResidential', true)
    .whereNotExists((q) => q.select(knex.raw('1')).from('place_affectation as a').whereRaw('a.place_id = p.id'))
    .orderBy('p.code')
    .select('p.id', 'p.code');
  if (!places.length) return;
  const customers: Pick<CustomerRecord, 'id' | 'firstName' | 'lastName'>[] = await knex('customer')
    .whereNotNull('address1')
    .orderBy('id')
    .limit(40)
    .select('id', 'firstName', 'lastName');
  const parcels: { id: number }[] = await knex('parcel_type').orderBy('id').select('id');
  const elec = await knex('meter_type').where('label', 'Électricité').first('id');
  const year = Number(today.slice(0, 4));
  // JSON columns are sent as text (node-pg would send an array as a PostgreSQL array).
  const affs: (Omit<Partial<PlaceAffectation>, 'meterTypeIds'> & { meterTypeIds: string })[] = [];
  for (const [i, p] of places.entries()) {
    const [make, model, built] = MAKES[i % MAKES.length];
    const startYear = Math.min(built + 1, year - 1);
    const rated = i % 3 === 1;
    affs.push({
      placeId: p.id,
      customerId: customers[(i * 5) % customers.length].id,
      startDate: `${startYear}-0${1 + (i % 4) * 2}-01`,
      isIndefinite: true,
      parcelTypeId: parcels[i % parcels.length]?.id ?? null,
      // Every fee explicit: the demo never depends on a parcel price period for the current year.
      yearlyFee: rated ? 270000 : [268000, 320000, 392000][i % 3],
      deadlines: ([4, 1, 2, 4, 12, 4, 1, 4] as const)[i % 8],
      revisionRule: rated ? 'rate' : 'fixed',
      revisionRateBp: rated ? 150 : 0,
      mobileHomeMake: make,
      mobileHomeModel: model,
      mobileHomeYear: built,
      mobileHomeLength: 850 + (i % 3) * 100,
      mobileHomeWidth: 400,
      mobileHomeSerial: `VF9${String(100000 + p.id * 37)}`,
      maxOccupants: 4 + (i % 3),
      meterTypeIds: JSON.stringify(elec ? [elec.id] : []),
      touristTaxMode: 'flat',
      touristTaxFlat: 4400 + (i % 3) * 1100,
      visitorFee: 500,
    });
  }
  const saved: Pick<PlaceAffectationRecord, 'id' | 'startDate'>[] = await knex('place_affectation')
    .insert(affs)
    .returning(['id', 'startDate']);
  const byYear = new Map<string, number>();
  await knex('residential_contract').insert(
    saved.map((a) => {
      const y = a.startDate.slice(0, 4);
      const n = (byYear.get(y) ?? 0) + 1;
      byYear.set(y, n);
      return {
        placeAffectationId: a.id,
        number: `CR-${y}-${String(n).padStart(3, '0')}`,
        startDate: a.startDate,
        isIndefinite: true,
        noticeGivenOn: addDays(a.startDate, -30),
        noticeReceiptDate: addDays(a.startDate, -28),
        signedOn: addDays(a.startDate, -14),
        renewal: 'tacit',
      };
    }),
  );
  // Sublets (through the campsite with their stays, and one by a resident), before the receipts that bill them.
  await seedDemoSublets(
    knex,
    saved.map((a) => a.id),
    [customers[1 % customers.length], customers[2 % customers.length]],
    today,
  );
  await createReceipts(knex, { year });
}
