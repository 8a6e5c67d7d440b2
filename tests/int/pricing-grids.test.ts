// Price grids over HTTP: creation through the generic API, the rules (overlapping
// periods, option twice, mandatory + included, exactly one item) in the API and in the
// database, history versions, and quotes checked to the cent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, createThroughEdit, expectRefused, oneRow } from './http-helpers';

let t: TestServer;
const ids: Record<string, number> = {};

const one = (base: string, filter: Record<string, unknown>) => oneRow(t.admin, base, filter);
const create = (base: string, body: Record<string, unknown>) => createThroughEdit(t.admin, base, body);
const created = (base: string, body: Record<string, unknown>) => createdThroughEdit(t.admin, base, body);
const quote = (body: Record<string, unknown>) =>
  t.admin.post('/rest/pricing/quote', { quoteDate: '2027-01-15', ...body });
const version = async () => (await t.admin.get(`/rest/price-grid/${ids.grid}`)).body.historyVersion as number;

beforeAll(async () => {
  t = await startTestServer();
  ids.camping = (await one('tva', { rate: 1000 })).id;
  ids.tent = (await one('place-type', { code: 'TENTE' })).id;
  ids.adult = (await one('age-category', { label: 'Adulte' })).id;
  ids.child = (await one('age-category', { label: 'Enfant 3–12 ans' })).id;
  ids.elec = (await one('extra', { label: 'Électricité 10 A' })).id;
  ids.dog = (await one('animal-type', { label: 'Chien' })).id;
  // Tourist tax of a 3★ camping: 0,60 € + 10 % département (rules-fr §1, docs/statements.md#tourist-tax).
  await created('pricing-settings', { validFrom: '2020-01-01', classification: 3, touristTaxMode: 'real' });
  await created('tourist-tax-tariff', { label: 'Camping 3★', classification: 3, amount: 60, startDate: '2027-01-01' });
  await created('tourist-tax-surcharge', {
    label: 'Taxe additionnelle départementale',
    kind: 'departmental',
    rate: 1000,
    startDate: '2027-01-01',
  });
});
afterAll(() => t?.close());

