// The list screens of §2 under Bookings: bookings by status (active, cancelled,
// partner), arrivals and departures of a day, departures to clean, who is on site,
// birthdays of the guests present. Plain SQL over the stay tables, paged where
// lists can be long.
import { stayPreferences } from './preferences';
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { isValidDate } from '../../../common/formats';
import { addDays, todayParis } from '../../../common/dates';
import { RELEASING, STATUS } from './status';
import { optionsToFollowUp } from './sweeps';
import { rawRows } from './store';
import { stayBilling } from './billing-port';
import { MAX_TERM_LENGTH } from '../../rest/query';

type Row = Record<string, any>;

export function parseDate(v: unknown, fallback = todayParis()): string {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v !== 'string' || !isValidDate(v)) throw badRequest('INCORRECT_DATES');
  return v;
}

const customerName = `trim(concat_ws(' ', c.last_name, c.first_name))`;

/** Ids of the bookings whose code, customer (either name order) or partner contains the folded pattern. */
export const bookingsMatching = (knex: Knex | Knex.Transaction, like: string): Knex.QueryBuilder =>
  knex('booking_search').select('booking_id').whereRaw('text LIKE bv_fold(?)', [like]);

/** Places (codes) of the active occupancies of each booking. */
const placesOf = (alias = 'b') =>
  `(SELECT string_agg(p.code, ', ' ORDER BY p.code) FROM occupancy o JOIN place p ON p.id = o.place_id WHERE ` +
  `o.booking_id = ${alias}.id AND NOT o.is_cancelled) AS places`;

