// Demo stays: about 2 000 stays of the last season, the weeks around today and the
// next season, in every kind and status of §4 (a stay's status follows its dates:
// gone or cancelled in the past, arrived now, confirmed, optioned or quoted ahead),
// with occupants by age category, equipment, vehicles, animals, extras and
// attendants; partner allotments and commission periods; unavailabilities; online
// bookings in every state. Generated place by place along a timeline, so that no
// place holds two stays on one night (the exclusion constraint checks it anyway).
// Bulk inserts only.
import type { Knex } from 'knex';
import { addDays, nightsBetween, todayParis } from '../../common/dates';
import { STATUS } from '../domain/stays/status';
import { priceBookingAsMade } from '../domain/stays/pricing';
import { stayPreferences } from '../domain/stays/preferences';
import { Random, bulkInsert } from './stays-random';
import { seedDemoPlaces, type DemoPlace } from './catalogue';
import { seedDemoCustomers, type DemoCustomer } from './customers';

type Row = Record<string, any>;
type Range = [string, string];

const month = (d: string) => Number(d.slice(5, 7));

/** The last season that opened before today, and the next one (April to October). */
export function demoStayWindows(today: string): { seasonA: Range; seasonB: Range; around: Range | null } {
  const y = Number(today.slice(0, 4));
  const a = month(today) >= 4 ? y : y - 1;
  const seasonA: Range = [`${a}-04-01`, `${a}-11-01`];
  const seasonB: Range = [`${a + 1}-04-01`, `${a + 1}-11-01`];
  const inSeason = today >= seasonA[0] && today < seasonA[1];
  return { seasonA, seasonB, around: inSeason ? null : [addDays(today, -21), addDays(today, 45)] };
}

const overlaps = (a: Range, b: Range) => a[0] < b[1] && b[0] < a[1];

interface Slot {
  place: DemoPlace;
  start: string;
  end: string;
}

/** Stays along each place's timeline: short gaps in high season, long ones outside. */
function timelines(rnd: Random, places: DemoPlace[], windows: Range[], blocked: Map<number, Range[]>): Slot[] {
  const slots: Slot[] = [];
  for (const place of places) {
    if (place.isResidential) continue;
    for (const [from, to] of windows) {
      let cursor = from;
      for (;;) {
        const m = month(cursor);
        const high = m === 7 || m === 8;
        const shoulder = m === 6 || m === 9;
        const gap = high ? rnd.int(0, 3) : shoulder ? rnd.int(2, 12) : rnd.int(6, 30);
        const start = addDays(cursor, gap);
        const nights = place.isRental
          ? high
            ? 7
            : rnd.pick([2, 3, 4, 7])
          : rnd.weighted([
              [1, 2],
              [2, 3],
              [3, 3],
              [5, 3],
              [7, 4],
              [10, 2],
              [14, 1],
            ] as const);
        const end = addDays(start, nights);
        if (end > to) break;
        const hit = (blocked.get(place.id) ?? []).find((b) => overlaps(b, [start, end]));
        if (hit) {
          cursor = hit[1];
          continue;
        }
        slots.push({ place, start, end });
        cursor = end;
      }
    }
  }
  return slots;
}

interface Plan {
  kind: string;
  statusId: number;
  cancellation?: string;
}

/** Minutes since midnight of a Paris wall-clock time « HH:MM ». */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant of a Paris wall-clock time on a day (+1 h in winter, +2 h in summer). */
export function parisInstant(day: string, minutes: number): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const parisNoon = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).format(noon),
  );
  return new Date(noon.getTime() + (minutes - 12 * 60 - (parisNoon - 12) * 60) * 60_000).toISOString();
}

/** What the desk could have recorded by now: today's arrivals after the arrival hour, departures from 8:00. */
interface Clock {
  today: string;
  nowMinutes: number;
  arrivalMinutes: number;
}
const DEPARTURES_FROM = 8 * 60;

