// What the planning board reads: the places (rows) with what the filters need, the
// bars of a window of places × days (occupancies and unavailabilities, compact), the
// free places per day for the filtered places, the price periods of the header, and
// the search by customer, booking code or licence plate.
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { isValidDate } from '../../../common/formats';
import { nightsBetween, todayParis } from '../../../common/dates';
import { paymentStateOf, statusCategory } from '../../../common/planning';
import { statusLabel, kindLabel, RELEASING } from '../stays/status';
import { bookingsMatching } from '../stays/lists';
import { paidByBooking, paymentsTracked } from './payments';
import { freeCounts, mergePricePeriods, type Reservation } from './compute';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

/** The longest window one request may ask (days). */
export const MAX_WINDOW_DAYS = 800;
export const MAX_PLACE_IDS = 3000;

export function parseDateParam(v: unknown, name: string): string {
  if (typeof v !== 'string' || !isValidDate(v)) throw badRequest('INVALID_QUERY', undefined, { param: name });
  return v;
}

export function parseRange(query: Record<string, unknown>, maxDays = MAX_WINDOW_DAYS): { from: string; to: string } {
  const from = parseDateParam(query.from, 'from');
  const to = parseDateParam(query.to, 'to');
  if (to <= from) throw badRequest('START_BEFORE_END', { to: 'La date de fin doit suivre la date de début' });
  if (nightsBetween(from, to) > maxDays) throw badRequest('INVALID_QUERY', undefined, { param: 'to' });
  return { from, to };
}

/** "1,2,3" (or an array of them) → ids; undefined when absent. */
export function parseIdList(v: unknown, name: string, max = MAX_PLACE_IDS): number[] | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const parts = (Array.isArray(v) ? v.join(',') : String(v)).split(',').filter(Boolean);
  if (parts.length > max || !parts.every((p) => /^\d{1,9}$/.test(p)))
    throw badRequest('INVALID_QUERY', undefined, { param: name });
  return [...new Set(parts.map(Number))];
}

const customerName = `trim(concat_ws(' ', c.last_name, c.first_name))`;

