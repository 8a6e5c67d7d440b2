// The summary of one booking the stay screen opens with (GET /rest/booking/:id/summary).
import { independent } from '../../db/queries';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/access';
import { readableColumns } from '../../rest/query';
import { entityMeta } from '../../rest/entities';
import { notFound } from '../../http/errors';
import { availableActions, cancellationFeeOf } from './state-machine';
import { todayParis } from '../../../common/dates';
import { bookingFacts } from './store';
import { allowedFor } from './allowed';
import type { BookingRecord, CustomerRecord, OccupancyRecord } from '../../../common/generated/types/index';

/** An occupancy with the labels of its place, place type and equipment. */
type OccupancyRow = OccupancyRecord & {
  placeCode: string | null;
  placeTypeLabel: string | null;
  equipmentLabel: string | null;
};

/** A row of an occupancy's details, animals, vehicles, extras or attendants, with its labels. */
type ChildRow = Record<string, unknown> & { id: number; occupancyId: number };

export interface BookingSummary {
  booking: BookingRecord;
  customer: Pick<CustomerRecord, 'id' | 'code' | 'lastName' | 'firstName' | 'phone1' | 'phone2' | 'email'> | null;
  partner: { id: number; name: string } | null;
  occupancies: (OccupancyRow & {
    details: ChildRow[];
    animals: ChildRow[];
    vehicles: ChildRow[];
    extras: ChildRow[];
    attendants: ChildRow[];
  })[];
  actions: ReturnType<typeof availableActions>;
  allowed?: Awaited<ReturnType<typeof allowedFor>>;
  cancellationFee: ReturnType<typeof cancellationFeeOf>;
  history: { id: number; createdAt: string; userName: string | null; action: string; detail: string | null }[];
}

/**
 * Everything the booking screen shows: the booking, its occupancies with their lines, and
 * what may be done — for `user`, what they may do (./allowed.ts); without one (the wizard's
 * answers) only the actions the stay's state allows.
 */
export async function bookingSummary(knex: Knex, id: number, user?: SessionUser): Promise<BookingSummary> {
  const booking: BookingRecord | undefined = await knex('booking')
    .select(readableColumns(entityMeta('booking')))
    .where('id', id)
    .first();
  if (!booking) throw notFound();
  const occupancies: OccupancyRow[] = await knex('occupancy as o')
    .leftJoin('place as p', 'p.id', 'o.placeId')
    .leftJoin('place_type as t', 't.id', 'o.placeTypeId')
    .leftJoin('equipment as e', 'e.id', 'o.equipmentId')
    .where('o.bookingId', id)
    .select('o.*', 'p.code as placeCode', 't.label as placeTypeLabel', 'e.label as equipmentLabel')
    .orderBy('o.startDate')
    .orderBy('o.id');
  const ids = occupancies.map((o) => o.id);
  const child = async (table: string, joins: (q: Knex.QueryBuilder) => Knex.QueryBuilder) =>
    ids.length ? joins(knex(`${table} as x`).whereIn('x.occupancyId', ids)).orderBy('x.id') : [];
  const [details, animals, vehicles, extras, attendants] = await independent(knex, [
    () =>
      child('occupancy_detail', (q) =>
        q.join('age_category as a', 'a.id', 'x.ageCategoryId').select('x.*', 'a.label as ageCategoryLabel'),
      ),
    () =>
      child('occupancy_animal', (q) =>
        q.join('animal_type as a', 'a.id', 'x.animalTypeId').select('x.*', 'a.label as animalTypeLabel'),
      ),
    () =>
      child('occupancy_vehicle', (q) =>
        q.join('vehicle_type as v', 'v.id', 'x.vehicleTypeId').select('x.*', 'v.label as vehicleTypeLabel'),
      ),
    () =>
      child('occupancy_extra', (q) => q.join('extra as e', 'e.id', 'x.extraId').select('x.*', 'e.label as extraLabel')),
    () =>
      child('occupancy_attendant', (q) =>
        q.join('attendant as a', 'a.id', 'x.attendantId').select('x.*', 'a.lastName', 'a.firstName', 'a.birthDate'),
      ),
  ]);
  const by = (rows: ChildRow[], occId: number) => rows.filter((r) => r.occupancyId === occId);
  const customer = booking.customerId
    ? await knex('customer')
        .where('id', booking.customerId)
        .first('id', 'code', 'lastName', 'firstName', 'phone1', 'phone2', 'email')
    : null;
  const partner = booking.partnerId ? await knex('partner').where('id', booking.partnerId).first('id', 'name') : null;
  const facts = await bookingFacts(knex, booking);
  const history = await knex('post_history')
    .where({ entity: 'booking', recordId: id })
    .orderBy('id', 'desc')
    .limit(100)
    .select('id', 'createdAt', 'userName', 'action', 'detail');
  return {
    booking,
    customer,
    partner,
    occupancies: occupancies.map((o) => ({
      ...o,
      details: by(details, o.id),
      animals: by(animals, o.id),
      vehicles: by(vehicles, o.id),
      extras: by(extras, o.id),
      attendants: by(attendants, o.id),
    })),
    actions: availableActions(facts),
    ...(user ? { allowed: await allowedFor(knex, user, booking, facts, occupancies) } : {}),
    /** what a cancellation today would cost (preference « cancellation »), cents */
    cancellationFee: cancellationFeeOf(facts, todayParis()),
    history,
  };
}
