// Yield management over HTTP (api/domain/yield): rules → preview → apply (a new grid version,
// journaled) with two managers at once; a new booking priced at the new price while a
// booked stay keeps its own; the nightly run with autoApplyPrices off and on, pushing to an
// outside system through the HTTP connector (an in-process server); the journal refuses
// UPDATE, DELETE and TRUNCATE in plain SQL.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { runYield } from '../../api/domain/yield/apply';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';

let t: TestServer;
let outside: Server;
let outsideUrl = '';
const received: { headers: IncomingHttpHeaders; body: any }[] = [];
const ids: Record<string, number> = {};
let adult = 0;
const post = (path: string, body: unknown) => postOk(t.admin, path, body);
const NIGHT = 3000;

async function book(placeId: number, startDate: string, endDate: string) {
  const s = await post('/rest/booking/create', {
    kind: 'booking',
    customerId: ids.customer,
    occupancies: [{ placeId, startDate, endDate, details: [{ ageCategoryId: adult, quantity: 2 }] }],
  });
  return s.occupancies[0].id as number;
}
const occupancy = async (id: number) => (await t.admin.get(`/rest/occupancy/${id}`)).body;
const nightPrice = (occ: any) => occ.pricedQuote.quote.lines.find((l: any) => l.lineType === 1).unitPrice;
const julyPrice = async () => (await t.knex('price_grid_period').where('id', ids.july).first()).pricePerNight;
const gridVersion = async () => (await t.knex('price_grid').where('id', ids.grid).first()).historyVersion;
const preview = async () => {
  const r = await t.admin.get('/rest/yield/preview');
  expect(r.status, r.text).toBe(200);
  return { ...r.body, mine: r.body.changes.filter((c: any) => c.priceGridId === ids.grid) };
};

