// Demo stays: about 2 000 stays of the last season, the weeks around today and the
// next season, in every kind and status of §4 (docs/stays.md#states-and-transitions) (a stay's status follows its
// dates: gone or cancelled in the past, arrived now, confirmed, optioned or quoted ahead),
// with occupants by age category, equipment, vehicles, animals, extras and
// attendants; partner allotments and commission periods; unavailabilities; online
// bookings in every state. Generated place by place along a timeline, so that no
// place holds two stays on one night (the exclusion constraint checks it anyway).
// Bulk inserts only.
import type { Knex } from 'knex';
import { addDays, timeParis, todayParis } from '../../common/dates';
import { STATUS } from '../domain/stays/status';
import { priceBookingAsMade } from '../domain/stays/pricing';
import { stayPreferences } from '../domain/stays/preferences';
import { Random, bulkInsert } from './stays-random';
import { seedDemoPlaces } from './catalogue';
import { seedDemoCustomers, type DemoCustomer } from './customers';
import { insertStays, planStays, type AllotmentRow, type EquipmentRow, type SavedBooking } from './stays-plans';
import type {
  AccessChannelRecord,
  AgeCategoryRecord,
  BookingImport,
  CustomerRecord,
  ExtraRecord,
  PartnerAllotment,
  PartnerRecord,
  PlaceTypeRecord,
  Unavailability,
} from '../../common/generated/types';

type Channel = Pick<AccessChannelRecord, 'id' | 'code'>;
import { type Range, demoStayWindows, overlaps, timelines, minutesOf } from './stays-timeline';
export { demoStayWindows, parisInstant } from './stays-timeline';

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
  const clockNow = {
    today,
    arrivalMinutes: minutesOf(prefs.arrivalTime),
    departureMinutes: minutesOf(prefs.departureTime),
    // Seeded for another day than the real one (tests): the whole day has passed.
    nowMinutes: today === todayParis(now) ? minutesOf(timeParis(now)) : 24 * 60 - 1,
  };

  const ages: Pick<AgeCategoryRecord, 'id' | 'minAge' | 'maxAge'>[] = await knex('age_category')
    .orderBy('order')
    .select('id', 'minAge', 'maxAge');
  const ageCategory = (age: number) =>
    (ages.find((a) => (a.minAge ?? 0) <= age && (a.maxAge == null || age <= a.maxAge)) ?? ages[0]).id;
  const adultId = ageCategory(30);
  const equipment = new Map<string, EquipmentRow>(
    (await knex('equipment').select('id', 'code', 'capacity')).map((e: EquipmentRow) => [e.code, e]),
  );
  const channels = new Map<string, number>(
    (await knex('access_channel').select('id', 'code')).map((c: Channel) => [c.code, c.id]),
  );
  const partners: Pick<PartnerRecord, 'id' | 'isManager'>[] = await knex('partner')
    .orderBy('id')
    .select('id', 'isManager');
  const armor = partners.find((p) => p.isManager) ?? partners[0];
  const cse = partners.find((p) => p.id !== armor?.id);
  const extras = new Map<string, number>(
    (await knex('extra').select('id', 'label')).map((e: Pick<ExtraRecord, 'id' | 'label'>) => [e.label, e.id]),
  );
  const elecPlaces = new Set<number>(
    (
      await knex('place_feature as pf')
        .join('feature as f', 'f.id', 'pf.featureId')
        .where('f.code', 'ELEC')
        .select('pf.placeId')
    ).map((r: { placeId: number }) => r.placeId),
  );

  // Unavailabilities first: works on some rentals around today, a flooded pitch, a repaint.
  const byCode = new Map(places.map((p) => [p.code, p]));
  const unav: Pick<Unavailability, 'placeId' | 'startDate' | 'endDate' | 'reason'>[] = [];
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
  const allotments: Partial<PartnerAllotment>[] = [];
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
  const savedAllotments = await bulkInsert<AllotmentRow>(knex, 'partner_allotment', allotments, [
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

  const { bookings, occPlans } = planStays(
    {
      rnd,
      today,
      clockNow,
      customers,
      savedAllotments,
      cse,
      channels,
      equipment,
      ageCategory,
      adultId,
      extras,
      elecPlaces,
    },
    slots,
  );

  const { savedBookings, savedOcc } = await insertStays(knex, bookings, occPlans, unav);
  // Priced by the engine as they were when booked (quote date = booking date), whatever their status since.
  for (const b of savedBookings)
    if (b.statusId !== STATUS.DELETED) await priceBookingAsMade(knex as Knex.Transaction, b.id);

  // A few guests on site have their birthday today (the home tile counts them).
  const present = savedBookings
    // An arrived booking has its dates (only a reset one has none).
    .filter((b) => b.statusId === STATUS.ARRIVED && b.startDate! < today && b.endDate! > today)
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
async function seedDemoImports(
  knex: Knex,
  rnd: Random,
  today: string,
  seasonB: Range,
  bookings: SavedBooking[],
): Promise<void> {
  const channels = new Map<string, number>(
    (await knex('access_channel').select('id', 'code')).map((c: Channel) => [c.code, c.id]),
  );
  const types = new Map<string, number>(
    (await knex('place_type').select('id', 'code')).map((t: Pick<PlaceTypeRecord, 'id' | 'code'>) => [t.code, t.id]),
  );
  const fr = await knex('country').where('isoCode', 'FR').first('id');
  const de = await knex('country').where('isoCode', 'DE').first('id');
  const y = seasonB[0].slice(0, 4);
  const rows: Partial<BookingImport>[] = [];
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
        // A reset booking (no dates) is not one: null compares false, like ''.
        (b.startDate ?? '') > today &&
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
  type Guest = Pick<CustomerRecord, 'id' | 'lastName' | 'firstName' | 'email' | 'countryId'>;
  const guestOf = new Map<number, Guest>(
    (
      await knex('customer')
        .whereIn(
          'id',
          integrated.map((b) => b.customerId),
        )
        .select('id', 'lastName', 'firstName', 'email', 'countryId')
    ).map((c: Guest) => [c.id, c]),
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
      // Integrated bookings are future ones: they have their dates.
      startDate: b.startDate!,
      endDate: b.endDate!,
      adults: 2,
      children: 0,
      babies: 0,
      bookingId: b.id,
      integratedAt: `${today}T08:00:00.000Z`,
    });
  });
  await bulkInsert(knex, 'booking_import', rows);
}