function statusFor(rnd: Random, s: Slot, c: Clock): Plan {
  const today = c.today;
  const short = nightsBetween(s.start, s.end) === 1 && !s.place.isRental;
  const kindOf = () => (short && rnd.chance(0.5) ? 'passage' : 'booking');
  if (s.end < today || (s.end === today && c.nowMinutes >= DEPARTURES_FROM && rnd.chance(0.4))) {
    const v = rnd.weighted([
      ['gone', 82],
      ['early', 3],
      ['cancel', 7],
      ['refuse', 1],
      ['counter', 1],
      ['expired', 2],
      ['abandon', 1],
      ['deleted', 1],
      ['quote', 2],
    ] as const);
    switch (v) {
      case 'gone':
        return { kind: kindOf(), statusId: STATUS.GONE };
      case 'early':
        return { kind: 'booking', statusId: nightsBetween(s.start, s.end) > 2 ? STATUS.EARLY_DEPARTURE : STATUS.GONE };
      case 'cancel':
        return { kind: 'booking', statusId: STATUS.CANCELLED, cancellation: 'cancelled' };
      case 'refuse':
        return { kind: 'booking', statusId: STATUS.REFUSED };
      case 'counter':
        return { kind: 'booking', statusId: STATUS.REFUSED_COUNTER };
      case 'expired':
        return { kind: 'option', statusId: STATUS.EXPIRED };
      case 'abandon':
        return { kind: 'booking', statusId: STATUS.ABANDONED };
      case 'deleted':
        return { kind: 'booking', statusId: STATUS.DELETED };
      case 'quote':
        return { kind: 'quote', statusId: STATUS.CONFIRMED };
    }
  }
  if (s.start <= today && s.end >= today) {
    if (s.start === today) {
      const arrived = c.nowMinutes >= c.arrivalMinutes ? 2 : 0;
      return {
        kind: kindOf(),
        statusId: rnd.weighted([
          [STATUS.CONFIRMED, 5],
          [STATUS.VALIDATED, 3],
          [STATUS.ARRIVED, arrived],
        ] as const),
      };
    }
    return { kind: kindOf(), statusId: STATUS.ARRIVED };
  }
  const v = rnd.weighted([
    ['confirmed', 46],
    ['validated', 20],
    ['option', 12],
    ['quote', 6],
    ['temporary', 2],
    ['inProgress', 2],
    ['cancel', 6],
    ['cancelling', 2],
    ['refuse', 1],
    ['abandon', 1],
    ['expired', 1],
    ['deleted', 1],
  ] as const);
  switch (v) {
    case 'confirmed':
      return { kind: kindOf(), statusId: STATUS.CONFIRMED };
    case 'validated':
      return { kind: 'booking', statusId: STATUS.VALIDATED };
    case 'option':
      return { kind: 'option', statusId: STATUS.CONFIRMED };
    case 'quote':
      return { kind: 'quote', statusId: rnd.chance(0.5) ? STATUS.CONFIRMED : STATUS.TEMPORARY };
    case 'temporary':
      return { kind: 'booking', statusId: STATUS.TEMPORARY };
    case 'inProgress':
      return { kind: 'booking', statusId: STATUS.IN_PROGRESS };
    case 'cancel':
      return { kind: 'booking', statusId: STATUS.CANCELLED, cancellation: 'cancelled' };
    case 'cancelling':
      return { kind: 'booking', statusId: STATUS.CONFIRMED, cancellation: 'cancelling' };
    case 'refuse':
      return { kind: 'booking', statusId: STATUS.REFUSED };
    case 'abandon':
      return { kind: 'booking', statusId: STATUS.ABANDONED };
    case 'expired':
      return { kind: 'option', statusId: STATUS.EXPIRED };
    case 'deleted':
      return { kind: 'booking', statusId: STATUS.DELETED };
  }
}

