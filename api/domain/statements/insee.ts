// The INSEE monthly occupancy survey of outdoor accommodation (rules-fr §3, docs/statements.md#insee-occupancy-survey):
// for a month, per INSEE category (bare pitches, rental pitches, pitches let for the year)
// the places offered and the place-nights offered and occupied; the arrivals and the
// person-nights by country of usual residence (the stay customer's country). Only
// places counted in the survey (the place's flag and its type's) are included; a place
// whose category is « from-type » takes its type's.
import type { Knex } from 'knex';
import { STATUS, CLOSED } from '../../../common/stay-status';

/** A surveyed place and its INSEE category (the type's when the place says « from-type »). */
interface PlaceRow {
  id: number;
  category: string;
}
/** A stay's place occupation over the month, with its customer's country and its persons. */
interface OccupationRow {
  id: number;
  placeId: number;
  startDate: string;
  endDate: string;
  country: string | null;
  isoCode: string | null;
  persons: number;
}
const DAY = 86_400_000;
const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
const STAYING = [
  STATUS.CONFIRMED,
  STATUS.VALIDATED,
  STATUS.ACCEPTED,
  STATUS.ARRIVED,
  STATUS.TO_INTEGRATE,
  STATUS.INTEGRATED,
  ...CLOSED,
];
export const INSEE_CATEGORIES: Record<string, string> = {
  'bare-pitch': 'Emplacements nus',
  'rental-pitch': 'Emplacements locatifs',
  'year-round-pitch': "Emplacements loués à l'année",
};

export async function inseeMonth(db: Knex, month: string) {
  const from = `${month}-01`;
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const afterEnd = new Date((day(from) + days) * DAY).toISOString().slice(0, 10);
  const places: PlaceRow[] = await db('place as p')
    .join('place_type as t', 't.id', 'p.placeTypeId')
    .where('p.isActive', true)
    .where('p.isInseeEligible', true)
    .where('t.isInseeEligible', true)
    .select(
      'p.id',
      db.raw(`case when p.insee_category = 'from-type' then t.insee_category else p.insee_category end as "category"`),
    );
  const category = new Map(places.map((p) => [p.id, p.category]));
  const cats = new Map<
    string,
    { category: string; label: string; places: number; offered: number; occupied: number }
  >();
  for (const c of Object.keys(INSEE_CATEGORIES))
    cats.set(c, { category: c, label: INSEE_CATEGORIES[c], places: 0, offered: 0, occupied: 0 });
  for (const p of places) {
    const c = cats.get(p.category)!;
    c.places++;
    c.offered += days;
  }
  const occs: OccupationRow[] = await db('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .leftJoin('country as k', 'k.id', 'c.countryId')
    .where('o.isCancelled', false)
    .whereIn('b.kind', ['booking', 'passage'])
    .whereIn('b.statusId', STAYING)
    .whereIn(
      'o.placeId',
      places.map((p) => p.id),
    )
    .where('o.startDate', '<', afterEnd)
    .where('o.endDate', '>', from)
    .select(
      'o.id',
      'o.placeId',
      'o.startDate',
      'o.endDate',
      'k.name as country',
      'k.isoCode',
      db.raw(
        '(select coalesce(sum(d.quantity), 0)::int from occupancy_detail d where d.occupancy_id = o.id) as "persons"',
      ),
    );
  const countries = new Map<
    string,
    { country: string; isoCode: string | null; arrivals: number; personArrivals: number; personNights: number }
  >();
  for (const o of occs) {
    const nights = Math.min(day(o.endDate), day(afterEnd)) - Math.max(day(o.startDate), day(from));
    cats.get(category.get(o.placeId)!)!.occupied += nights;
    const name = o.country ?? 'Pays non renseigné';
    const k = countries.get(name) ?? {
      country: name,
      isoCode: o.isoCode ?? null,
      arrivals: 0,
      personArrivals: 0,
      personNights: 0,
    };
    if (o.startDate >= from) {
      k.arrivals++;
      k.personArrivals += o.persons;
    }
    k.personNights += o.persons * nights;
    countries.set(name, k);
  }
  const byCountry = [...countries.values()].sort((a, b) =>
    a.isoCode === 'FR'
      ? -1
      : b.isoCode === 'FR'
        ? 1
        : b.personNights - a.personNights || a.country.localeCompare(b.country, 'fr'),
  );
  const categories = [...cats.values()].map((c) => ({
    ...c,
    rateBp: c.offered ? Math.round((c.occupied * 10_000) / c.offered) : 0,
  }));
  return {
    month,
    days,
    categories,
    byCountry,
    total: {
      arrivals: byCountry.reduce((s, c) => s + c.arrivals, 0),
      personArrivals: byCountry.reduce((s, c) => s + c.personArrivals, 0),
      personNights: byCountry.reduce((s, c) => s + c.personNights, 0),
      foreignPersonNights: byCountry.filter((c) => c.isoCode !== 'FR').reduce((s, c) => s + c.personNights, 0),
    },
  };
}
