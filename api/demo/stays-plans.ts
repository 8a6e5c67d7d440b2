// The demo stays one by one along the timeline (./stays-timeline.ts): each slot's booking
// (kind, status, customer, channel, dates and hours of arrival and departure) and its
// occupancy (equipment, occupants by age category, attendants, vehicle, animal, extras);
// then all of them written with bulk inserts.
import type { Knex } from 'knex';
import { addDays, nightsBetween, todayParis } from '../../common/dates';
import { STATUS } from '../domain/stays/status';
import { Random, bulkInsert } from './stays-random';
import type { DemoCustomer } from './customers';
import { DEPARTURES_FROM, overlaps, parisInstant, statusFor, type Clock, type Slot } from './stays-timeline';
import type {
  BookingRecord,
  EquipmentRecord,
  Occupancy,
  OccupancyAnimal,
  OccupancyAttendant,
  OccupancyDetail,
  OccupancyExtra,
  OccupancyVehicle,
  PartnerAllotmentRecord,
  PartnerRecord,
} from '../../common/generated/types';

export type AllotmentRow = Pick<PartnerAllotmentRecord, 'id' | 'placeId' | 'startDate' | 'endDate' | 'partnerId'>;
export type EquipmentRow = Pick<EquipmentRecord, 'id' | 'code' | 'capacity'>;
/** A booking as planStays builds it: the columns the demo fills (a reset booking has no dates). */
export interface BookingDraft {
  code: string;
  kind: string;
  statusId: number;
  cancellation: string;
  customerId: number;
  partnerId: number | null;
  accessChannelId: number | null;
  createdAt: string;
  updatedAt: string;
  optionExpiryDate?: string;
  cancelReason?: string;
  cancelledAt?: string;
  refusalReason?: string;
  counterProposal?: string;
  deleteReason?: string;
  arrivedAt?: string;
  goneAt?: string;
  earlyDepartureDate?: string;
  persons?: number;
  startDate?: string | null;
  endDate?: string | null;
}
/** A booking as its insert returns it; every demo booking has a customer. */
export type SavedBooking = Pick<
  BookingRecord,
  'id' | 'code' | 'statusId' | 'kind' | 'accessChannelId' | 'startDate' | 'endDate'
> & { customerId: number };

const CANCEL_REASONS = [
  'Client malade',
  'Changement de dates de congés',
  'Météo défavorable',
  'Raisons familiales',
  'Voiture en panne',
];

const ageAt = (birth: string, day: string) =>
  Number(day.slice(0, 4)) - Number(birth.slice(0, 4)) - (day.slice(5) < birth.slice(5) ? 1 : 0);

/** What the stays are drawn from: the seeded random, the clock, the customers and the reference rows. */
export interface StayPlanContext {
  rnd: Random;
  today: string;
  clockNow: Clock & { departureMinutes: number };
  customers: DemoCustomer[];
  savedAllotments: AllotmentRow[];
  cse: Pick<PartnerRecord, 'id' | 'isManager'> | undefined;
  channels: Map<string, number>;
  equipment: Map<string, EquipmentRow>;
  ageCategory: (age: number) => number;
  adultId: number;
  extras: Map<string, number>;
  elecPlaces: Set<number>;
}

/** An occupancy to insert, with the index of its booking and its child rows. */
export interface OccupancyPlan {
  b: number;
  occ: Partial<Occupancy> & { placeId: number };
  details: Pick<OccupancyDetail, 'ageCategoryId' | 'quantity'>[];
  attendants: number[];
  vehicle: DemoCustomer['vehicles'][number] | null;
  animal: DemoCustomer['animals'][number] | null;
  extras: Partial<OccupancyExtra>[];
}