/** Everything the screen needs once: places with their groups and features, the filter lists. */
export async function planningSetup(db: Db): Promise<Row> {
  const [places, features, layouts, families, types, placeFeatures] = await independent(db, [
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
  const rank = <T extends Row>(rows: T[]) => new Map(rows.map((r, i) => [r.id as number, i]));
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
export async function planningWindow(db: Db, q: WindowQuery): Promise<Row> {
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
  const [occRows, unavRows, residentials] = await independent(db, [
    () => occ,
    () => unav,
    () => residentialBars(db, q),
  ]);
  const tracked = paymentsTracked();
  const paid = await paidByBooking(db, [...new Set<number>(occRows.map((o: Row) => o.bookingId))]);
  return {
    from: q.from,
    to: q.to,
    occupancyFields: OCCUPANCY_FIELDS,
    unavailabilityFields: UNAVAILABILITY_FIELDS,
    occupancies: occRows.map((o: Row) => [
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
    unavailabilities: unavRows.map((u: Row) => [u.id, u.placeId, u.startDate, u.endDate, u.reason ?? '', u.version]),
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
  const rows: Row[] = await affs;
  if (!rows.length) return [];
  // A sublet whose stay is on the board (linked, or any stay held on its nights) shows as that stay.
  const sublets: Row[] = await db('sublet as s')
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

export interface PlaceFilter {
  layoutIds?: number[];
  familyIds?: number[];
  typeIds?: number[];
  featureIds?: number[];
  placeIds?: number[];
}

/** Active places matching the filters (features: every one asked). */
export function filteredPlaces(db: Db, f: PlaceFilter): Knex.QueryBuilder {
  const q = db('place as p').join('place_type as t', 't.id', 'p.placeTypeId').where('p.isActive', true).select('p.id');
  if (f.layoutIds?.length) q.whereIn('p.layoutId', f.layoutIds);
  if (f.familyIds?.length) q.whereIn('t.placeFamilyId', f.familyIds);
  if (f.typeIds?.length) q.whereIn('p.placeTypeId', f.typeIds);
  if (f.placeIds?.length) q.whereIn('p.id', f.placeIds);
  if (f.featureIds?.length) {
    q.whereRaw(
      '(SELECT count(DISTINCT pf.feature_id) FROM place_feature pf WHERE pf.place_id = p.id AND pf.feature_id = ' +
        'ANY(?::integer[])) = ?',
      [f.featureIds, f.featureIds.length],
    );
  }
  return q;
}

/**
 * Free places per day of [from, to) among the filtered places: the active places
 * minus those held that night (an active occupancy or an unavailability — the rows
 * of place_reservation, the table the exclusion constraint guards).
 */
export async function planningFree(
  db: Db,
  from: string,
  to: string,
  f: PlaceFilter,
): Promise<{ total: number; days: Record<string, number> }> {
  const filtered = Object.values(f).some((v) => v?.length);
  const places = filtered ? filteredPlaces(db, f) : db('place as p').where('p.isActive', true).select('p.id');
  const [{ n: total }] = await db.from(places.clone().as('x')).count({ n: '*' });
  if (!Number(total)) return { total: 0, days: freeCounts(from, to, 0, []) };
  // Held nights of those places, clipped to the span and grouped (a few hundred rows, not one per stay).
  const sub = places.clone().clearSelect().select('p.id').toSQL();
  const res: any = await db.raw(
    `SELECT lower(x.n)::text AS start_date, upper(x.n)::text AS end_date, count(*)::int AS n
       FROM (SELECT r.nights * daterange(?::date, ?::date) AS n FROM place_reservation r
              WHERE r.nights && daterange(?::date, ?::date) AND r.place_id IN (${sub.sql})) x
      GROUP BY 1, 2`,
    [from, to, from, to, ...(sub.bindings as any[])],
  );
  const rows: Reservation[] = ((res.rows ?? res) as Row[]).map((r) => ({
    startDate: String(r.startDate ?? r.start_date),
    endDate: String(r.endDate ?? r.end_date),
    count: Number(r.n),
  }));
  rows.push(...(await letNights(db, from, to, sub.sql, sub.bindings as any[])));
  return { total: Number(total), days: freeCounts(from, to, Number(total), rows) };
}

/**
 * The nights of [from, to) the filtered places are let to a resident (a place
 * affectation, residential module) outside the campsite's own sublets: no night stay can
 * be sold there (stays/store.ts leasedSql), so they are not free. A sublet through the
 * campsite frees its nights: its stay, once booked, is a place_reservation row instead.
 */
async function letNights(db: Db, from: string, to: string, placesSql: string, bindings: any[]) {
  const res: any = await db.raw(
    `SELECT a.id, greatest(a.start_date, ?::date)::text AS s, least(coalesce(a.end_date, ?::date), ?::date)::text AS e,
            coalesce((SELECT json_agg(json_build_array(l.start_date::text, l.end_date::text) ORDER BY l.start_date)
               FROM sublet l WHERE l.place_affectation_id = a.id AND l.mode = 'campsite' AND l.status_id <> 3
                AND l.start_date < ?::date AND l.end_date > ?::date), '[]') AS sublets
       FROM place_affectation a
      WHERE daterange(a.start_date, a.end_date) && daterange(?::date, ?::date) AND a.place_id IN (${placesSql})`,
    [from, to, to, to, from, from, to, ...bindings],
  );
  const out: Reservation[] = [];
  for (const r of (res.rows ?? res) as Row[]) {
    let cursor: string = r.s;
    for (const [ls, le] of r.sublets as [string, string][]) {
      if (ls > cursor) out.push({ startDate: cursor, endDate: ls < r.e ? ls : r.e });
      if (le > cursor) cursor = le;
    }
    if (cursor < r.e) out.push({ startDate: cursor, endDate: r.e });
  }
  return out;
}

/** The price periods of the active grids over [from, to), one band (see compute.ts). */
export async function planningPeriods(db: Db, from: string, to: string): Promise<Row[]> {
  const rows = await db('price_grid_period as pp')
    .join('price_grid as g', 'g.id', 'pp.priceGridId')
    .where('g.isActive', true)
    .where('pp.startDate', '<', to)
    .where('pp.endDate', '>', from)
    .select('pp.id', 'pp.label', 'pp.startDate', 'pp.endDate', 'pp.priceGridId')
    .orderBy('pp.startDate')
    .orderBy('pp.id');
  return mergePricePeriods(rows as any);
}

/** Search (3 characters at least): booking code, customer name, licence plate. */
export async function planningSearch(
  db: Db,
  text: unknown,
  opts: { released?: boolean; limit?: number } = {},
): Promise<Row[]> {
  const q = typeof text === 'string' ? text.trim() : '';
  if (q.length < 3) throw badRequest('SEARCH_TOO_SHORT');
  if (q.length > 80) throw badRequest('INVALID_QUERY', undefined, { param: 'q' });
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const plate = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`).replace(/[\s-]/g, '')}%`;
  const today = todayParis();
  const rows = await db('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .whereNotNull('o.placeId')
    .whereNot('b.statusId', 16)
    .modify((qb) => {
      if (!opts.released) qb.where('o.isCancelled', false).whereNotIn('b.statusId', RELEASING as number[]);
    })
    // The ids first, both through trigram indexes (migration 0024): the booking's folded text,
    // the folded plates; one list, so the occupancies are read by key, not scanned.
    .whereIn(
      'o.id',
      db('occupancy as m')
        .select('m.id')
        .whereIn('m.bookingId', bookingsMatching(db, like))
        .union(
          db('occupancy_vehicle as v')
            .select('v.occupancyId')
            .whereRaw(`bv_fold(replace(replace(v.licence_plate, '-', ''), ' ', '')) LIKE bv_fold(?)`, [plate]),
        ),
    )
    .select(
      'o.id',
      'o.placeId',
      'p.code as placeCode',
      'o.startDate',
      'o.endDate',
      'o.bookingId',
      'b.code',
      'b.kind',
      'b.statusId',
      'o.isCancelled',
    )
    .select(db.raw(`${customerName} AS customer`))
    .select(
      db.raw(
        `(SELECT string_agg(v.licence_plate, ', ') FROM occupancy_vehicle v WHERE v.occupancy_id = o.id AND ` +
          `v.licence_plate IS NOT NULL) AS licence_plates`,
      ),
    )
    .orderByRaw('(o.end_date >= ?::date) DESC, abs(o.start_date - ?::date), o.id', [today, today])
    .limit(opts.limit ?? 100);
  return rows.map((r: Row) => ({
    ...r,
    category: statusCategory(r.kind, r.statusId, r.isCancelled),
    statusLabel: statusLabel(r.statusId),
  }));
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
