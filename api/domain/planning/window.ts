// What the planning board reads: the places (rows) with what the filters need, and
// the bars of a window of places × days (occupancies, unavailabilities and residents,
// compact). Free places and price periods: ./free.ts; the search: ./search.ts.
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { paymentStateOf, statusCategory } from '../../../common/planning';
import { statusLabel, kindLabel, RELEASING } from '../stays/status';
import { paidByBooking, paymentsTracked } from './payments';
import type {
  AffectationBarRow,
  OccupancyBarRow,
  PlaceFeatureLink,
  PlanningSetup,
  PlanningWindow,
  SetupFamily,
  SetupFeature,
  SetupLayout,
  SetupPlaceRow,
  SetupType,
  SubletBarRow,
  UnavailabilityBarRow,
} from './window-rows';

type Db = Knex | Knex.Transaction;

export const customerName = `trim(concat_ws(' ', c.last_name, c.first_name))`;

/** Everything the screen needs once: places with their groups and features, the filter lists. */
export async function planningSetup(db: Db): Promise<PlanningSetup> {
  const [places, features, layouts, families, types, placeFeatures] = await independent<
    [SetupPlaceRow[], SetupFeature[], SetupLayout[], SetupFamily[], SetupType[], PlaceFeatureLink[]]
  >(db, [
    () =>
      db('place as p')
        .join('place_type as t', 't.id', 'p.placeTypeId')
        .where('p.isActive', true)
        .select(
          'p.id',
          'p.code',
          'p.label',
          'p.capacity',
          'p.layoutId',
          'p.placeTypeId',
          't.placeFamilyId',
          'p.order',
          't.isRental',
          't.isResidential',
        ),
    () => db('feature').select('id', 'label', 'code').orderBy('label'),
    () => db('layout').select('id', 'code', 'label', 'color', 'order').orderBy('order').orderBy('label'),
    () => db('place_family').select('id', 'code', 'label', 'kind', 'order').orderBy('order').orderBy('label'),
    () =>
      db('place_type')
        .select('id', 'code', 'label', 'placeFamilyId', 'color', 'maxPersons', 'isRental')
        .orderBy('label'),
    () => db('place_feature').select('placeId', 'featureId'),
  ]);
  const featuresOf = new Map<number, number[]>();
  for (const pf of placeFeatures) featuresOf.set(pf.placeId, [...(featuresOf.get(pf.placeId) ?? []), pf.featureId]);
  // Keyed by id or null, so that a place without a layout (null) ranks last like an unknown one.
  const rank = (rows: { id: number }[]) => new Map<number | null, number>(rows.map((r, i) => [r.id, i]));
  const lr = rank(layouts),
    fr = rank(families),
    tr = rank(types);
  const sorted = [...places].sort(
    (a, b) =>
      (lr.get(a.layoutId) ?? 1e6) - (lr.get(b.layoutId) ?? 1e6) ||
      (fr.get(a.placeFamilyId) ?? 1e6) - (fr.get(b.placeFamilyId) ?? 1e6) ||
      (tr.get(a.placeTypeId) ?? 1e6) - (tr.get(b.placeTypeId) ?? 1e6) ||
      a.order - b.order ||
      String(a.code).localeCompare(String(b.code), 'fr', { numeric: true }),
  );
  return {
    today: todayParis(),
    places: sorted.map((p) => ({
      id: p.id,
      code: p.code,
      label: p.label,
      capacity: p.capacity,
      layoutId: p.layoutId,
      placeTypeId: p.placeTypeId,
      placeFamilyId: p.placeFamilyId,
      isRental: !!p.isRental,
      isResidential: !!p.isResidential,
      featureIds: featuresOf.get(p.id) ?? [],
    })),
    layouts,
    families,
    types,
    features,
  };
}