beforeAll(async () => {
  outside = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(data) });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
  outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}/yield`;
  t = await startTestServer();
  adult = (await t.knex('age_category').where('minAge', 18).first('id')).id;
  const family = (
    await post('/rest/place-family', { code: unique('FY'), label: unique('Famille yield '), kind: 'pitch' })
  ).id;
  ids.type = (
    await post('/rest/place-type', {
      code: unique('TY'),
      label: unique('Type yield '),
      placeFamilyId: family,
      maxPersons: 6,
    })
  ).id;
  for (const c of ['Y1', 'Y2', 'Y3', 'Y4'])
    ids[c] = (await post('/rest/place', { code: unique(c), placeTypeId: ids.type, capacity: 6 })).id;
  ids.grid = (
    await post('/rest/price-grid', { label: unique('Grille yield '), placeTypeId: ids.type, priceModel: 1 })
  ).id;
  const period = (label: string, startDate: string, endDate: string) =>
    post('/rest/price-grid-period', { priceGridId: ids.grid, label, startDate, endDate, pricePerNight: NIGHT });
  ids.july = (await period('Juillet', '2031-07-01', '2031-08-01')).id;
  ids.august = (await period('Août', '2031-08-01', '2031-09-01')).id;
  ids.customer = (await post('/rest/customer', { lastName: 'Yield', firstName: 'Paul' })).id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => outside?.close(r));
});

describe('yield management', () => {
  it('keeps rules coherent: a floor above the ceiling is refused in French', async () => {
    const bad = await t.admin.post('/rest/yield-rule', {
      label: 'Incohérente',
      placeTypeId: ids.type,
      startDate: '2031-07-01',
      endDate: '2031-08-01',
      threshold: 50,
      adjustment: 2000,
      floorPrice: 5000,
      ceilingPrice: 4000,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ floorPrice: 'Le prix plancher doit être inférieur ou égal au prix plafond' });
  });

  it('previews, applies once when two managers confirm at once, and never moves a booked stay', async () => {
    ids.booked = await book(ids.Y1, '2031-07-05', '2031-07-10');
    const bookedBefore = await occupancy(ids.booked);
    expect(nightPrice(bookedBefore)).toBe(NIGHT);
    await book(ids.Y2, '2031-07-01', '2031-08-01');
    await book(ids.Y3, '2031-07-01', '2031-08-01');
    // July: (31 + 31 + 5) place-nights sold of 4 × 31 = 54 % ≥ 50 % → +20 %, held at the 35 € ceiling
    ids.rule = (
      await post('/rest/yield-rule', {
        label: 'Juillet rempli',
        placeTypeId: ids.type,
        startDate: '2031-07-01',
        endDate: '2031-08-01',
        condition: 1,
        operator: 1,
        threshold: 50,
        adjustmentUnit: 1,
        adjustment: 2000,
        floorPrice: 2000,
        ceilingPrice: 3500,
      })
    ).id;
    const p = await preview();
    expect(p.autoApply).toBe(false);
    expect(p.mine).toEqual([
      expect.objectContaining({
        priceGridPeriodId: ids.july,
        field: 'pricePerNight',
        before: NIGHT,
        after: 3500,
        ruleLabel: 'Juillet rempli',
        reason: 'Occupation 54 % ≥ 50 %',
      }),
    ]);
    const version = await gridVersion();

    const two = await Promise.all([1, 2].map(() => t.admin.post('/rest/yield/apply', { token: p.token })));
    expect(two.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = two.find((r) => r.status === 409)!.body;
    expect(['YIELD_APPLY_IN_PROGRESS', 'YIELD_PREVIEW_STALE']).toContain(refused.code);
    expect(refused.message).toMatch(/^(Une application des prix|Les prix ont changé)/);
    expect(two.find((r) => r.status === 200)!.body).toMatchObject({
      versions: [{ priceGridId: ids.grid }],
      push: null,
    });

    expect(await julyPrice()).toBe(3500);
    expect(await gridVersion()).toBe(version + 1);
    const journal = await t.knex('yield_journal').where('priceGridId', ids.grid);
    expect(journal).toEqual([
      expect.objectContaining({
        mode: 'manual',
        appliedBy: expect.any(String),
        beforePrice: NIGHT,
        afterPrice: 3500,
        basePrice: NIGHT,
        yieldRuleId: ids.rule,
        historyVersion: version + 1,
      }),
    ]);
    // the booked stay keeps its agreed price; a new booking pays the new one
    expect((await occupancy(ids.booked)).amount).toBe(bookedBefore.amount);
    expect(nightPrice(await occupancy(await book(ids.Y4, '2031-07-12', '2031-07-14')))).toBe(3500);
    // applied: nothing more to change, and an old preview is refused
    expect((await preview()).mine).toEqual([]);
    const stale = await t.admin.post('/rest/yield/apply', { token: p.token });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('YIELD_PREVIEW_STALE');
  });

  it('the nightly run applies only with autoApplyPrices, and pushes to the outside system', async () => {
    // +10 % from the base (30 €), not from the 35 € yield set: 33 €
    const rule = (await t.admin.get(`/rest/yield-rule/${ids.rule}`)).body;
    expect((await t.admin.put(`/rest/yield-rule/${ids.rule}`, { ...rule, adjustment: 1000 })).status).toBe(200);

    const off = await runYield(t.runtimeKnex, todayParis());
    expect(off).toMatchObject({ autoApply: false, result: null });
    expect(off.pending).toBeGreaterThanOrEqual(1);
    expect(await julyPrice()).toBe(3500);

    await post('/rest/establishment/module', {
      kind: 'yield-management',
      label: 'Revenue management',
      isActive: true,
      settings: { apiUrl: outsideUrl, apiLogin: 'bivouac', siteId: 'CAMP-42', autoApplyPrices: true },
    });
    const on = await t.admin.post('/rest/yield/run', {});
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ autoApply: true, push: { status: 'sent' } });
    expect(await julyPrice()).toBe(3300);
    const last = await t.knex('yield_journal').where('priceGridId', ids.grid).orderBy('id', 'desc').first();
    expect(last).toMatchObject({ mode: 'auto', beforePrice: 3500, afterPrice: 3300, basePrice: NIGHT });
    const sent = received.at(-1)!;
    expect(sent.headers['x-api-login']).toBe('bivouac');
    expect(sent.body).toMatchObject({ siteId: 'CAMP-42', mode: 'auto' });
    expect(sent.body.changes).toContainEqual(
      expect.objectContaining({ priceGridPeriodId: ids.july, before: 3500, after: 3300, rule: 'Juillet rempli' }),
    );
    // the same night again: nothing changes
    expect((await runYield(t.runtimeKnex, todayParis())).result?.changes).toEqual([]);
  });

  it('a rule switched off brings the price back to its base', async () => {
    const rule = (await t.admin.get(`/rest/yield-rule/${ids.rule}`)).body;
    await t.admin.put(`/rest/yield-rule/${ids.rule}`, { ...rule, isActive: false });
    expect((await preview()).mine).toEqual([
      expect.objectContaining({ before: 3300, after: NIGHT, ruleLabel: 'Aucune règle', ruleId: null }),
    ]);
  });

  it('keeps the journal append-only, in plain SQL too', async () => {
    const id = (await t.knex('yield_journal').first('id')).id;
    await expect(t.knex('yield_journal').where('id', id).update({ afterPrice: 1 })).rejects.toThrow(
      /NOT_AUTHORISED|autoris/,
    );
    await expect(t.knex('yield_journal').where('id', id).del()).rejects.toThrow(/NOT_AUTHORISED|autoris/);
    await expect(t.knex.raw('TRUNCATE yield_journal')).rejects.toThrow(/NOT_AUTHORISED|autoris/);
    expect((await t.admin.del(`/rest/yield-journal/${id}`)).status).not.toBe(200);
    expect((await t.admin.get('/rest/yield-journal')).status).toBe(200);
  });
});