/** The bookings and occupancies of the slots, in order (the random draws follow the slots). */
export function planStays(
  ctx: StayPlanContext,
  slots: Slot[],
): { bookings: BookingDraft[]; occPlans: OccupancyPlan[] } {
  const { rnd, today, clockNow, customers, savedAllotments, cse, channels, equipment, ageCategory, adultId } = ctx;
  const { extras, elecPlaces } = ctx;
  const bookings: BookingDraft[] = [];
  const occPlans: OccupancyPlan[] = [];
  for (const s of slots) {
    const plan = statusFor(rnd, s, clockNow);
    const customer = rnd.pick(customers);
    const allotment = savedAllotments.find(
      (a) => a.placeId === s.place.id && overlaps([a.startDate, a.endDate], [s.start, s.end]),
    );
    const partnerId = allotment ? allotment.partnerId : cse && rnd.chance(0.03) ? cse.id : null;
    const nights = nightsBetween(s.start, s.end);
    const created =
      addDays(s.start, -rnd.int(1, 160)) < today ? addDays(s.start, -rnd.int(1, 160)) : addDays(today, -rnd.int(0, 20));
    // A temporary stay is being keyed in right now (left alone, the sweep abandons it after the idle time).
    const createdAt =
      plan.statusId === STATUS.TEMPORARY
        ? new Date(Date.now() - rnd.int(1, 30) * 60_000).toISOString()
        : `${created < today ? created : today}T${String(rnd.int(8, 18)).padStart(2, '0')}:` +
          `${String(rnd.int(0, 59)).padStart(2, '0')}:00.000Z`;
    let end = s.end;
    const b: BookingDraft = {
      code: `R${String(bookings.length + 1).padStart(6, '0')}`,
      kind: plan.kind,
      statusId: plan.statusId,
      cancellation: plan.cancellation ?? 'none',
      customerId: customer.id,
      partnerId,
      accessChannelId:
        channels.get(
          partnerId
            ? 'DIRECT'
            : rnd.weighted([
                ['DIRECT', 4],
                ['TEL', 3],
                ['WEB', 5],
                ['BOOKING', 2],
                ['AIRBNB', 1],
                ['PITCHUP', 1],
              ] as const),
        ) ?? null,
      createdAt,
      updatedAt: createdAt,
    };
    if (plan.kind === 'option')
      b.optionExpiryDate =
        plan.statusId === STATUS.EXPIRED
          ? addDays(s.start, -rnd.int(20, 60))
          : rnd.chance(0.15)
            ? addDays(today, -rnd.int(1, 5))
            : addDays(today, rnd.int(1, 10));
    if (plan.statusId === STATUS.CANCELLED || plan.cancellation === 'cancelling') {
      b.cancelReason = rnd.pick(CANCEL_REASONS);
      if (plan.statusId === STATUS.CANCELLED) b.cancelledAt = createdAt;
    }
    if (plan.statusId === STATUS.REFUSED) b.refusalReason = 'Complet sur ces dates';
    if (plan.statusId === STATUS.REFUSED_COUNTER) {
      b.refusalReason = 'Type demandé complet';
      b.counterProposal = 'Un mobil-home 6 personnes aux mêmes dates, au prix du 4 personnes.';
    }
    if (plan.statusId === STATUS.DELETED) b.deleteReason = 'Doublon saisi par erreur';
    // Hours the desk keeps (preference « arrival_departure »), never later than now.
    const at = (day: string, from: number, to: number) =>
      parisInstant(
        day,
        day === today ? Math.min(rnd.int(from, to), Math.max(from, clockNow.nowMinutes - 5)) : rnd.int(from, to),
      );
    if ([STATUS.ARRIVED, STATUS.GONE, STATUS.EARLY_DEPARTURE].includes(plan.statusId as 6))
      b.arrivedAt = at(s.start, clockNow.arrivalMinutes, Math.min(clockNow.arrivalMinutes + 300, 22 * 60));
    if (plan.statusId === STATUS.GONE)
      b.goneAt = at(s.end, DEPARTURES_FROM, Math.max(DEPARTURES_FROM, clockNow.departureMinutes - 1));
    if (plan.statusId === STATUS.EARLY_DEPARTURE) {
      end = addDays(s.start, Math.max(1, nights - rnd.int(1, 2)));
      b.earlyDepartureDate = end;
      b.goneAt = at(end, DEPARTURES_FROM, clockNow.departureMinutes);
    }
    bookings.push(b);
    if (plan.statusId === STATUS.DELETED) {
      b.persons = 0;
      continue;
    } // a reset booking has no occupancy left
    // Occupants: the customer and attendants that fit, else a couple.
    const eq = s.place.isRental
      ? null
      : s.place.typeCode === 'TENTE'
        ? equipment.get(rnd.pick(['TENTE', 'TENTE', 'TTOIT']))
        : equipment.get(rnd.pick(['CARA', 'CCAR', 'VAN']));
    const capacity = Math.min(s.place.capacity, eq?.capacity ?? 99);
    const people: { birth: string | null; attendantId?: number }[] = [{ birth: customer.birthDate }];
    for (const a of customer.attendants)
      if (people.length < capacity) people.push({ birth: a.birthDate, attendantId: a.id });
    if (people.length === 1 && capacity > 1 && rnd.chance(0.6)) people.push({ birth: null });
    const counts = new Map<number, number>();
    for (const p of people) {
      const cat = p.birth ? ageCategory(ageAt(p.birth, s.start)) : adultId;
      counts.set(cat, (counts.get(cat) ?? 0) + 1);
    }
    b.persons = people.length;
    const vehicle = customer.vehicles[0] && rnd.chance(0.9) ? customer.vehicles[0] : null;
    const animal = customer.animals[0] && rnd.chance(0.6) ? customer.animals[0] : null;
    const ex: Partial<OccupancyExtra>[] = [];
    // Electricity is sold apart except on the « Confort » pitches, whose package includes it.
    if (
      !s.place.isRental &&
      s.place.typeCode !== 'CONF' &&
      elecPlaces.has(s.place.id) &&
      rnd.chance(0.7) &&
      extras.get('Électricité 10 A')
    )
      ex.push({ extraId: extras.get('Électricité 10 A'), quantity: 1 });
    if (s.place.isRental && rnd.chance(0.3) && extras.get('Location de draps (lit double)'))
      ex.push({ extraId: extras.get('Location de draps (lit double)'), quantity: 1 });
    if (s.place.isRental && rnd.chance(0.2) && extras.get('Ménage de fin de séjour'))
      ex.push({ extraId: extras.get('Ménage de fin de séjour'), quantity: 1 });
    occPlans.push({
      b: bookings.length - 1,
      occ: {
        placeId: s.place.id,
        placeTypeId: null,
        equipmentId: eq?.id ?? null,
        startDate: s.start,
        endDate: end,
        isLocked: rnd.chance(0.05),
        partnerAllotmentId: allotment?.id ?? null,
        // The tariff's date is the Paris day of the booking, as for a booking keyed in at the desk.
        quoteDate: todayParis(new Date(createdAt)),
      },
      details: [...counts].map(([ageCategoryId, quantity]) => ({ ageCategoryId, quantity })),
      attendants: people.filter((p) => p.attendantId).map((p) => p.attendantId!),
      vehicle,
      animal,
      extras: ex,
    });
    b.startDate = s.start;
    b.endDate = end;
  }
  for (const b of bookings)
    if (b.startDate === undefined) {
      b.startDate = null;
      b.endDate = null;
    }
  return { bookings, occPlans };
}