/** Column order of the compact bars (documented in README.md). */
export const OCCUPANCY_FIELDS = [
  'id',
  'placeId',
  'startDate',
  'endDate',
  'bookingId',
  'code',
  'customer',
  'category',
  'statusId',
  'statusLabel',
  'kind',
  'payment',
  'locked',
  'persons',
  'totalAmount',
  'version',
] as const;
export const UNAVAILABILITY_FIELDS = ['id', 'placeId', 'startDate', 'endDate', 'reason', 'version'] as const;
/**
 * Residential bars: `residential` (the contract of a let place, cut around its sublets through
 * the campsite; id `r<affectation>-<start>`) and `sublet` (a sublet through the campsite with
 * no stay of its own yet; a sublet with a stay shows as that stay's occupancy).
 */
export const RESIDENTIAL_FIELDS = [
  'id',
  'placeId',
  'startDate',
  'endDate',
  'kind',
  'label',
  'placeAffectationId',
  'subletId',
] as const;

export interface WindowQuery {
  from: string;
  to: string;
  placeIds?: number[];
  released: boolean;
}

/** Occupancies and unavailabilities of the places in [from, to), as arrays in the field order above. */
export async function planningWindow(db: Db, q: WindowQuery): Promise<PlanningWindow> {
  const occ = db('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .whereNotNull('o.placeId')
    // The overlap as a range, so the GiST index of migration 0024 answers it.
    .whereRaw('daterange(o.start_date, o.end_date) && daterange(?::date, ?::date)', [q.from, q.to])
    .whereNot('b.statusId', 16)
    .select(
      'o.id',
      'o.placeId',
      'o.startDate',
      'o.endDate',
      'o.bookingId',
      'o.version',
      'o.isLocked',
      'o.isCancelled',
      'b.code',
      'b.kind',
      'b.statusId',
      'b.totalAmount',
      'b.partnerId',
    )
    .select(db.raw(`${customerName} AS customer`), db.raw('pa.name AS partner_name'))
    .select(
      db.raw(
        '(SELECT coalesce(sum(d.quantity), 0)::int FROM occupancy_detail d WHERE d.occupancy_id = o.id) AS persons',
      ),
    )
    .leftJoin('partner as pa', 'pa.id', 'b.partnerId')
    .orderBy('o.placeId')
    .orderBy('o.startDate');
  if (q.placeIds) occ.whereIn('o.placeId', q.placeIds);
  if (!q.released) occ.where('o.isCancelled', false).whereNotIn('b.statusId', RELEASING as number[]);
  const unav = db('unavailability')
    .whereRaw('daterange(start_date, end_date) && daterange(?::date, ?::date)', [q.from, q.to])
    .select('id', 'placeId', 'startDate', 'endDate', 'reason', 'version')
    .orderBy('placeId')
    .orderBy('startDate');
  if (q.placeIds) unav.whereIn('placeId', q.placeIds);
  const [occRows, unavRows, residentials] = await independent<[OccupancyBarRow[], UnavailabilityBarRow[], unknown[][]]>(
    db,
    [() => occ, () => unav, () => residentialBars(db, q)],
  );
  const tracked = paymentsTracked();
  const paid = await paidByBooking(db, [...new Set<number>(occRows.map((o) => o.bookingId))]);
  return {
    from: q.from,
    to: q.to,
    occupancyFields: OCCUPANCY_FIELDS,
    unavailabilityFields: UNAVAILABILITY_FIELDS,
    occupancies: occRows.map((o) => [
      o.id,
      o.placeId,
      o.startDate,
      o.endDate,
      o.bookingId,
      o.code,
      o.customer || o.partnerName || '',
      statusCategory(o.kind, o.statusId, o.isCancelled),
      o.statusId,
      `${kindLabel(o.kind)} · ${o.isCancelled ? 'Occupation annulée' : statusLabel(o.statusId)}`,
      o.kind,
      tracked ? paymentStateOf(o.totalAmount, paid.get(o.bookingId) ?? 0) : null,
      o.isLocked ? 1 : 0,
      o.persons,
      o.totalAmount,
      o.version,
    ]),
    unavailabilities: unavRows.map((u) => [u.id, u.placeId, u.startDate, u.endDate, u.reason ?? '', u.version]),
    residentialFields: RESIDENTIAL_FIELDS,
    residentials,
  };
}

/**
 * The contracts of the let places overlapping [from, to): over the contract's own dates (an
 * open-ended one up to the board range's end), cut where a sublet through the campsite (not
 * cancelled) lets the place, so the sublets' stays show in the gaps; the bars do not depend on
 * the window asked (the same id always has the same dates).
 */
export async function residentialBars(db: Db, q: WindowQuery): Promise<unknown[][]> {
  const affs = db('place_affectation as a')
    .leftJoin('customer as c', 'c.id', 'a.customerId')
    .whereRaw('daterange(a.start_date, a.end_date) && daterange(?::date, ?::date)', [q.from, q.to])
    .select('a.id', 'a.placeId', 'a.startDate', 'a.endDate')
    .select(db.raw(`${customerName} AS customer`))
    .orderBy('a.placeId')
    .orderBy('a.startDate');
  if (q.placeIds) affs.whereIn('a.placeId', q.placeIds);
  const rows: AffectationBarRow[] = await affs;
  if (!rows.length) return [];
  // A sublet whose stay is on the board (linked, or any stay held on its nights) shows as that stay.
  const sublets: SubletBarRow[] = await db('sublet as s')
    .join('place_affectation as a', 'a.id', 's.placeAffectationId')
    .whereIn(
      's.placeAffectationId',
      rows.map((a) => a.id),
    )
    .where('s.mode', 'campsite')
    .whereNot('s.statusId', 3)
    .select('s.id', 's.placeAffectationId', 's.startDate', 's.endDate', 's.occupantName')
    .select(
      db.raw(`(s.booking_id IS NOT NULL OR EXISTS (SELECT 1 FROM place_reservation r WHERE r.place_id = a.place_id
        AND r.occupancy_id IS NOT NULL AND r.nights && daterange(s.start_date, s.end_date))) AS has_stay`),
    )
    .orderBy('s.startDate');
  const openEnd = boardRange(todayParis()).endDate;
  const overlaps = (s: string, e: string) => s < q.to && e > q.from;
  const out: unknown[][] = [];
  for (const a of rows) {
    const end: string = a.endDate ?? (openEnd > a.startDate ? openEnd : q.to);
    const label = a.customer ? `Résidentiel — ${a.customer}` : 'Résidentiel';
    let cursor: string = a.startDate;
    const segment = (s: string, e: string) => {
      if (e > s && overlaps(s, e)) out.push([`r${a.id}-${s}`, a.placeId, s, e, 'residential', label, a.id, null]);
    };
    for (const sub of sublets.filter((x) => x.placeAffectationId === a.id)) {
      segment(cursor, sub.startDate < end ? sub.startDate : end);
      if (sub.endDate > cursor) cursor = sub.endDate;
      if (!sub.hasStay && overlaps(sub.startDate, sub.endDate))
        out.push([
          `s${sub.id}`,
          a.placeId,
          sub.startDate,
          sub.endDate,
          'sublet',
          `Sous-location — ${sub.occupantName}`,
          a.id,
          sub.id,
        ]);
    }
    segment(cursor, end);
  }
  return out;
}

/** The whole board range: from the first day of the month six months back, 24 months long. */
export function boardRange(today: string): { startDate: string; endDate: string } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const startMonth = m - 6;
  const sy = startMonth <= 0 ? y - 1 : y;
  const sm = startMonth <= 0 ? startMonth + 12 : startMonth;
  const startDate = `${sy}-${String(sm).padStart(2, '0')}-01`;
  return { startDate, endDate: `${sy + 2}-${String(sm).padStart(2, '0')}-01` };
}
