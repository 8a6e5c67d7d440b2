// Every statistics figure against SQL of its own over the raw stays (tests/int/
// statistics-sql.ts), on a generated data set with the edge cases of issue 27 (docs/statistics.md): a stay
// across a month and a year boundary, a cancelled stay, an unavailability, a place
// opened mid-season, a night sold while the site is closed, quotes and options that do
// not count, a residential place counted apart, a selection without capacity (§8, docs/errors.md#messages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { seedEdgeCases } from '../statistics-data';
import { regenerateAll } from '../../api/domain/statistics/regenerate';
import { MESSAGES } from '../../common/messages';
import { sqlError } from './sql-helpers';
import * as raw from './statistics-sql';
import { checkScreensAgainstSql } from './statistics-check';

const Y = 2025;
let t: TestServer;
let data: Awaited<ReturnType<typeof seedEdgeCases>>;

const get = async (screen: string, q: string) => {
  const r = await t.admin.get(`/rest/stat/${screen}?${q}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const row = (a: any, label: string) => {
  const first = a.table.columns[0].key;
  const r = [...a.table.rows, a.table.total].find((x: any) => x && x[first] === label);
  if (!r) throw new Error(`no row ${label} in ${a.screen}: ${a.table.rows.map((x: any) => x[first]).join(', ')}`);
  return r;
};

beforeAll(async () => {
  t = await startTestServer();
  data = await seedEdgeCases(t.knex, Y);
});
afterAll(() => t?.close());

describe('statistics on the edge cases', () => {
  it('answers 503 « service no longer operational » before the first regeneration', async () => {
    const r = await t.admin.get(`/rest/stat/revpar?from=${Y}-01-01&to=${Y}-12-31`);
    expect(r.status).toBe(503);
    expect(r.body.message).toBe(MESSAGES.STATS_SERVICE_DOWN);
    await regenerateAll(t.knex);
  });

  it('every screen equals the raw SQL: a year, July, across the year boundary, mid-June to August 20', async () => {
    await checkScreensAgainstSql(t, [
      [`${Y}-01-01`, `${Y}-12-31`],
      [`${Y}-07-01`, `${Y}-07-31`],
      [`${Y}-12-01`, `${Y + 1}-01-31`],
      // whole months (the summaries) between partial ones (the raw statistics rows)
      [`${Y}-06-15`, `${Y}-08-20`],
    ]);
  });

  it('counts a place opened mid-season from then, unavailable nights out, a night sold while closed in', async () => {
    const a = await get('nights-per-place', `from=${Y}-01-01&to=${Y}-12-31`);
    const avail = await raw.availableByPlace(t.knex, `${Y}-01-01`, `${Y + 1}-01-01`);
    const p = data.c.places;
    // 15 July → 31 October and December; April–October and December less 10 flooded nights; plus 2 nights of November
    expect(row(a, 'P6 (Stat emplacement)').available).toBe(109 + 31);
    expect(row(a, 'P2 (Stat emplacement)').available).toBe(214 + 31 - 10);
    expect(row(a, 'P5 (Stat emplacement)').available).toBe(214 + 31 + 2);
    expect(avail.get(p.P6)).toBe(109 + 31);
    expect(row(a, 'P5 (Stat emplacement)').occupied).toBe(2);
    expect(row(a, 'P5 (Stat emplacement)').rate).toBe(Math.round((2 * 10_000) / 247));
  });

  it('splits a stay across a month and a year boundary night by night', async () => {
    const jul = row(await get('revpar', `from=${Y}-07-01&to=${Y}-07-31&by=type`), 'Stat emplacement');
    const aug = row(await get('revpar', `from=${Y}-08-01&to=${Y}-08-31&by=type`), 'Stat emplacement');
    // P1 7 + 2 (30–31 July), P6 7; August: 4 nights of P1
    expect(jul.occupied).toBe(16);
    expect(aug.occupied).toBe(4);
    const dec = row(await get('revpar', `from=${Y}-12-01&to=${Y}-12-31&by=type`), 'Stat emplacement');
    const jan = row(await get('revpar', `from=${Y + 1}-01-01&to=${Y + 1}-01-31&by=type`), 'Stat emplacement');
    expect([dec.occupied, jan.occupied]).toEqual([4, 2]);
    // the place line of 6 × 25 € (excl. VAT 136,36 €) shared 4/6 and 2/6: ⌊13636·4/6⌋ and the rest
    expect(dec.accommodation + jan.accommodation).toBe(13636);
    expect(dec.accommodation).toBe(Math.floor((13636 * 4) / 6));
  });

  it('never counts a cancelled stay, a quote, an option; pace keeps the cancelled one until cancelled', async () => {
    const q = `from=${Y}-07-01&to=${Y}-07-31&view=pace`;
    const pace = await get('booking-lead-time', q);
    // 1 July − 9 weeks = 29 April (before the cancellation on 1 May): P4's 5 nights are on the books
    const before = row(pace, '9 semaines avant');
    const after = row(pace, '8 semaines avant');
    expect(before.nights).toBe(await raw.onTheBooks(t.knex, `${Y}-07-01`, `${Y}-08-01`, `${Y}-04-29`));
    expect(after.nights).toBe(await raw.onTheBooks(t.knex, `${Y}-07-01`, `${Y}-08-01`, `${Y}-05-06`));
    expect(before.nights - after.nights).toBe(5);
  });

  it('counts residential places apart', async () => {
    const tourist = row(await get('revpar', `from=${Y}-01-01&to=${Y}-12-31`), 'Total');
    const res = row(await get('revpar', `from=${Y}-01-01&to=${Y}-12-31&park=residential`), 'Total');
    expect(res.occupied).toBe(183);
    expect(res.available).toBe(214 + 31);
    expect(tourist.occupied).toBe(
      [...(await raw.occupiedByType(t.knex, `${Y}-01-01`, `${Y + 1}-01-01`)).values()].reduce((s, n) => s + n, 0),
    );
  });

  it('refuses details without capacity (§8); the database refuses a place of capacity 0', async () => {
    const r = await t.admin.get(`/rest/stat/details?from=${Y}-01-01&to=${Y}-12-31&layoutIds=${data.c.layouts.empty}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MESSAGES.DETAILED_STATS_CAPACITY_ZERO);
    expect(
      await sqlError(t.knex, `INSERT INTO place (code, place_type_id, capacity) VALUES ('PZERO', ?, 0)`, [
        data.c.types.pitch,
      ]),
    ).toMatch(/ck_place__capacity_min/);
  });

  it('compares with up to three reference years and refuses a fourth or a later year', async () => {
    const a = await get('revpar', `from=${Y}-07-01&to=${Y}-07-31&compare=${Y - 1}`);
    const total = row(a, 'Total');
    // Y−1: P1 4 nights over 31 nights of 5 pitches and 2 rentals (P6 not yet in service)
    expect(total[`rate_${Y - 1}`]).toBe(Math.round((4 * 10_000) / (7 * 31)));
    expect(a.periods.map((p: any) => p.year)).toEqual([Y, Y - 1]);
    for (const bad of [`${Y - 1},${Y - 2},${Y - 3},${Y - 4}`, `${Y}`, `${Y - 1},${Y - 1}`]) {
      const r = await t.admin.get(`/rest/stat/revpar?from=${Y}-07-01&to=${Y}-07-31&compare=${bad}`);
      expect(r.status, bad).toBe(400);
    }
  });

  it('exports the table as a French CSV', async () => {
    const r = await t.admin.get(`/rest/stat/revpar/export?from=${Y}-07-01&to=${Y}-07-31`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const lines = r.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0].split(';')).toEqual([
      'Type',
      'Nuitées disponibles',
      'Nuitées occupées',
      "Taux d'occupation",
      'CA hébergement HT',
      'Prix moyen par nuitée (ADR)',
      'RevPAR',
    ]);
    const a = await get('revpar', `from=${Y}-07-01&to=${Y}-07-31`);
    const stat = row(a, 'Stat emplacement');
    const cells = lines.find((l) => l.startsWith('Stat emplacement;'))!.split(';');
    expect(cells[2]).toBe(String(stat.occupied));
    expect(cells[4].replace(/\s/g, '')).toBe((stat.accommodation / 100).toFixed(2).replace('.', ','));
  });
});