/** Bookings, unavailabilities, occupancies and their child rows, in bulk. */
export async function insertStays(
  knex: Knex,
  bookings: BookingDraft[],
  occPlans: OccupancyPlan[],
  unav: readonly object[],
): Promise<{ savedBookings: SavedBooking[]; savedOcc: { id: number }[] }> {
  const savedBookings = await bulkInsert<SavedBooking>(knex, 'booking', bookings, [
    'id',
    'code',
    'statusId',
    'kind',
    'customerId',
    'accessChannelId',
    'startDate',
    'endDate',
  ]);
  await knex.raw(`SELECT setval('bv_booking_code_seq', ?)`, [bookings.length]);
  await bulkInsert(knex, 'unavailability', unav);
  const placeType = new Map<number, number>(
    (await knex('place').select('id', 'placeTypeId')).map((p: { id: number; placeTypeId: number }) => [
      p.id,
      p.placeTypeId,
    ]),
  );
  const savedOcc = await bulkInsert(
    knex,
    'occupancy',
    occPlans.map((p) => ({ ...p.occ, placeTypeId: placeType.get(p.occ.placeId), bookingId: savedBookings[p.b].id })),
  );
  const details: Partial<OccupancyDetail>[] = [],
    atts: Pick<OccupancyAttendant, 'occupancyId' | 'attendantId'>[] = [],
    vehs: Partial<OccupancyVehicle>[] = [],
    anis: Partial<OccupancyAnimal>[] = [],
    exs: Partial<OccupancyExtra>[] = [];
  occPlans.forEach((p, i) => {
    const occupancyId = savedOcc[i].id;
    for (const d of p.details) details.push({ ...d, occupancyId });
    for (const attendantId of p.attendants) atts.push({ occupancyId, attendantId });
    if (p.vehicle)
      vehs.push({
        occupancyId,
        vehicleTypeId: p.vehicle.vehicleTypeId,
        customerVehicleId: p.vehicle.id,
        licencePlate: p.vehicle.licencePlate,
      });
    if (p.animal)
      anis.push({ occupancyId, animalTypeId: p.animal.animalTypeId, customerAnimalId: p.animal.id, quantity: 1 });
    for (const x of p.extras) exs.push({ ...x, occupancyId });
  });
  await bulkInsert(knex, 'occupancy_detail', details);
  await bulkInsert(knex, 'occupancy_attendant', atts);
  await bulkInsert(knex, 'occupancy_vehicle', vehs);
  await bulkInsert(knex, 'occupancy_animal', anis);
  await bulkInsert(knex, 'occupancy_extra', exs);
  return { savedBookings, savedOcc };
}
