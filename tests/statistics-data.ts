// Statistics test data written straight into the tables (the statistics read rows, not
// how they were made): a small campsite with the edge cases of issue 27 (docs/statistics.md) (a stay across
// a month and a year boundary, a cancelled stay, an unavailability, a place opened
// mid-season, a night sold while the site is closed, a quote and an option that do not
// count, a residential place), and a random generator of years of stays for the
// property tests and the benchmark. Prices are stored as the pricing engine stores them
// (occupancy.priced_quote.quote.lines, VAT-inclusive cents with their VAT).
import type { Knex } from 'knex';
import { addDays } from '../common/dates';

type Row = Record<string, any>;

export interface Line {
  lineType: number;
  amount: number;
  vatAmount: number;
  startDate?: string;
  endDate?: string;
}

const quote = (lines: Line[]) =>
  JSON.stringify({
    quote: {
      lines: lines.map((l) => ({
        label: `Ligne ${l.lineType}`,
        quantity: 1,
        unitPrice: l.amount,
        vatRateBp: l.vatAmount ? 1000 : null,
        ...l,
      })),
    },
  });

/** Prices of a pitch night: a place line per night, a fee, the tourist tax. */
export function pitchLines(start: string, end: string, nights: number, perNight = 2500): Line[] {
  const place = perNight * nights;
  return [
    {
      lineType: 1,
      amount: place,
      vatAmount: place - Math.round((place * 10000) / 11000),
      startDate: start,
      endDate: end,
    },
    { lineType: 8, amount: 1500, vatAmount: 136 },
    { lineType: 2, amount: 63 * 2 * nights, vatAmount: 0, startDate: start, endDate: end },
  ];
}

export interface Catalogue {
  types: { pitch: number; rental: number; residential: number };
  layouts: { a: number; b: number; empty: number };
  places: Record<string, number>;
  channels: { direct: number; online: number };
  partnerId: number;
  countries: Record<string, number>;
  adultId: number;
  childId: number;
  adminId: number;
}

async function ids(knex: Knex, table: string, rows: Row[]): Promise<number[]> {
  return (await knex(table).insert(rows).returning('id')).map((r: Row) => r.id);
}

/** Places, types, layouts and channels of the statistics tests (codes ST…). */
export async function seedCatalogue(knex: Knex, year: number, places = 0): Promise<Catalogue> {
  const [family] = await ids(knex, 'place_family', [{ code: 'STF', label: 'Famille stat' }]);
  const [pitch, rental, residential] = await ids(knex, 'place_type', [
    { code: 'STP', label: 'Stat emplacement', placeFamilyId: family },
    { code: 'STL', label: 'Stat locatif', placeFamilyId: family, isRental: true },
    { code: 'STR', label: 'Stat résidentiel', placeFamilyId: family, isResidential: true },
  ]);
  const [a, b, empty] = await ids(knex, 'layout', [
    { code: 'ZSA', label: 'Zone stat A' },
    { code: 'ZSB', label: 'Zone stat B' },
    { code: 'ZSC', label: 'Zone stat vide' },
  ]);
  const defs: Row[] = [
    ...['P1', 'P2', 'P3', 'P4', 'P5'].map((code) => ({ code, placeTypeId: pitch, layoutId: a, capacity: 6 })),
    // opened mid-season
    { code: 'P6', placeTypeId: pitch, layoutId: a, capacity: 4, inServiceFrom: `${year}-07-15` },
    ...['L1', 'L2'].map((code) => ({ code, placeTypeId: rental, layoutId: b, capacity: 5 })),
    { code: 'R1', placeTypeId: residential, layoutId: b, capacity: 4 },
    ...Array.from({ length: places }, (_, i) => ({
      code: `G${i + 1}`,
      placeTypeId: i % 4 === 3 ? rental : pitch,
      layoutId: i % 2 ? b : a,
      capacity: 2 + (i % 5),
    })),
  ];
  const placeIds = await ids(knex, 'place', defs);
  const [direct, online] = await ids(knex, 'access_channel', [
    { code: 'STDIR', label: 'Stat direct', isOnline: false },
    { code: 'STWEB', label: 'Stat en ligne', isOnline: true },
  ]);
  const partner = await knex('partner').orderBy('id').first('id');
  const countries = Object.fromEntries(
    (await knex('country').whereIn('isoCode', ['FR', 'DE', 'GB', 'NL']).select('isoCode', 'id')).map((c) => [
      c.isoCode,
      c.id,
    ]),
  );
  const ages = await knex('age_category').orderBy('order').select('id', 'minAge');
  const admin = await knex('app_user').where('login', 'admin').first('id');
  return {
    types: { pitch, rental, residential },
    layouts: { a, b, empty },
    places: Object.fromEntries(defs.map((d, i) => [d.code, placeIds[i]])),
    channels: { direct, online },
    partnerId: partner.id,
    countries,
    adultId: ages.find((x) => (x.minAge ?? 0) >= 18)?.id ?? ages[0].id,
    childId: ages.find((x) => (x.minAge ?? 0) < 18)?.id ?? ages[0].id,
    adminId: admin.id,
  };
}