describe('a night grid for pitches, built through the API', () => {
  it('creates the grid at version 1 with the place type’s VAT rate', async () => {
    const grid = await created('price-grid', {
      label: 'Emplacements tente 2027',
      placeTypeId: ids.tent,
      priceModel: 1,
      occupantPriceModel: 1,
    });
    ids.grid = grid.id;
    expect(grid).toMatchObject({ historyVersion: 1, tvaId: ids.camping, isActive: true, partnerIds: [] });
    const versions = await t.admin.get(`/rest/pricing/grid/${grid.id}/versions`);
    expect(versions.body.map((v: any) => v.historyVersion)).toEqual([1]);
  });

  it('adds low and high season periods, each save making a new version', async () => {
    ids.low = (
      await created('price-grid-period', {
        priceGridId: ids.grid,
        label: 'Basse saison',
        startDate: '2027-04-01',
        endDate: '2027-07-03',
        pricePerNight: 2000,
      })
    ).id;
    ids.high = (
      await created('price-grid-period', {
        priceGridId: ids.grid,
        label: 'Haute saison',
        startDate: '2027-07-03',
        endDate: '2027-08-28',
        pricePerNight: 3500,
      })
    ).id;
    expect(await version()).toBe(3);
  });

  it('refuses overlapping periods, in the API and in the database', async () => {
    expectRefused(
      await create('price-grid-period', {
        priceGridId: ids.grid,
        label: 'Juin',
        startDate: '2027-06-01',
        endDate: '2027-07-10',
        pricePerNight: 2500,
      }),
      'OVERLAPPING_PERIODS',
      'startDate',
    );
    // moving an existing period onto another is refused too
    expectRefused(
      await t.admin.put(`/rest/price-grid-period/${ids.high}`, { startDate: '2027-07-02' }),
      'OVERLAPPING_PERIODS',
      'startDate',
    );
    // half-open ranges: a period may start on the day another ends
    const adjacent = await create('price-grid-period', {
      priceGridId: ids.grid,
      label: 'Fin de saison',
      startDate: '2027-08-28',
      endDate: '2027-10-01',
      pricePerNight: 2000,
    });
    expect(adjacent.status, adjacent.text).toBe(200);
    ids.late = adjacent.body.id;
    await expect(
      t.knex('price_grid_period').insert({
        priceGridId: ids.grid,
        label: 'Pirate',
        startDate: '2027-05-01',
        endDate: '2027-05-10',
        pricePerNight: 1,
      }),
    ).rejects.toThrow(/ex_price_grid_period__overlap/);
    expect(await version()).toBe(4);
  });

  it('refuses a month period that is not made of whole months', async () => {
    expectRefused(
      await create('price-grid-period', {
        priceGridId: ids.grid,
        label: 'Octobre',
        periodType: 2,
        startDate: '2027-10-02',
        endDate: '2027-11-01',
        pricePerNight: 1500,
      }),
      'WHOLE_MONTHS_OR_YEARS',
      'startDate',
    );
    const ok = await create('price-grid-period', {
      priceGridId: ids.grid,
      label: 'Octobre',
      periodType: 2,
      startDate: '2027-10-01',
      endDate: '2027-11-01',
      pricePerNight: 1500,
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('adds options, refusing an option twice, mandatory with included quantity, and zero or two items', async () => {
    ids.optAdult = (
      await created('price-grid-option', {
        priceGridId: ids.grid,
        ageCategoryId: ids.adult,
        includedQuantity: 2,
        order: 1,
      })
    ).id;
    ids.optChild = (
      await created('price-grid-option', { priceGridId: ids.grid, ageCategoryId: ids.child, order: 2 })
    ).id;
    ids.optElec = (await created('price-grid-option', { priceGridId: ids.grid, extraId: ids.elec, order: 3 })).id;
    ids.optDog = (await created('price-grid-option', { priceGridId: ids.grid, animalTypeId: ids.dog, order: 4 })).id;

    expectRefused(
      await create('price-grid-option', { priceGridId: ids.grid, ageCategoryId: ids.adult, label: 'Adulte bis' }),
      'OPTION_ALREADY_IN_GRID',
      'ageCategoryId',
    );
    expectRefused(
      await t.admin.put(`/rest/price-grid-option/${ids.optDog}`, { isRequired: true, includedQuantity: 1 }),
      'OPTION_MANDATORY_AND_INCLUDED',
      'includedQuantity',
    );
    expectRefused(
      await create('price-grid-option', { priceGridId: ids.grid, label: 'Rien' }),
      'OPTION_ITEM_REQUIRED',
      'ageCategoryId',
    );
    expectRefused(
      await create('price-grid-option', { priceGridId: ids.grid, extraId: ids.elec, animalTypeId: ids.dog }),
      'OPTION_ITEM_REQUIRED',
      'animalTypeId',
    );
    // the database has the last word on each rule
    await expect(
      t.knex('price_grid_option').insert({ priceGridId: ids.grid, ageCategoryId: ids.adult }),
    ).rejects.toThrow(/uq_price_grid_option__price_grid_id__age_category_id/);
    await expect(
      t
        .knex('price_grid_option')
        .insert({ priceGridId: ids.grid, extraId: ids.elec, isRequired: true, includedQuantity: 1 }),
    ).rejects.toThrow(/ck_price_grid_option__required_included|uq_price_grid_option/);
    await expect(
      t.knex('price_grid_option').where('id', ids.optDog).update({ isRequired: true, includedQuantity: 2 }),
    ).rejects.toThrow(/ck_price_grid_option__required_included/);
    await expect(t.knex('price_grid_option').insert({ priceGridId: ids.grid })).rejects.toThrow(
      /ck_price_grid_option__one_item/,
    );
  });

  it('saves an option’s prices for every period at once, as one version', async () => {
    const before = await version();
    const put = (optionId: number, low: number, high: number) =>
      t.admin.put(`/rest/pricing/grid/${ids.grid}/option/${optionId}/prices`, {
        prices: [
          { priceGridPeriodId: ids.low, price: low },
          { priceGridPeriodId: ids.high, price: high },
          { priceGridPeriodId: ids.late, price: low },
        ],
      });
    for (const [id, low, high] of [
      [ids.optAdult, 600, 800],
      [ids.optChild, 400, 500],
      [ids.optElec, 450, 450],
      [ids.optDog, 300, 300],
    ]) {
      const r = await put(id, low, high);
      expect(r.status, r.text).toBe(200);
      expect(r.body.prices).toHaveLength(3);
    }
    expect(await version()).toBe(before + 4);
    // a price for a period of another grid is refused
    const other = await created('price-grid', { label: 'Autre grille', placeTypeId: ids.tent, isActive: false });
    const foreign = await created('price-grid-period', {
      priceGridId: other.id,
      label: 'Été',
      startDate: '2027-07-01',
      endDate: '2027-09-01',
      pricePerNight: 1000,
    });
    expectRefused(
      await t.admin.put(`/rest/pricing/grid/${ids.grid}/option/${ids.optAdult}/prices`, {
        prices: [{ priceGridPeriodId: foreign.id, price: 100 }],
      }),
      'OPTION_PERIOD_OTHER_GRID',
    );
    expectRefused(
      await create('option-price', { priceGridOptionId: ids.optAdult, priceGridPeriodId: foreign.id, price: 100 }),
      'OPTION_PERIOD_OTHER_GRID',
      'priceGridPeriodId',
    );
  });
});

describe('quotes over the database', () => {
  it('prices 2 adults and 2 children, 7 nights with electricity, to the cent (tourist tax 9,24 €)', async () => {
    const r = await quote({
      placeTypeId: ids.tent,
      startDate: '2027-05-01',
      endDate: '2027-05-08',
      occupants: [
        { ageCategoryId: ids.adult, quantity: 2 },
        { ageCategoryId: ids.child, quantity: 2 },
      ],
      extras: [{ extraId: ids.elec, quantity: 1 }],
    });
    expect(r.status, r.text).toBe(200);
    const lines = r.body.lines.map((l: any) => [
      l.lineType,
      l.quantity,
      l.unitPrice,
      l.amount,
      l.vatRateBp,
      l.vatAmount,
    ]);
    expect(lines).toEqual([
      [1, 7, 2000, 14000, 1000, 1273], // pitch with 2 adults included
      [6, 14, 400, 5600, 1000, 509], // 2 children × 7 nights
      [7, 7, 450, 3150, 1000, 286], // electricity
      [2, 14, 66, 924, null, 0], // tourist tax: 2 adults × 7 nights × 0,66 €
    ]);
    expect(r.body).toMatchObject({
      priceGridId: ids.grid,
      nights: 7,
      total: 23674,
      totalVat: 2068,
      totalExclVat: 21606,
      touristTaxTotal: 924,
    });
    expect(r.body.vatTotals).toEqual([{ vatRateBp: 1000, totalExclVat: 20682, vatAmount: 2068, totalInclVat: 22750 }]);
    expect(r.body.touristTax).toMatchObject({ taxablePersons: 2, exemptPersons: 2, nights: 7, amount: 924 });
    expect(r.body.warnings).toEqual([]);
  });

  it('follows the periods across a season change and warns outside them', async () => {
    const r = await quote({
      priceGridId: ids.grid,
      startDate: '2027-07-01',
      endDate: '2027-07-05',
      occupants: [{ ageCategoryId: ids.adult, quantity: 3 }],
    });
    expect(r.status, r.text).toBe(200);
    const occupancy = r.body.lines.filter((l: any) => l.lineType === 1).map((l: any) => [l.quantity, l.unitPrice]);
    expect(occupancy).toEqual([
      [2, 2000],
      [2, 3500],
    ]);
    const adults = r.body.lines.filter((l: any) => l.lineType === 6).map((l: any) => [l.quantity, l.unitPrice]);
    expect(adults).toEqual([
      [2, 600],
      [2, 800],
    ]);
    const off = await quote({
      priceGridId: ids.grid,
      startDate: '2027-03-30',
      endDate: '2027-04-02',
      occupants: [{ ageCategoryId: ids.adult, quantity: 2 }],
    });
    expect(off.body.warnings.map((w: any) => w.code)).toContain('NO_PRICING_FOR_PERIOD');
  });

  it('keeps and flags a manual price, with what the grid would have charged', async () => {
    const r = await quote({
      priceGridId: ids.grid,
      startDate: '2027-05-01',
      endDate: '2027-05-04',
      occupants: [{ ageCategoryId: ids.adult, quantity: 2 }],
      overrides: [{ priceGridOptionId: null, unitPrice: 1500 }],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.lines[0]).toMatchObject({
      lineType: 1,
      quantity: 3,
      unitPrice: 1500,
      amount: 4500,
      isManualPrice: true,
      computedAmount: 6000,
    });
    expect(r.body.warnings).toContainEqual({
      code: 'PRICE_MANUALLY_CHANGED',
      message: 'Prix modifié manuellement',
      subject: expect.anything(),
    });
  });

  it('answers 400 with French messages on bad input', async () => {
    expectRefused(
      await quote({ placeTypeId: ids.tent, startDate: '2027-05-08', endDate: '2027-05-01' }),
      'START_BEFORE_END',
      'endDate',
    );
    expectRefused(
      await quote({ placeTypeId: ids.tent, startDate: '2027-05-01', endDate: '2027-05-01' }),
      'START_NOT_EQUAL_END',
    );
    expectRefused(
      await quote({ startDate: '2027-05-01', endDate: '2027-05-03' }),
      'QUOTE_TARGET_REQUIRED',
      'placeTypeId',
    );
    const bad = await quote({
      placeTypeId: ids.tent,
      startDate: '2027-13-01',
      endDate: '2027-05-03',
      occupants: [{ ageCategoryId: ids.adult, quantity: -1 }],
      colour: 'rouge',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.errors).toMatchObject({
      startDate: 'Date invalide (AAAA-MM-JJ)',
      'occupants.0.quantity': 'La valeur doit être positive',
      colour: 'Champ inconnu',
    });
    expectRefused(
      await quote({ priceGridId: 99999, startDate: '2027-05-01', endDate: '2027-05-03' }),
      'PRICE_GRID_NOT_FOUND',
      'priceGridId',
    );
    expectRefused(
      await quote({
        placeTypeId: ids.tent,
        startDate: '2027-05-01',
        endDate: '2027-05-03',
        occupants: [{ ageCategoryId: 99999, quantity: 1 }],
      }),
      'AGE_CATEGORY_NOT_FOUND',
    );
    expect(
      (
        await t
          .client()
          .post('/rest/pricing/quote', { placeTypeId: ids.tent, startDate: '2027-05-01', endDate: '2027-05-03' })
      ).status,
    ).toBe(403);
  });
});

describe('history versions', () => {
  it('quotes the current version, and an older one on request (read-only history)', async () => {
    const before = await version();
    const saved = await t.admin.put(`/rest/price-grid-period/${ids.low}`, { pricePerNight: 2200 });
    expect(saved.status, saved.text).toBe(200);
    expect(await version()).toBe(before + 1);
    const body = {
      priceGridId: ids.grid,
      startDate: '2027-05-01',
      endDate: '2027-05-03',
      occupants: [{ ageCategoryId: ids.adult, quantity: 2 }],
    };
    const now = await quote(body);
    expect(now.body).toMatchObject({ historyVersion: before + 1, total: 4400 + 264 });
    const then = await quote({ ...body, historyVersion: before });
    expect(then.body).toMatchObject({ historyVersion: before, total: 4000 + 264 });
    const v1 = await t.admin.get(`/rest/pricing/grid/${ids.grid}/version/1`);
    expect(v1.body).toMatchObject({ historyVersion: 1, isCurrent: false, periods: [], options: [] });
    const list = await t.admin.get(`/rest/pricing/grid/${ids.grid}/versions`);
    expect(list.body[0]).toMatchObject({
      historyVersion: before + 1,
      change: 'Période modifiée : Basse saison',
      userName: 'Administrateur',
    });
    expect(list.body).toHaveLength(before + 1);
    // a stored version never changes
    await expect(
      t.knex('price_grid_version').where({ priceGridId: ids.grid, historyVersion: 1 }).update({ label: 'x' }),
    ).rejects.toThrow(/NOT_AUTHORISED/);
  });

  it('a save that changes nothing makes no version; deleting a period makes one without it', async () => {
    const before = await version();
    expect((await t.admin.put(`/rest/price-grid-period/${ids.low}`, { pricePerNight: 2200 })).status).toBe(200);
    expect(await version()).toBe(before);
    const oct = await one('price-grid-period', { priceGridId: ids.grid, label: 'Octobre' });
    expect((await t.admin.del(`/rest/price-grid-period/${oct.id}`)).status).toBe(200);
    expect(await version()).toBe(before + 1);
    const v = await t.admin.get(`/rest/pricing/grid/${ids.grid}/version/${before + 1}`);
    expect(v.body.isCurrent).toBe(true);
    expect(v.body.periods.map((p: any) => p.label)).toEqual(['Basse saison', 'Haute saison', 'Fin de saison']);
  });
});
