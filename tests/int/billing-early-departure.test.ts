// Bill line 21 « Départ anticipé » (spec §4 (docs/billing.md#bills) bill line types): a stay left early under
// « les nuits prévues restent dues » is billed for the nights spent — their dates and
// their tourist tax — plus what the planned stay cost beyond them as line 21; under
// « seules les nuits passées sont dues » there is no such line. The undo the same day
// gives the planned price back.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { campsite, type Campsite } from './billing-fixtures';
import { createdThroughEdit, postOk } from './http-helpers';
import { addDays, todayParis } from '../../common/dates';
import { DEFAULT_STAY_PREFERENCES } from '../../common/stay-preferences';

let t: TestServer;
let c: Campsite;
const day = (n: number) => addDays(todayParis(), n);
beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
  const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
  await postOk(t.admin, '/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Semaines autour d’aujourd’hui',
    startDate: day(-20),
    endDate: day(60),
    pricePerNight: 3000,
  });
  // 0,60 € per adult-night until the fixture's 2030 tariff.
  await createdThroughEdit(t.admin, 'tourist-tax-tariff', {
    label: 'Camping 3★ (avant 2030)',
    classification: 3,
    amount: 60,
    startDate: day(-20),
    endDate: '2030-01-01',
  });
  if (!(await t.knex('setting').first('id'))) await t.knex('setting').insert({});
});
afterAll(async () => {
  await t?.close();
});

/** A 7-night stay for 2 adults from 3 days ago, arrived, left early tomorrow (4 nights spent). */
async function leftEarly(placeId: number, charge: 'planned' | 'consumed') {
  await t.knex('setting').update({ ...DEFAULT_STAY_PREFERENCES, earlyDepartureCharge: charge });
  const s = await postOk(t.admin, '/rest/booking/create', {
    kind: 'booking',
    customerId: c.customer,
    occupancies: [{ placeId, startDate: day(-3), endDate: day(4), details: [{ ageCategoryId: c.adult, quantity: 2 }] }],
  });
  const id = s.booking.id as number;
  const before = await t.knex('occupancy').where('bookingId', id).first('pricedQuote');
  const plannedVat = before.pricedQuote.quote.vatTotals as { vatRateBp: number }[];
  await postOk(t.admin, `/rest/booking/${id}/arrive`, {});
  const early = await postOk(t.admin, `/rest/booking/${id}/early-departure`, { date: day(1), acceptBalance: true });
  return { id, planned: s.booking.totalAmount as number, plannedVat, early };
}

const sum = (lines: any[], type: number) =>
  lines.filter((l) => l.lineType === type).reduce((s, l) => s + l.amountInclVat, 0);

describe('bill line 21 « Départ anticipé »', () => {
  it('bills the nights spent with their tourist tax, and the rest of the planned stay as line 21', async () => {
    const { id, planned, plannedVat, early } = await leftEarly(c.places[0], 'planned');
    // The tourist tax of the 3 nights not spent (2 adults × 0,60 €) is no longer due; the rest is.
    expect(early.booking.totalAmount).toBe(planned - 2 * 3 * 60);
    expect(early.booking.touristTaxAmount).toBe(2 * 4 * 60);

    const bill = await postOk(t.admin, `/rest/booking/${id}/bill`, { kind: 'final' });
    expect(bill.totalInclVat).toBe(early.booking.totalAmount);
    expect(sum(bill.lines, 1)).toBe(4 * 3000);
    expect(sum(bill.lines, 2)).toBe(2 * 4 * 60);
    const l21 = bill.lines.filter((l: any) => l.lineType === 21);
    expect(l21).toEqual([
      expect.objectContaining({
        amountInclVat: 3 * 3000,
        vatRateBp: 1000,
        startDate: day(1),
        endDate: day(4),
      }),
    ]);
    const fr = (d: string) => d.split('-').reverse().join('/');
    expect(l21[0].label).toBe(`Départ anticipé le ${fr(day(1))} : séjour prévu jusqu’au ${fr(day(4))} dû (TVA 10 %)`);
    // Each VAT rate keeps the planned stay's base and VAT: 7 nights and the fees at 10 %.
    const vat10 = bill.vatTotals.find((v: any) => v.vatRateBp === 1000);
    expect(vat10).toMatchObject(plannedVat.find((v) => v.vatRateBp === 1000)!);
    expect(vat10.totalInclVat).toBe(7 * 3000 + 1500);
    // The PDF shows the line as the bill holds it.
    const printed = await fetch(`${t.url}/rest/bill/document/${bill.id}`, {
      method: 'POST',
      headers: { Cookie: t.admin.cookie! },
    });
    expect(printed.status).toBe(200);
    const pdf = Buffer.from(await printed.arrayBuffer());
    const flat = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
    expect(flat).toContain(`Départ anticipé le ${fr(day(1))}`);
  });

  it('bills no line 21 when only the nights spent are due', async () => {
    const { id, planned, early } = await leftEarly(c.places[1], 'consumed');
    expect(early.booking.totalAmount).toBe(planned - 3 * 3000 - 2 * 3 * 60);
    const bill = await postOk(t.admin, `/rest/booking/${id}/bill`, { kind: 'final' });
    expect(bill.lines.some((l: any) => l.lineType === 21)).toBe(false);
    expect(bill.totalInclVat).toBe(early.booking.totalAmount);
  });

  it('the undo the same day gives back the planned nights and price', async () => {
    const { id, planned } = await leftEarly(c.places[2], 'planned');
    const back = await postOk(t.admin, `/rest/booking/${id}/undo-departure`, { reason: 'Reste finalement' });
    expect(back.booking).toMatchObject({ endDate: day(4), totalAmount: planned, touristTaxAmount: 2 * 7 * 60 });
    const occ = await t.knex('occupancy').where('bookingId', id).first('pricedQuote');
    expect(occ.pricedQuote.quote.lines.some((l: any) => l.lineType === 21)).toBe(false);
  });
});
