// The list screens of §2 (docs/screens.md#bookings-and-customers) under Bookings: arrivals and departures of a day,
// departures to clean, who is on site, birthdays of the guests present; the bookings by status
// (active, cancelled, partner) are in ./booking-list.ts. Plain SQL over the stay tables.
import { stayPreferences } from './preferences';
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { addDays } from '../../../common/dates';
import { RELEASING } from './status';
import { rawRows } from './store';
import { stayBilling } from './billing-port';
import { customerName } from './booking-list';

export { bookingList, bookingsMatching, parseBookingListQuery, parseDate, type BookingListQuery } from './booking-list';

/** A row of a day list: an occupancy with its stay, place and guests' columns (occupancyRows). */
type Row = Record<string, unknown>;

/** A customer or attendant whose birthday falls in the stay. */
interface BirthdayRow {
  occupancyId: number;
  bookingId: number;
  startDate: string;
  endDate: string;
  code: string;
  customerId: number | null;
  placeCode: string | null;
  personKind: 'customer' | 'attendant';
  personId: number;
  lastName: string | null;
  firstName: string | null;
  birthDate: string;
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
export async function birthdays(
  knex: Knex,
  from: string,
  to: string,
): Promise<(BirthdayRow & { birthday: string; age: number; inStay: boolean })[]> {
  if (to < from || addDays(from, 31) < to) throw badRequest('INCORRECT_DATES');
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const mmdd = days.map((d) => d.slice(5));
  const res = await knex.raw(
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
  const rows = rawRows<BirthdayRow>(res).map((r) => {
    const day = days.find((d) => d.slice(5) === String(r.birthDate).slice(5))!;
    const inStay = day >= r.startDate && day < r.endDate;
    return { ...r, birthday: day, age: Number(day.slice(0, 4)) - Number(String(r.birthDate).slice(0, 4)), inStay };
  });
  return rows
    .filter((r) => r.inStay)
    .sort((a, b) => a.birthday.localeCompare(b.birthday) || String(a.lastName).localeCompare(String(b.lastName)));
}