export interface StaySpec {
  place: number;
  start: string;
  end: string;
  kind?: string;
  statusId?: number;
  cancelledAt?: string;
  bookedAt: string;
  customerId?: number | null;
  channelId?: number | null;
  partnerId?: number | null;
  lines?: Line[];
  adults?: number;
  children?: number;
  sellerUserId?: number;
}

let code = 0;
/** Column arrays of `rows` for `INSERT … SELECT * FROM unnest(…)`: one statement per table and chunk. */
async function insertColumns(knex: Knex, table: string, cols: [string, string][], rows: unknown[][], ret: string) {
  const sql = `INSERT INTO ${table} (${cols.map((c) => c[0]).join(', ')})
    SELECT * FROM unnest(${cols.map((c) => `?::${c[1]}[]`).join(', ')}) RETURNING ${ret}`;
  return (
    await knex.raw(
      sql,
      cols.map((_, k) => rows.map((r) => r[k]) as Knex.Value),
    )
  ).rows as Row[];
}

/**
 * Writes stays (bookings with one occupancy each) in bulk, as column arrays (the
 * benchmark writes 200 000 of them); answers the booking ids in the order given.
 */
export async function insertStays(knex: Knex, c: Catalogue, stays: StaySpec[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < stays.length; i += 5000) {
    const chunk = stays.slice(i, i + 5000);
    const codes = chunk.map(() => `ST${String(++code).padStart(7, '0')}`);
    const byCode = new Map(
      (
        await insertColumns(
          knex,
          'booking',
          [
            ['code', 'text'],
            ['kind', 'text'],
            ['status_id', 'int'],
            ['cancellation', 'text'],
            ['cancelled_at', 'timestamptz'],
            ['customer_id', 'int'],
            ['partner_id', 'int'],
            ['access_channel_id', 'int'],
            ['start_date', 'date'],
            ['end_date', 'date'],
            ['created_at', 'timestamptz'],
          ],
          chunk.map((s, j) => [
            codes[j],
            s.kind ?? 'booking',
            s.statusId ?? 7,
            s.statusId === 9 ? 'cancelled' : 'none',
            s.cancelledAt ?? null,
            s.customerId ?? null,
            s.partnerId ?? null,
            s.channelId ?? null,
            s.start,
            s.end,
            s.bookedAt,
          ]),
          'id, code',
        )
      ).map((r) => [r.code as string, r.id as number]),
    );
    const bookings = codes.map((k) => byCode.get(k)!);
    const occByBooking = new Map(
      (
        await insertColumns(
          knex,
          'occupancy',
          [
            ['booking_id', 'int'],
            ['place_id', 'int'],
            ['start_date', 'date'],
            ['end_date', 'date'],
            ['is_cancelled', 'boolean'],
            ['priced_quote', 'jsonb'],
          ],
          chunk.map((s, j) => [bookings[j], s.place, s.start, s.end, s.statusId === 9, quote(s.lines ?? [])]),
          'id, booking_id',
        )
      ).map((r) => [r.booking_id as number, r.id as number]),
    );
    const occ = bookings.map((b) => occByBooking.get(b)!);
    const details: unknown[][] = [];
    chunk.forEach((s, j) => {
      details.push([occ[j], c.adultId, s.adults ?? 2]);
      if (s.children) details.push([occ[j], c.childId, s.children]);
    });
    await insertColumns(
      knex,
      'occupancy_detail',
      [
        ['occupancy_id', 'int'],
        ['age_category_id', 'int'],
        ['quantity', 'int'],
      ],
      details,
      'id',
    );
    const history = chunk.flatMap((s, j) =>
      s.sellerUserId ? [[s.sellerUserId, 'booking', 'Séjour', bookings[j], 'create']] : [],
    );
    if (history.length)
      await insertColumns(
        knex,
        'post_history',
        [
          ['user_id', 'int'],
          ['entity', 'text'],
          ['entity_label', 'text'],
          ['record_id', 'int'],
          ['action', 'text'],
        ],
        history,
        'id',
      );
    out.push(...bookings);
  }
  return out;
}

