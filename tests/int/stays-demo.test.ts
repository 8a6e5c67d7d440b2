// The demo data of `npm start` keeps the volumes of issue 4 (docs/stays.md): about 150 pitches and
// 40 rentals in zones and families, with meters and pictures; about 2 000 stays over
// a season in every status a stay can have, of every kind; online bookings in every
// state; French and foreign customers. Bounds, not exact figures: the stays follow
// today's date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { demoStayWindows } from '../../api/demo/stays';
import { STATUS } from '../../api/domain/stays/status';
import { fileExists } from '../../api/files/store';
import { todayParis } from '../../common/dates';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demo: true });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, any>;
const count = async (q: any): Promise<number> => Number((await q.count({ n: '*' }))[0].n);
const byKey = (rows: Row[], key: string) => Object.fromEntries(rows.map((r) => [String(r[key]), Number(r.n)]));

describe('demo campsite', () => {
  it('has about 150 pitches and 40 rentals in zones and families, and residential pitches', async () => {
    const places: Row[] = await t
      .knex('place as p')
      .join('place_type as t', 't.id', 'p.placeTypeId')
      .select('p.id', 'p.layoutId', 't.isRental', 't.isResidential', 't.placeFamilyId');
    const pitches = places.filter((p) => !p.isRental && !p.isResidential);
    const rentals = places.filter((p) => p.isRental);
    expect(pitches.length).toBeGreaterThanOrEqual(140);
    expect(pitches.length).toBeLessThanOrEqual(160);
    expect(rentals.length).toBeGreaterThanOrEqual(35);
    expect(rentals.length).toBeLessThanOrEqual(45);
    expect(places.filter((p) => p.isResidential).length).toBeGreaterThan(0);
    expect(new Set(places.map((p) => p.layoutId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(places.map((p) => p.placeFamilyId)).size).toBeGreaterThanOrEqual(2);
    expect(places.every((p) => p.layoutId != null)).toBe(true);
  });

  it('has electricity and water meters on the residential pitches and the rentals', async () => {
    const rows: Row[] = await t
      .knex('place as p')
      .join('place_type as t', 't.id', 'p.placeTypeId')
      .where((w) => w.where('t.isRental', true).orWhere('t.isResidential', true))
      .select(
        'p.id',
        t.knex.raw(
          `(SELECT array_agg(mt.label ORDER BY mt.label) FROM meter m JOIN meter_type mt ON mt.id = ` +
            `m.meter_type_id WHERE m.place_id = p.id AND m.is_active) AS types`,
        ),
      );
    expect(rows.length).toBeGreaterThan(40);
    for (const r of rows) expect(r.types, `place ${r.id}`).toEqual(['Eau', 'Électricité']);
    expect(await count(t.knex('meter').where('isActive', false).whereNotNull('removedOn'))).toBeGreaterThan(0);
  });

  it('has pictures of the rentals, stored and served like uploaded images', async () => {
    const withImages: Row[] = await t
      .knex('place')
      .whereRaw("jsonb_array_length(coalesce(images, '[]'::jsonb)) > 0")
      .select('id', 'images');
    expect(withImages.length).toBeGreaterThanOrEqual(10);
    const refs = withImages.flatMap((p) => p.images as string[]);
    for (const ref of refs) expect(await fileExists(t.knex, ref), ref).toBe(true);
    const [path, file] = refs[0].split('/');
    const res = await fetch(`${t.url}/rest/image/show/png/${path}/${file.slice(0, 32)}`, {
      headers: { Cookie: t.admin.cookie! },
    });
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
  });
});

describe('demo stays', () => {
  it('about 2 000 stays over a season, of every kind, in every status a stay can have', async () => {
    const total = await count(t.knex('booking'));
    expect(total).toBeGreaterThanOrEqual(1700);
    expect(total).toBeLessThanOrEqual(2400);
    const { seasonA } = demoStayWindows(todayParis());
    expect(
      await count(t.knex('booking').where('startDate', '>=', seasonA[0]).where('startDate', '<', seasonA[1])),
    ).toBeGreaterThan(700);
    const statuses = byKey(
      await t.knex('booking').groupBy('statusId').select('statusId').count({ n: '*' }),
      'statusId',
    );
    // Every status of a stay; "Acceptée" and "À intégrer" belong to online bookings before integration.
    const S = STATUS;
    for (const s of [
      S.TEMPORARY,
      S.CONFIRMED,
      S.VALIDATED,
      S.IN_PROGRESS,
      S.ARRIVED,
      S.GONE,
      S.EARLY_DEPARTURE,
      S.CANCELLED,
      S.REFUSED,
      S.REFUSED_COUNTER,
      S.INTEGRATED,
      S.EXPIRED,
      S.ABANDONED,
      S.DELETED,
    ]) {
      expect(statuses[s] ?? 0, `status ${s}`).toBeGreaterThan(0);
    }
    expect(statuses[S.ACCEPTED]).toBeUndefined();
    expect(statuses[S.TO_INTEGRATE]).toBeUndefined();
    expect(statuses[S.GONE]).toBeGreaterThan(500);
    const kinds = byKey(await t.knex('booking').groupBy('kind').select('kind').count({ n: '*' }), 'kind');
    for (const k of ['quote', 'option', 'booking', 'passage']) expect(kinds[k] ?? 0, k).toBeGreaterThan(0);
    expect(await count(t.knex('booking').where('cancellation', 'cancelling'))).toBeGreaterThan(0);
    const imports = byKey(
      await t.knex('booking_import').groupBy('statusId').select('statusId').count({ n: '*' }),
      'statusId',
    );
    for (const s of [S.TO_INTEGRATE, S.ACCEPTED, S.INTEGRATED, S.REFUSED])
      expect(imports[s] ?? 0, `import status ${s}`).toBeGreaterThan(0);
    // Integrated online bookings are "Intégrée" stays.
    const integrated: Row[] = await t
      .knex('booking_import as i')
      .join('booking as b', 'b.id', 'i.bookingId')
      .select('b.statusId');
    expect(integrated.length).toBeGreaterThan(0);
    expect(integrated.every((r) => r.statusId === S.INTEGRATED)).toBe(true);
  });

  it('every stay that holds places has its occupancies, and no place is held twice on a night', async () => {
    const empty = await count(
      t
        .knex('booking as b')
        .whereNotIn('b.statusId', [9, 10, 11, 14, 15, 16])
        .whereNotExists(t.knex('occupancy as o').whereRaw('o.booking_id = b.id').whereRaw('NOT o.is_cancelled')),
    );
    expect(empty).toBe(0);
    const overlaps = await t.knex.raw(`SELECT count(*)::int AS n FROM place_reservation a JOIN place_reservation b
      ON a.place_id = b.place_id AND a.ctid < b.ctid AND a.nights && b.nights`);
    expect((overlaps.rows ?? overlaps)[0].n).toBe(0);
    expect(await count(t.knex('occupancy'))).toBeGreaterThan(1800);
  });

  it('customers from France and from abroad', async () => {
    const rows: Row[] = await t
      .knex('customer as c')
      .join('country as k', 'k.id', 'c.countryId')
      .groupBy('k.isoCode')
      .select('k.isoCode')
      .count({ n: '*' });
    const by = byKey(rows, 'isoCode');
    const total = Object.values(by).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(500);
    expect(by.FR).toBeGreaterThan(total / 2);
    const foreign = Object.entries(by).filter(([iso]) => iso !== 'FR');
    expect(foreign.length).toBeGreaterThanOrEqual(3);
    expect(foreign.reduce((n, [, v]) => n + v, 0)).toBeGreaterThanOrEqual(50);
  });

  it('every stay is priced by the engine at its booking date: totals are the sum of its occupancies', async () => {
    const occs: Row[] = await t
      .knex('occupancy as o')
      .join('booking as b', 'b.id', 'o.bookingId')
      .where('o.isCancelled', false)
      .select('o.bookingId', 'o.startDate', 'o.amount', 'o.quoteDate', 'o.pricedQuote', 'b.totalAmount', 'b.createdAt');
    const unpriced = occs
      .filter((o) => o.amount === null)
      .map((o) => `${o.bookingId}: ${o.pricedQuote?.error?.message}`);
    expect(unpriced).toEqual([]);
    const sums = new Map<number, number>();
    for (const o of occs) sums.set(o.bookingId, (sums.get(o.bookingId) ?? 0) + o.amount);
    for (const o of occs) {
      expect(o.totalAmount).toBe(sums.get(o.bookingId));
      expect(o.quoteDate).toBe(todayParis(new Date(o.createdAt)));
      expect(o.pricedQuote.quote.total).toBe(o.amount);
    }
    // What the guests bring is what the grids sell: no « option non paramétrée » in the demo.
    const unmapped = occs.flatMap((o) =>
      o.pricedQuote.quote.warnings.filter((w: Row) => w.code === 'OPTION_NOT_MAPPED').map((w: Row) => w.subject),
    );
    expect([...new Set(unmapped)]).toEqual([]);
    // Both seasons are priced, and the off season between them when stays fall in it.
    const { seasonA, seasonB, around } = demoStayWindows(todayParis());
    const within = (r: string[]) => occs.filter((o) => o.startDate >= r[0] && o.startDate < r[1]).length;
    expect(within(seasonA)).toBeGreaterThan(300);
    expect(within(seasonB)).toBeGreaterThan(300);
    if (around) expect(within([seasonA[1], seasonB[0]])).toBeGreaterThan(10);
  });

  // Issue 13 (docs/stays.md#preferences): a campsite owner would believe it.
  it(
    'is consistent with itself: ' + 'the 4★ site in Carnac (Morbihan) charges the 4★ tariff and the Morbihan surcharge',
    async () => {
      const site = await t.knex('establishment').first('classification', 'postalCode', 'town');
      const town = await t.knex('town').where({ postalCode: site.postalCode, name: site.town }).first();
      expect(town).toBeTruthy();
      const dept = await t.knex('department').where('id', town.departmentId).first();
      expect(town.inseeCode.slice(0, 2)).toBe(site.postalCode.slice(0, 2));
      expect(dept).toMatchObject({ name: 'Morbihan', code: site.postalCode.slice(0, 2) });
      const settings = await t.knex('pricing_settings').orderBy('validFrom', 'desc').first('classification');
      expect(settings.classification).toBe(site.classification);
      const tariffs = await t.knex('tourist_tax_tariff').select('label', 'classification');
      expect(
        tariffs.every(
          (r: Row) => r.classification === site.classification && r.label.includes(`${site.classification}★`),
        ),
      ).toBe(true);
      const labels = [
        ...(await t.knex('tourist_tax_surcharge').pluck('label')),
        ...(await t.knex('tax').pluck('label')),
      ].join(' | ');
      expect(labels).not.toMatch(/Finistère|3★/);
      expect(labels).toMatch(/Morbihan/);
    },
  );

  it(
    'keeps its season: no pitch occupied out of season, arrivals and departures at the desk hours, none in the ' +
      'future',
    async () => {
      const today = todayParis();
      const { seasonA, seasonB } = demoStayWindows(today);
      const offSeasonPitches = await count(
        t
          .knex('occupancy as o')
          .join('place as p', 'p.id', 'o.placeId')
          .join('place_type as pt', 'pt.id', 'p.placeTypeId')
          .join('booking as b', 'b.id', 'o.bookingId')
          .where('o.isCancelled', false)
          .whereNot('b.kind', 'quote')
          .where('pt.isRental', false)
          .where('pt.isResidential', false)
          .where('o.endDate', '>', seasonA[1])
          .where('o.startDate', '<', seasonB[0]),
      );
      expect(offSeasonPitches).toBe(0);
      const now = new Date().toISOString();
      const stamps: Row[] = await t.knex('booking').whereNotNull('arrivedAt').select('arrivedAt', 'goneAt', 'statusId');
      expect(stamps.length).toBeGreaterThan(100);
      const paris = (d: Date) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Paris',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(d);
      for (const r of stamps) {
        expect(new Date(r.arrivedAt).toISOString() <= now).toBe(true);
        expect(paris(new Date(r.arrivedAt)) >= '14:00').toBe(true); // the default arrival hour of the preferences
        if (r.goneAt) {
          expect(new Date(r.goneAt).toISOString() <= now).toBe(true);
          expect(paris(new Date(r.goneAt)) >= '08:00' && paris(new Date(r.goneAt)) <= '12:00').toBe(true);
        }
      }
    },
  );

  it('shows the residential park on the home tiles with real counts', async () => {
    const tiles: Row[] = (await t.admin.get('/rest/home/tiles')).body.tiles;
    const count = (key: string) => tiles.find((x) => x.key === key)?.count;
    for (const key of ['residents', 'residential-places', 'fees', 'deadlines', 'sublets', 'meter-readings'])
      expect(count(key), key).toBeGreaterThan(0);
    expect(count('residential-places')).toBe(8);
    // The sublet of the coming week is its stay on the resident's place, sold at the resident's price.
    const week: Row = await t
      .knex('sublet as s')
      .join('booking as b', 'b.id', 's.bookingId')
      .where('s.startDate', '>', todayParis())
      .first('s.price', 'b.totalAmount');
    expect(week.totalAmount).toBe(week.price);
  });
});