export interface BookingListQuery {
  scope: 'active' | 'cancelled' | 'partner';
  statusId: number | null;
  kind: string | null;
  q: string | null;
  from: string | null;
  to: string | null;
  dueOptions: boolean;
  page: number;
  pageSize: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

const SORTABLE: Record<string, string> = {
  code: 'b.code',
  startDate: 'b.start_date',
  endDate: 'b.end_date',
  customerName: 'customer_name',
  statusId: 'b.status_id',
  kind: 'b.kind',
  persons: 'b.persons',
  optionExpiryDate: 'b.option_expiry_date',
  createdAt: 'b.created_at',
  totalAmount: 'b.total_amount',
};

export function parseBookingListQuery(b: any): BookingListQuery {
  b = b ?? {};
  const scope = b.scope ?? 'active';
  if (!['active', 'cancelled', 'partner'].includes(scope))
    throw badRequest('INVALID_QUERY', undefined, { param: 'scope' });
  const statusId =
    b.statusId === undefined || b.statusId === null || b.statusId === 0 || b.statusId === '0'
      ? null
      : Number(b.statusId);
  if (statusId !== null && !(Number.isInteger(statusId) && statusId >= 1 && statusId <= 16))
    throw badRequest('INVALID_QUERY', undefined, { param: 'statusId' });
  const kind = b.kind ? String(b.kind) : null;
  if (kind && !['quote', 'option', 'booking', 'passage'].includes(kind))
    throw badRequest('INVALID_QUERY', undefined, { param: 'kind' });
  const q = typeof b.q === 'string' && b.q.trim() ? b.q.trim() : null;
  if (q !== null && q.length < 3) throw badRequest('SEARCH_TOO_SHORT');
  if (q !== null && q.length > MAX_TERM_LENGTH)
    throw badRequest('SEARCH_TOO_LONG', undefined, { limit: MAX_TERM_LENGTH });
  const from = b.from ? parseDate(b.from) : null;
  const to = b.to ? parseDate(b.to) : null;
  const page = b.page ?? 1;
  const pageSize = b.pageSize ?? 20;
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
    throw badRequest('INVALID_QUERY', undefined, { param: 'page' });
  const sortField = b.sort?.field ?? 'startDate';
  const order = String(b.sort?.order ?? 'DESC').toUpperCase();
  if (!(sortField in SORTABLE) || (order !== 'ASC' && order !== 'DESC'))
    throw badRequest('INVALID_QUERY', undefined, { param: 'sort' });
  return {
    scope,
    statusId,
    kind,
    q,
    from,
    to,
    dueOptions: b.dueOptions === true,
    page,
    pageSize,
    sort: { field: sortField, order },
  };
}

export async function bookingList(
  knex: Knex,
  p: BookingListQuery,
): Promise<{ items: Row[]; total: number; page: number; pageSize: number }> {
  const base = knex('booking as b')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .leftJoin('partner as pa', 'pa.id', 'b.partnerId');
  if (p.scope === 'cancelled')
    base.where((w) => w.where('b.statusId', STATUS.CANCELLED).orWhere('b.cancellation', 'cancelling'));
  else base.whereNot('b.statusId', STATUS.DELETED);
  if (p.scope === 'partner') base.whereNotNull('b.partnerId');
  if (p.statusId) base.where('b.statusId', p.statusId);
  else if (p.scope === 'active' && !p.dueOptions) base.whereNotIn('b.statusId', RELEASING as number[]);
  if (p.kind) base.where('b.kind', p.kind);
  if (p.from) base.where('b.endDate', '>', p.from);
  if (p.to) base.where('b.startDate', '<', p.to);
  if (p.dueOptions) base.whereIn('b.id', optionsToFollowUp(knex, todayParis()).select('id'));
  if (p.q) {
    const like = `%${p.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    // Code, customer's names, partner: one folded text per booking, trigram-indexed (migration 0024).
    base.whereIn('b.id', bookingsMatching(knex, like));
  }
  const [{ n }] = await base.clone().count({ n: '*' });
  const items = await base
    .select(
      'b.id',
      'b.code',
      'b.kind',
      'b.statusId',
      'b.cancellation',
      'b.customerId',
      'b.partnerId',
      'b.startDate',
      'b.endDate',
      'b.persons',
      'b.optionExpiryDate',
      'b.totalAmount',
      'b.cancelReason',
      'b.createdAt',
      'pa.name as partnerName',
    )
    .select(
      knex.raw(`${customerName} AS customer_name`),
      knex.raw(placesOf()),
      knex.raw(`${stayBilling().balanceDueSql('b')} AS balance_due`),
    )
    .orderByRaw(`${SORTABLE[p.sort.field]} ${p.sort.order} NULLS LAST, b.id DESC`)
    .offset((p.page - 1) * p.pageSize)
    .limit(p.pageSize);
  return { items, total: Number(n), page: p.page, pageSize: p.pageSize };
}

/** One line per active occupancy: the arrival and departure lists and who is on site. */
function occupancyRows(knex: Knex): Knex.QueryBuilder {
  return knex('occupancy as o')
    .join('booking as b', 'b.id', 'o.bookingId')
    .leftJoin('customer as c', 'c.id', 'b.customerId')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .leftJoin('place_type as t', 't.id', 'p.placeTypeId')
    .leftJoin('equipment as e', 'e.id', 'o.equipmentId')
    .where('o.isCancelled', false)
    .whereNot('b.kind', 'quote')
    .whereNotIn('b.statusId', RELEASING as number[])
    .select(
      'o.id as occupancyId',
      'o.bookingId',
      'b.code',
      'b.kind',
      'b.statusId',
      'b.cancellation',
      'b.customerId',
      'o.placeId',
      'p.code as placeCode',
      't.label as placeTypeLabel',
      't.isRental',
      'o.startDate',
      'o.endDate',
      'e.label as equipmentLabel',
      'b.arrivedAt',
      'b.goneAt',
      'c.phone1',
      'c.phone2',
    )
    .select(knex.raw(`${customerName} AS customer_name`))
    .select(
      knex.raw(
        '(SELECT coalesce(sum(d.quantity), 0)::int FROM occupancy_detail d WHERE d.occupancy_id = o.id) AS persons',
      ),
    )
    .select(
      knex.raw(
        `(SELECT string_agg(v.licence_plate, ', ') FROM occupancy_vehicle v WHERE v.occupancy_id = o.id AND ` +
          `v.licence_plate IS NOT NULL) AS licence_plates`,
      ),
    );
}

// Each row carries the hour the guests are expected (preference « arrival_departure »).
export async function arrivals(knex: Knex, date: string): Promise<Row[]> {
  const [rows, p] = await Promise.all([
    occupancyRows(knex)
      .where('o.startDate', date)
      // The balance due (or owed back) of each stay: the arrival confirmation says it.
      .select(knex.raw(`${stayBilling().balanceDueSql('b')} AS balance_due`))
      .orderBy('p.code')
      .orderBy('o.id'),
    stayPreferences(knex),
  ]);
  return rows.map((r: Row) => ({ ...r, expectedTime: p.arrivalTime }));
}

export async function departures(knex: Knex, date: string): Promise<Row[]> {
  const [rows, p] = await Promise.all([
    occupancyRows(knex)
      .where('o.endDate', date)
      // The balance due of each stay (billing), to settle before the guest leaves.
      .select(knex.raw(`${stayBilling().balanceDueSql('b')} AS balance_due`))
      .orderBy('p.code')
      .orderBy('o.id'),
    stayPreferences(knex),
  ]);
  return rows.map((r: Row) => ({ ...r, expectedTime: p.departureTime }));
}

/**
 * Departures to clean: the places freed that day, the rentals first, each with the
 * next arrival on the same place (same day = to be ready for the afternoon).
 */
export async function departureCleaning(knex: Knex, date: string): Promise<Row[]> {
  const rows = await occupancyRows(knex)
    .where('o.endDate', date)
    .whereNotNull('o.placeId')
    .select(
      knex.raw(`(SELECT min(n.start_date) FROM occupancy n JOIN booking nb ON nb.id = n.booking_id
        WHERE n.place_id = o.place_id AND n.start_date >= o.end_date AND NOT n.is_cancelled AND nb.kind <> 'quote'
          AND nb.status_id NOT IN (${RELEASING.join(', ')})) AS next_arrival`),
    )
    // The cleaning task the departure feeds (planning/cleaning.ts), and who is on it.
    .leftJoin('cleaning_task as ct', (j) =>
      j.on('ct.occupancyId', 'o.id').andOn('ct.source', knex.raw('?', ['departure'])),
    )
    .leftJoin('cleaning_user as cu', 'cu.id', 'ct.cleaningUserId')
    .select(
      'ct.id as taskId',
      'ct.type as taskType',
      'ct.status as taskStatus',
      'ct.mode as taskMode',
      knex.raw(`NULLIF(concat_ws(' ', cu.first_name, cu.last_name), '') AS cleaner`),
    )
    .orderByRaw('t.is_rental DESC NULLS LAST, p.code');
  return rows.map((r: Row) => ({ ...r, urgent: r.nextArrival === date }));
}

/** Who occupies which place on the night of `date`. */
export async function occupation(knex: Knex, date: string): Promise<Row[]> {
  return occupancyRows(knex)
    .where('o.startDate', '<=', date)
    .where('o.endDate', '>', date)
    .orderBy('p.code')
    .orderBy('o.id');
}

/**
 * Birthdays falling in [from, to] (at most 31 days) of customers and attendants whose
 * stay covers that day: customers of the booking, and attendants linked to the
 * occupancy.
 */
export async function birthdays(knex: Knex, from: string, to: string): Promise<Row[]> {
  if (to < from || addDays(from, 31) < to) throw badRequest('INCORRECT_DATES');
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const mmdd = days.map((d) => d.slice(5));
  const res: any = await knex.raw(
    `
    WITH present AS (
      SELECT o.id AS occupancy_id, o.booking_id, o.start_date, o.end_date, b.code, b.customer_id, p.code AS place_code
        FROM occupancy o JOIN booking b ON b.id = o.booking_id LEFT JOIN place p ON p.id = o.place_id
       WHERE NOT o.is_cancelled AND b.kind <> 'quote' AND b.status_id NOT IN (${RELEASING.join(', ')})
         AND o.start_date <= ?::date AND o.end_date > ?::date
    ), people AS (
      SELECT pr.*, 'customer' AS person_kind, c.id AS person_id, c.last_name, c.first_name, c.birth_date
        FROM present pr JOIN customer c ON c.id = pr.customer_id
      UNION ALL
      SELECT pr.*, 'attendant', a.id, a.last_name, a.first_name, a.birth_date
        FROM present pr JOIN occupancy_attendant oa ON oa.occupancy_id = pr.occupancy_id JOIN attendant a
          ON a.id = oa.attendant_id
    )
    SELECT DISTINCT ON (person_kind, person_id, booking_id) * FROM people
     WHERE birth_date IS NOT NULL AND to_char(birth_date, 'MM-DD') = ANY(?::text[])
     ORDER BY person_kind, person_id, booking_id`,
    [to, from, mmdd],
  );
  const rows: Row[] = rawRows(res).map((r: Row) => {
    const day = days.find((d) => d.slice(5) === String(r.birthDate).slice(5))!;
    const inStay = day >= r.startDate && day < r.endDate;
    return { ...r, birthday: day, age: Number(day.slice(0, 4)) - Number(String(r.birthDate).slice(0, 4)), inStay };
  });
  return rows
    .filter((r) => r.inStay)
    .sort((a, b) => a.birthday.localeCompare(b.birthday) || String(a.lastName).localeCompare(String(b.lastName)));
}