/** Customers of the statistics tests: French (Finistère, Paris, Corsica, Réunion), German, British. */
export async function insertCustomers(knex: Knex, c: Catalogue): Promise<Record<string, number>> {
  const rows = [
    { k: 'brest', lastName: 'Le Gall', countryId: c.countries.FR, postalCode: '29200' },
    { k: 'paris', lastName: 'Martin', countryId: c.countries.FR, postalCode: '75011' },
    { k: 'ajaccio', lastName: 'Santoni', countryId: c.countries.FR, postalCode: '20000' },
    { k: 'reunion', lastName: 'Payet', countryId: c.countries.FR, postalCode: '97400' },
    { k: 'berlin', lastName: 'Weber', countryId: c.countries.DE, postalCode: '10115' },
    { k: 'london', lastName: 'Smith', countryId: c.countries.GB, postalCode: null },
  ];
  const got = await ids(
    knex,
    'customer',
    rows.map(({ k: _k, ...r }) => r),
  );
  return Object.fromEntries(rows.map((r, i) => [r.k, got[i]]));
}

/**
 * The edge cases, in year `y` (and y − 1 for the reference year). The activity periods
 * become April–October and December–January: November is closed.
 */
export async function seedEdgeCases(knex: Knex, y: number) {
  await knex('activity_period').del();
  await knex('activity_period').insert([
    { label: `Saison ${y - 1}`, startDate: `${y - 1}-04-01`, endDate: `${y - 1}-10-31` },
    { label: `Saison ${y}`, startDate: `${y}-04-01`, endDate: `${y}-10-31` },
    { label: `Hiver ${y}`, startDate: `${y}-12-01`, endDate: `${y + 1}-01-31` },
  ]);
  const c = await seedCatalogue(knex, y);
  const cu = await insertCustomers(knex, c);
  const p = c.places;
  await knex('unavailability').insert({
    placeId: p.P2,
    startDate: `${y}-06-10`,
    endDate: `${y}-06-20`,
    reason: 'Inondé',
  });
  const week = (s: string, e: string, n: number) => pitchLines(s, e, n);
  const stays: StaySpec[] = [
    // a week with an extra on two nights and a reduction that does not divide evenly
    {
      place: p.P1,
      start: `${y}-07-01`,
      end: `${y}-07-08`,
      bookedAt: `${y}-03-10T10:00:00Z`,
      customerId: cu.brest,
      channelId: c.channels.direct,
      lines: [
        ...week(`${y}-07-01`, `${y}-07-08`, 7),
        { lineType: 7, amount: 1000, vatAmount: 91, startDate: `${y}-07-02`, endDate: `${y}-07-04` },
        { lineType: 12, amount: -1001, vatAmount: -91 },
      ],
      children: 1,
    },
    // across a month boundary, created by a user (seller)
    {
      place: p.P1,
      start: `${y}-07-30`,
      end: `${y}-08-05`,
      statusId: 2,
      bookedAt: `${y}-07-29T09:00:00Z`,
      customerId: cu.paris,
      lines: week(`${y}-07-30`, `${y}-08-05`, 6),
      sellerUserId: c.adminId,
    },
    // across the year boundary
    {
      place: p.P3,
      start: `${y}-12-28`,
      end: `${y + 1}-01-03`,
      statusId: 2,
      bookedAt: `${y}-11-20T09:00:00Z`,
      customerId: cu.ajaccio,
      lines: week(`${y}-12-28`, `${y + 1}-01-03`, 6),
    },
    // cancelled on 1 May: on the books before, never counted
    {
      place: p.P4,
      start: `${y}-07-10`,
      end: `${y}-07-15`,
      statusId: 9,
      cancelledAt: `${y}-05-01T08:00:00Z`,
      bookedAt: `${y}-02-01T10:00:00Z`,
      customerId: cu.berlin,
      lines: week(`${y}-07-10`, `${y}-07-15`, 5),
    },
    // sold in November while the site is closed
    {
      place: p.P5,
      start: `${y}-11-10`,
      end: `${y}-11-12`,
      kind: 'passage',
      bookedAt: `${y}-11-10T08:00:00Z`,
      customerId: cu.reunion,
      lines: week(`${y}-11-10`, `${y}-11-12`, 2),
    },
    // on the place opened mid-season, through an online channel
    {
      place: p.P6,
      start: `${y}-07-20`,
      end: `${y}-07-27`,
      statusId: 6,
      bookedAt: `${y}-06-01T10:00:00Z`,
      customerId: cu.london,
      channelId: c.channels.online,
      lines: week(`${y}-07-20`, `${y}-07-27`, 7),
    },
    // a quote and an option: not counted
    {
      place: p.P2,
      start: `${y}-07-01`,
      end: `${y}-07-05`,
      kind: 'quote',
      statusId: 2,
      bookedAt: `${y}-06-01T10:00:00Z`,
      lines: week(`${y}-07-01`, `${y}-07-05`, 4),
    },
    {
      place: p.P3,
      start: `${y}-07-01`,
      end: `${y}-07-05`,
      kind: 'option',
      statusId: 2,
      bookedAt: `${y}-06-01T10:00:00Z`,
      lines: week(`${y}-07-01`, `${y}-07-05`, 4),
    },
    // a rental sold by a partner
    {
      place: p.L1,
      start: `${y}-08-01`,
      end: `${y}-08-08`,
      statusId: 3,
      bookedAt: `${y}-01-15T10:00:00Z`,
      customerId: cu.brest,
      partnerId: c.partnerId,
      lines: week(`${y}-08-01`, `${y}-08-08`, 7).map((l) => ({
        ...l,
        amount: l.amount * 3,
        vatAmount: l.vatAmount * 3,
      })),
      adults: 4,
    },
    // the residential place, apart
    {
      place: p.R1,
      start: `${y}-04-01`,
      end: `${y}-10-01`,
      statusId: 6,
      bookedAt: `${y - 1}-12-01T10:00:00Z`,
      customerId: cu.paris,
      lines: week(`${y}-04-01`, `${y}-10-01`, 183),
    },
    // the reference year, and the same customer again (returning)
    {
      place: p.P1,
      start: `${y - 1}-07-01`,
      end: `${y - 1}-07-05`,
      bookedAt: `${y - 1}-05-01T10:00:00Z`,
      customerId: cu.brest,
      lines: week(`${y - 1}-07-01`, `${y - 1}-07-05`, 4),
    },
  ];
  const bookings = await insertStays(knex, c, stays);
  return { c, customers: cu, bookings };
}

