// Reading what the rules need from the database, and keeping the booking's derived
// columns (first night, departure, persons) in step with its occupancies.
import type { Knex } from 'knex';
import type { MessageCode } from '../../../common/messages';
import { formatMessage } from '../../../common/messages';
import { badRequest } from '../../http/errors';
import { todayParis } from '../../../common/dates';
import type { BookingFacts } from './state-machine';
import { stayPreferences } from './preferences';
import { STATUS } from '../../../common/stay-status';
import type { BookingRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;
/** The columns of a stored booking the rules read. */
type FactsSource = Pick<
  BookingRecord,
  | 'id'
  | 'kind'
  | 'statusId'
  | 'cancellation'
  | 'customerId'
  | 'optionExpiryDate'
  | 'totalAmount'
  | 'arrivedAt'
  | 'goneAt'
>;

export async function bookingFacts(db: Db, booking: FactsSource): Promise<BookingFacts> {
  const [agg] = await db('occupancy')
    .where({ bookingId: booking.id, isCancelled: false })
    .select(
      db.raw('count(*)::int as active'),
      db.raw('count(*) FILTER (WHERE place_id IS NULL)::int as without_place'),
      db.raw('count(*) FILTER (WHERE partner_allotment_id IS NOT NULL)::int as partner'),
      db.raw('min(start_date) as start'),
      db.raw('max(end_date) as "end"'),
    );
  return {
    kind: booking.kind,
    statusId: booking.statusId,
    cancellation: booking.cancellation,
    customerId: booking.customerId ?? null,
    optionExpiryDate: booking.optionExpiryDate ?? null,
    startDate: agg?.start ?? null,
    endDate: agg?.end ?? null,
    activeOccupancies: Number(agg?.active ?? 0),
    occupanciesWithoutPlace: Number(agg?.withoutPlace ?? 0),
    partnerOccupancies: Number(agg?.partner ?? 0),
    ...(await arrivalFacts(db, booking)),
  };
}

const parisDay = (at: unknown): string | null => (at == null ? null : todayParis(new Date(at as string)));

/** The early-arrival tolerance and, for a stay arrived or gone, when that was recorded and from which status. */
async function arrivalFacts(
  db: Db,
  booking: FactsSource,
): Promise<
  Pick<
    BookingFacts,
    'earlyArrivalDays' | 'arrivedOn' | 'goneOn' | 'statusBeforeArrival' | 'preferences' | 'totalAmount'
  >
> {
  const preferences = await stayPreferences(db);
  let statusBeforeArrival: number | null = null;
  if (booking.statusId === STATUS.ARRIVED) {
    // The history line of the arrival holds the status it came from.
    const h = await db('post_history')
      .where({ entity: 'booking', recordId: booking.id, action: 'action' })
      .whereRaw(
        `(changes::jsonb -> 'statusId' ->> 1) = '6' AND (changes::jsonb -> 'statusId' ->> 0) IN ('2', '3', '13')`,
      )
      .orderBy('id', 'desc')
      .first('changes');
    const changes = typeof h?.changes === 'string' ? JSON.parse(h.changes) : h?.changes;
    const from = changes?.statusId?.[0];
    if (Number.isInteger(from)) statusBeforeArrival = from;
  }
  return {
    earlyArrivalDays: preferences.earlyArrivalDays,
    preferences,
    totalAmount: booking.totalAmount ?? null,
    arrivedOn: parisDay(booking.arrivedAt),
    goneOn: parisDay(booking.goneAt),
    statusBeforeArrival,
  };
}

/**
 * Recomputes booking.startDate, endDate and persons from its occupancies (the
 * cancelled ones count only when all are cancelled). `without` leaves out an
 * occupancy (or a detail) about to be deleted.
 */
export async function refreshBooking(
  db: Db,
  bookingId: number,
  without: { occupancyId?: number; detailId?: number } = {},
): Promise<void> {
  const occ = db('occupancy').where('bookingId', bookingId);
  if (without.occupancyId) occ.whereNot('id', without.occupancyId);
  const rows: { id: number; startDate: string; endDate: string; isCancelled: boolean }[] = await occ.select(
    'id',
    'startDate',
    'endDate',
    'isCancelled',
  );
  const active = rows.filter((r) => !r.isCancelled);
  const use = active.length ? active : rows;
  const startDate = use.length ? use.map((r) => r.startDate).sort()[0] : null;
  const endDate = use.length
    ? use
        .map((r) => r.endDate)
        .sort()
        .at(-1)!
    : null;
  let persons = 0;
  if (active.length) {
    const q = db('occupancyDetail').whereIn(
      'occupancyId',
      active.map((r) => r.id),
    );
    if (without.detailId) q.whereNot('id', without.detailId);
    const [{ n }] = await q.sum({ n: 'quantity' });
    persons = Number(n ?? 0);
  }
  await db('booking').where('id', bookingId).update({ startDate, endDate, persons });
}

/** Persons of one occupancy (sum of its occupancy details). */
export async function occupancyPersons(db: Db, occupancyId: number, withoutDetailId?: number): Promise<number> {
  const q = db('occupancyDetail').where('occupancyId', occupancyId);
  if (withoutDetailId) q.whereNot('id', withoutDetailId);
  const [{ n }] = await q.sum({ n: 'quantity' });
  return Number(n ?? 0);
}

export interface Conflict {
  code: MessageCode;
  occupancyId: number | null;
  unavailabilityId: number | null;
}

/**
 * A place let to a resident (a place affectation, residential module) on some night of
 * `[startDate, endDate)` that no sublet through the campsite (not cancelled) covers: no
 * stay is sold there. The SQL condition on `placeColumn`, with its two date bindings.
 */
export function leasedSql(placeColumn: string): string {
  return `EXISTS (SELECT 1 FROM place_affectation la WHERE la.place_id = ${placeColumn}
    AND daterange(la.start_date, la.end_date) && daterange(?::date, ?::date)
    AND NOT EXISTS (SELECT 1 FROM sublet ls WHERE ls.place_affectation_id = la.id AND ls.mode = 'campsite'
      AND ls.status_id <> 3 AND daterange(ls.start_date, ls.end_date) @>
        (daterange(la.start_date, la.end_date) * daterange(?::date, ?::date))))`;
}

/** Whether `placeId` is let to a resident on a night of [startDate, endDate) no campsite sublet covers. */
export async function placeLeased(db: Db, placeId: number, startDate: string, endDate: string): Promise<boolean> {
  const res = await db.raw<{ rows: { leased: boolean }[] }>(`SELECT ${leasedSql('?::integer')} AS leased`, [
    placeId,
    startDate,
    endDate,
    startDate,
    endDate,
  ]);
  return !!(res.rows ?? (res as unknown as { leased: boolean }[]))[0]?.leased;
}

/**
 * The friendly check before the exclusion constraint: what already holds `placeId`
 * on some night of [startDate, endDate) — an occupancy ("place has another
 * equipment at that date") or an unavailability ("place unavailable") — or, for a stay
 * (`lease` not false), a resident's contract on the place ("place let to a resident").
 */
export async function placeConflict(
  db: Db,
  placeId: number,
  startDate: string,
  endDate: string,
  except: { occupancyId?: number; unavailabilityId?: number } = {},
  opts: { lease?: boolean } = {},
): Promise<Conflict | null> {
  const q = db('place_reservation')
    .where('placeId', placeId)
    .whereRaw('nights && daterange(?::date, ?::date)', [startDate, endDate])
    .first('occupancyId', 'unavailabilityId');
  if (except.occupancyId) q.where((w) => w.whereNull('occupancyId').orWhereNot('occupancyId', except.occupancyId!));
  if (except.unavailabilityId)
    q.where((w) => w.whereNull('unavailabilityId').orWhereNot('unavailabilityId', except.unavailabilityId!));
  const row = await q;
  if (!row) {
    if (opts.lease !== false && (await placeLeased(db, placeId, startDate, endDate)))
      return { code: 'PLACE_LET_TO_RESIDENT', occupancyId: null, unavailabilityId: null };
    return null;
  }
  return {
    code: row.occupancyId ? 'PLACE_HAS_OTHER_EQUIPMENT' : 'PLACE_UNAVAILABLE',
    occupancyId: row.occupancyId,
    unavailabilityId: row.unavailabilityId,
  };
}

export async function assertPlaceFree(
  db: Db,
  placeId: number,
  startDate: string,
  endDate: string,
  except: { occupancyId?: number; unavailabilityId?: number } = {},
  opts: { lease?: boolean } = {},
): Promise<void> {
  const c = await placeConflict(db, placeId, startDate, endDate, except, opts);
  if (c) throw badRequest(c.code, { placeId: formatMessage(c.code) });
}

/**
 * The allotment of a partner covering [startDate, endDate) on a place, if any; with
 * `today`, only one not yet released (its release date is still to come).
 */
export async function allotmentOn(
  db: Db,
  placeId: number,
  startDate: string,
  endDate: string,
  today: string | null,
): Promise<{ id: number; partnerId: number } | undefined> {
  const q = db('partnerAllotment')
    .where('placeId', placeId)
    .whereRaw('daterange(start_date, end_date) && daterange(?::date, ?::date)', [startDate, endDate]);
  if (today) q.where((w) => w.whereNull('releaseDate').orWhere('releaseDate', '>', today));
  return q.first('id', 'partnerId');
}

const toCamel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Rows of a knex.raw result with camelCase keys (the snake/camel mappers leave raw rows alone). */
export function rawRows<T = Record<string, unknown>>(res: unknown): T[] {
  // pg's result carries its rows; a plain array is taken as the rows.
  const result = res as { rows?: Record<string, unknown>[] } | null | undefined;
  const rows: Record<string, unknown>[] = result?.rows ?? (res as Record<string, unknown>[] | null | undefined) ?? [];
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [toCamel(k), v]))) as T[];
}