const CANCEL_REASONS = [
  'Client malade',
  'Changement de dates de congés',
  'Météo défavorable',
  'Raisons familiales',
  'Voiture en panne',
];
const ageAt = (birth: string, day: string) =>
  Number(day.slice(0, 4)) - Number(birth.slice(0, 4)) - (day.slice(5) < birth.slice(5) ? 1 : 0);

export async function seedDemoStays(
  knex: Knex,
  opts: { today?: string; customers?: number } = {},
): Promise<{ bookings: number; occupancies: number }> {
  const today = opts.today ?? todayParis();
  const rnd = new Random(11);
  const places = await seedDemoPlaces(knex);
  const customers: DemoCustomer[] = await seedDemoCustomers(knex, opts.customers ?? 900, today);
  const { seasonA, seasonB, around } = demoStayWindows(today);
  const prefs = await stayPreferences(knex);
  const now = new Date();
  const parisNow = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  const clockNow = {
    today,
    arrivalMinutes: minutesOf(prefs.arrivalTime),
    departureMinutes: minutesOf(prefs.departureTime),
    // Seeded for another day than the real one (tests): the whole day has passed.
    nowMinutes: today === todayParis(now) ? minutesOf(parisNow) : 24 * 60 - 1,
  };

  const ages: Row[] = await knex('age_category').orderBy('order').select('id', 'minAge', 'maxAge');
  const ageCategory = (age: number) =>
    (ages.find((a) => (a.minAge ?? 0) <= age && (a.maxAge == null || age <= a.maxAge)) ?? ages[0]).id;
  const adultId = ageCategory(30);
  const equipment = new Map<string, Row>(
    (await knex('equipment').select('id', 'code', 'capacity')).map((e: Row) => [e.code, e]),
  );
  const channels = new Map<string, number>(
    (await knex('access_channel').select('id', 'code')).map((c: Row) => [c.code, c.id]),
  );
  const partners: Row[] = await knex('partner').orderBy('id').select('id', 'isManager');
  const armor = partners.find((p) => p.isManager) ?? partners[0];
  const cse = partners.find((p) => p.id !== armor?.id);
  const extras = new Map<string, number>((await knex('extra').select('id', 'label')).map((e: Row) => [e.label, e.id]));
  const elecPlaces = new Set<number>(
    (
      await knex('place_feature as pf')
        .join('feature as f', 'f.id', 'pf.featureId')
        .where('f.code', 'ELEC')
        .select('pf.placeId')
    ).map((r: Row) => r.placeId),
  );

  // Unavailabilities first: works on some rentals around today, a flooded pitch, a repaint.
  const byCode = new Map(places.map((p) => [p.code, p]));
  const unav: Row[] = [];
  const blocked = new Map<number, Range[]>();
  const block = (code: string, range: Range, reason: string) => {
    const p = byCode.get(code);
    if (!p) return;
    unav.push({ placeId: p.id, startDate: range[0], endDate: range[1], reason });
    blocked.set(p.id, [...(blocked.get(p.id) ?? []), range]);
  };
  block('L03', [addDays(today, -10), addDays(today, 12)], 'Remplacement de la terrasse');
  block('L17', [addDays(today, 3), addDays(today, 20)], 'Travaux de plomberie');
  block('L29', [addDays(today, -30), addDays(today, -5)], 'Peinture intérieure');
  block('A07', [`${seasonA[0].slice(0, 4)}-06-10`, `${seasonA[0].slice(0, 4)}-06-20`], 'Emplacement inondé');
  block('B12', [`${seasonB[0].slice(0, 4)}-04-01`, `${seasonB[0].slice(0, 4)}-05-01`], 'Réfection de la haie');
  block('C05', [`${seasonB[0].slice(0, 4)}-09-15`, `${seasonB[0].slice(0, 4)}-10-01`], 'Élagage');
  block('L40', [addDays(today, 30), addDays(today, 60)], 'Rénovation de la salle de bain');

  // Partner allotments: 6 mobile homes for the tour operator in July and August of both seasons.
  const allotments: Row[] = [];
  if (armor) {
    for (const season of [seasonA, seasonB]) {
      const y = season[0].slice(0, 4);
      for (const code of ['L01', 'L02', 'L04', 'L05', 'L06', 'L07']) {
        const p = byCode.get(code);
        if (p)
          allotments.push({
            partnerId: armor.id,
            placeId: p.id,
            startDate: `${y}-07-01`,
            endDate: `${y}-09-01`,
            releaseDate: `${y}-06-01`,
            notes: 'Contrat saison tour-opérateur',
          });
      }
    }
  }
  const savedAllotments = await bulkInsert<Row>(knex, 'partner_allotment', allotments, [
    'id',
    'placeId',
    'startDate',
    'endDate',
    'partnerId',
  ]);
  if (armor) {
    const [ya, yb] = [seasonA[0].slice(0, 4), seasonB[0].slice(0, 4)];
    await knex('partner_commission_period').insert([
      { partnerId: armor.id, startDate: `${ya}-01-01`, endDate: `${yb}-01-01`, commissionRate: 1200 },
      { partnerId: armor.id, startDate: `${yb}-01-01`, endDate: `${Number(yb) + 1}-01-01`, commissionRate: 1000 },
    ]);
  }

  // Out of season (April to October) only the heated rentals stay open: no pitch is
  // occupied in winter, a few mobile homes are.
  const windows: Range[] = [seasonA, seasonB];
  let slots = timelines(rnd, places, windows, blocked);
  if (around)
    slots.push(
      ...timelines(
        rnd,
        places.filter((p) => p.isRental),
        [around],
        blocked,
      ),
    );
  // Keep about 2 000 stays: a stay less leaves a gap, never an overlap.
  const target = 2000;
  if (slots.length > target) {
    const keep = target / slots.length;
    slots = slots.filter((s) => (around && overlaps([s.start, s.end], around)) || rnd.chance(keep));
  }
  slots.sort((a, b) => a.start.localeCompare(b.start) || a.place.code.localeCompare(b.place.code));

  const bookings: Row[] = [];
  const occPlans: {
    b: number;
    occ: Row;
    details: Row[];
    attendants: number[];
    vehicle: Row | null;
    animal: Row | null;
    extras: Row[];
  }[] = [];
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
    const b: Row = {
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
    const ex: Row[] = [];
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
        quoteDate: createdAt.slice(0, 10),
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

  const savedBookings = await bulkInsert<Row>(knex, 'booking', bookings, [
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
    (await knex('place').select('id', 'placeTypeId')).map((p: Row) => [p.id, p.placeTypeId]),
  );
  const savedOcc = await bulkInsert<Row>(
    knex,
    'occupancy',
    occPlans.map((p) => ({ ...p.occ, placeTypeId: placeType.get(p.occ.placeId), bookingId: savedBookings[p.b].id })),
  );
  const details: Row[] = [],
    atts: Row[] = [],
    vehs: Row[] = [],
    anis: Row[] = [],
    exs: Row[] = [];
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
  // Priced by the engine as they were when booked (quote date = booking date), whatever their status since.
  for (const b of savedBookings)
    if (b.statusId !== STATUS.DELETED) await priceBookingAsMade(knex as Knex.Transaction, b.id);

  // A few guests on site have their birthday today (the home tile counts them).
  const present = savedBookings
    .filter((b) => b.statusId === STATUS.ARRIVED && b.startDate < today && b.endDate > today)
    .slice(0, 3);
  for (const [i, b] of present.entries()) {
    await knex('customer')
      .where('id', b.customerId)
      .update({ birthDate: `${Number(today.slice(0, 4)) - 30 - 7 * i}${today.slice(4)}` });
  }

  await seedDemoImports(knex, rnd, today, seasonB, savedBookings);
  return { bookings: bookings.length, occupancies: savedOcc.length };
}

/** Online bookings of the channels, in every state of the import list. */
async function seedDemoImports(knex: Knex, rnd: Random, today: string, seasonB: Range, bookings: Row[]): Promise<void> {
  const channels = new Map<string, number>(
    (await knex('access_channel').select('id', 'code')).map((c: Row) => [c.code, c.id]),
  );
  const types = new Map<string, number>(
    (await knex('place_type').select('id', 'code')).map((t: Row) => [t.code, t.id]),
  );
  const fr = await knex('country').where('isoCode', 'FR').first('id');
  const de = await knex('country').where('isoCode', 'DE').first('id');
  const y = seasonB[0].slice(0, 4);
  const rows: Row[] = [];
  const guests: [string, string, number | null][] = [
    ['Lemoine', 'Claire', fr?.id],
    ['Weber', 'Jonas', de?.id],
    ['Barbier', 'Hugo', fr?.id],
    ['Perrot', 'Manon', fr?.id],
    ['Schulz', 'Lena', de?.id],
    ['Colin', 'Paul', fr?.id],
    ['Renaud', 'Léa', fr?.id],
    ['Hoffmann', 'Tim', de?.id],
  ];
  guests.forEach(([lastName, firstName, countryId], i) => {
    const start = addDays(`${y}-06-06`, 7 * i);
    rows.push({
      accessChannelId: channels.get(rnd.pick(['WEB', 'BOOKING', 'PITCHUP'])) ?? null,
      externalRef: `WEB-${y}-${String(1001 + i)}`,
      statusId: i < 5 ? STATUS.TO_INTEGRATE : i < 7 ? STATUS.ACCEPTED : STATUS.REFUSED,
      channelCancelled: i === 4,
      lastName,
      firstName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@exemple.net`,
      phone: '06 11 22 33 44',
      countryId,
      placeTypeId: types.get(i % 2 ? 'MH4' : 'CONF') ?? null,
      startDate: start,
      endDate: addDays(start, 7),
      adults: 2,
      children: i % 3,
      babies: 0,
      amount: rnd.int(300, 900) * 100,
      payload: JSON.stringify({ source: 'demo', ref: i }),
      refusalReason: i >= 7 ? 'Dates non disponibles' : null,
    });
  });
  // Online bookings already integrated: channel stays of the next season, "Intégrée" (13) like their import.
  const integrated = bookings
    .filter(
      (b) =>
        b.startDate > today &&
        b.statusId === STATUS.CONFIRMED &&
        b.kind === 'booking' &&
        b.accessChannelId === channels.get('WEB'),
    )
    .slice(0, 12);
  await knex('booking')
    .whereIn(
      'id',
      integrated.map((b) => b.id),
    )
    .update({ statusId: STATUS.INTEGRATED });
  const guestOf = new Map<number, Row>(
    (
      await knex('customer')
        .whereIn(
          'id',
          integrated.map((b) => b.customerId),
        )
        .select('id', 'lastName', 'firstName', 'email', 'countryId')
    ).map((c: Row) => [c.id, c]),
  );
  integrated.forEach((b, i) => {
    const guest = guestOf.get(b.customerId);
    rows.push({
      accessChannelId: channels.get('WEB') ?? null,
      externalRef: `WEB-${y}-${String(2001 + i)}`,
      statusId: STATUS.INTEGRATED,
      channelCancelled: i === 0,
      lastName: guest?.lastName ?? 'Client internet',
      firstName: guest?.firstName ?? null,
      email: guest?.email ?? null,
      countryId: guest?.countryId ?? null,
      startDate: b.startDate,
      endDate: b.endDate,
      adults: 2,
      children: 0,
      babies: 0,
      bookingId: b.id,
      integratedAt: `${today}T08:00:00.000Z`,
    });
  });
  await bulkInsert(knex, 'booking_import', rows);
}
