// Demo sublets of the residential park: through the campsite, one in July of this year
// (its resident's share paid back on the third quarter's receipt) and one meeting the
// coming week (the home tile counts it), each with its stay on the planning board at the
// resident's price (commission + share, as the module's own sublet-stay.ts makes it);
// and one by a resident themselves three weeks ago (visitor fees and tourist tax on the
// receipt). Bulk inserts only, like the other demo stays: the domain hooks are not
// registered when the first start seeds the demo.
import type { Knex } from 'knex';
import { addDays } from '../../common/dates';
import { STATUS } from '../domain/stays/status';
import { applyChannelPrice } from '../domain/stays/channel-price';
import { subletStayLines } from '../domain/residential/sublet-stay';
import { subletSplit } from '../domain/residential/engine';
import type { CustomerRecord, PlaceAffectationRecord, PlaceTypeRecord } from '../../common/generated/types';

type Person = Pick<CustomerRecord, 'firstName' | 'lastName'>;
type Resident = Pick<CustomerRecord, 'id'> & Person;
/** Who stays: a demo customer, or the resident's family (no customer). */
type Occupant = Partial<Pick<CustomerRecord, 'id' | 'firstName'>> & Pick<CustomerRecord, 'lastName'>;
/** A let place as the sublets read it, with its resident. */
type SubletAff = Pick<PlaceAffectationRecord, 'id' | 'placeId' | 'customerId'> &
  Pick<PlaceTypeRecord, 'tvaId'> & { placeTypeId: number | null; resident: Resident };
interface Sublet {
  aff: SubletAff;
  occupant: Occupant;
  startDate: string;
  endDate: string;
  mode: 'campsite' | 'resident';
  persons: number;
  price: number;
  commissionRateBp: number;
}

const name = (c: Person) => `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim();

/** The sublet's stay: a booking of its occupant on the resident's place, priced as the module prices it. */
async function stayOf(knex: Knex, s: Sublet, today: string): Promise<number> {
  const [booking] = await knex('booking')
    .insert({
      kind: 'booking',
      statusId: s.endDate <= today ? STATUS.GONE : STATUS.CONFIRMED,
      customerId: s.occupant.id,
      startDate: s.startDate,
      endDate: s.endDate,
      persons: s.persons,
      notes: `Sous-location du mobil-home de ${name(s.aff.resident)} par le camping`,
    })
    .returning('id');
  const [occ] = await knex('occupancy')
    .insert({
      bookingId: booking.id,
      placeId: s.aff.placeId,
      placeTypeId: s.aff.placeTypeId,
      startDate: s.startDate,
      endDate: s.endDate,
      quoteDate: today,
    })
    .returning('id');
  const adult = await knex('age_category')
    .where('isActif', true)
    .orderBy([{ column: 'minAge', order: 'desc' }, { column: 'id' }])
    .first('id');
  if (adult)
    await knex('occupancy_detail').insert({ occupancyId: occ.id, ageCategoryId: adult.id, quantity: s.persons });
  const rate =
    (
      await knex('tva')
        .where('id', s.aff.tvaId ?? 0)
        .first('rate')
    )?.rate ?? 1000;
  const lines = subletStayLines(s, name(s.aff.resident), rate);
  await applyChannelPrice(knex as Knex.Transaction, booking.id, lines, today, 'SUBLET_PRICE_KEPT');
  return booking.id;
}

export async function seedDemoSublets(
  knex: Knex,
  affIds: number[],
  occupants: Occupant[],
  today: string,
): Promise<void> {
  const affs: SubletAff[] = await knex('place_affectation as a')
    .join('place as p', 'p.id', 'a.placeId')
    .join('place_type as t', 't.id', 'p.placeTypeId')
    .whereIn('a.id', affIds)
    .orderBy('a.id')
    .select('a.id', 'a.placeId', 'a.customerId', 'p.placeTypeId', 't.tvaId');
  const residents = new Map<number, Resident>(
    (
      await knex('customer')
        .whereIn(
          'id',
          affs.map((a) => a.customerId),
        )
        .select('id', 'firstName', 'lastName')
    ).map((c: Resident) => [c.id, c]),
  );
  // Every let place has its resident (the affectation's customer).
  for (const a of affs) a.resident = residents.get(a.customerId)!;
  const year = today.slice(0, 4);
  const plans: Sublet[] = [
    { startDate: `${year}-07-05`, endDate: `${year}-07-19`, persons: 4, price: 56000, commissionRateBp: 2500 },
    { startDate: addDays(today, 2), endDate: addDays(today, 9), persons: 3, price: 38500, commissionRateBp: 2000 },
  ].flatMap((p, i) => (affs[i] ? [{ ...p, aff: affs[i], occupant: occupants[i], mode: 'campsite' as const }] : []));
  const own = affs[2];
  if (own && addDays(today, -20).slice(0, 4) === year)
    plans.push({
      aff: own,
      occupant: { lastName: 'Enfants du résident' },
      startDate: addDays(today, -20),
      endDate: addDays(today, -13),
      mode: 'resident',
      persons: 3,
      price: 0,
      commissionRateBp: 0,
    });
  for (const s of plans) {
    const split = s.mode === 'campsite' ? subletSplit(s.price, s.commissionRateBp) : null;
    await knex('sublet').insert({
      placeAffectationId: s.aff.id,
      startDate: s.startDate,
      endDate: s.endDate,
      mode: s.mode,
      occupantName: s.mode === 'campsite' ? `Famille ${s.occupant.lastName}` : s.occupant.lastName,
      customerId: s.occupant.id ?? null,
      persons: s.persons,
      price: s.price,
      commissionRateBp: s.commissionRateBp,
      commissionAmount: split?.commission ?? 0,
      residentShare: split?.residentShare ?? 0,
      statusId: 2,
      bookingId: s.mode === 'campsite' ? await stayOf(knex, s, today) : null,
    });
  }
}