/** A simple deterministic generator (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/**
 * Years of stays on `places` places (seedCatalogue's G…): each place's season filled
 * with stays of 1 to 14 nights separated by short gaps, 8 % cancelled, booked 0 to 200
 * days ahead. Activity periods: April to October of each year.
 */
export async function generateYears(
  knex: Knex,
  opts: { firstYear: number; years: number; places: number; seed?: number },
) {
  const rnd = random(opts.seed ?? 27);
  await knex('activity_period').del();
  await knex('activity_period').insert(
    Array.from({ length: opts.years }, (_, i) => ({
      label: `Saison ${opts.firstYear + i}`,
      startDate: `${opts.firstYear + i}-04-01`,
      endDate: `${opts.firstYear + i}-10-31`,
    })),
  );
  const c = await seedCatalogue(knex, opts.firstYear, opts.places);
  const cu = Object.values(await insertCustomers(knex, c));
  const stays: StaySpec[] = [];
  const gplaces = Object.entries(c.places)
    .filter(([k]) => k.startsWith('G'))
    .map(([, id]) => id);
  for (let y = opts.firstYear; y < opts.firstYear + opts.years; y++)
    for (const place of gplaces) {
      for (let d = addDays(`${y}-04-01`, rnd.int(0, 10)); ;) {
        const nights = rnd.int(1, 14);
        const end = addDays(d, nights);
        if (end > `${y}-11-01`) break;
        const cancelled = rnd.next() < 0.08;
        stays.push({
          place,
          start: d,
          end,
          statusId: cancelled ? 9 : 7,
          cancelledAt: cancelled ? `${addDays(d, -rnd.int(1, 20))}T12:00:00Z` : undefined,
          bookedAt: `${addDays(d, -rnd.int(0, 200))}T10:00:00Z`,
          customerId: cu[rnd.int(0, cu.length - 1)],
          channelId: rnd.next() < 0.3 ? c.channels.online : c.channels.direct,
          lines: [
            ...pitchLines(d, end, nights, rnd.int(15, 90) * 100),
            { lineType: 12, amount: -rnd.int(0, 999), vatAmount: -rnd.int(0, 90) },
          ],
          adults: rnd.int(1, 4),
          children: rnd.int(0, 3),
        });
        d = addDays(end, rnd.int(0, 6));
      }
    }
  await insertStays(knex, c, stays);
  return { c, stays: stays.length };
}
