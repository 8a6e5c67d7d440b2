// The credit note's preview over HTTP (issue 29 point 3, docs/history.md#issue-29): POST
// /rest/bill/{id}/credit-note/preview answers the credit note the same body then issues — lines, VAT per rate, totals,
// reason, the invoice it credits — with the refusals, and writes nothing: no bill, no line, no ledger entry, no
// number taken from the series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { openTill } from './till-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
let bill: any;

const count = async (table: string) => Number((await t.knex(table).count({ n: '*' }))[0].n);
/** What the preview must leave as it was. */
const written = async () => ({
  bills: await count('bill'),
  lines: await count('bill_line'),
  ledger: await count('ledger_entry'),
  counters: await t.knex('bill_counter').orderBy('id').select('series', 'lastNumber'),
});
const shape = (l: any) => [
  l.lineType,
  l.label,
  l.quantity,
  l.unitPriceExclVat,
  l.amountInclVat,
  l.vatRateBp,
  l.vatAmount,
];
const totals = (b: any) => [b.totalExclVat, b.totalVat, b.totalInclVat, b.touristTaxAmount, b.vatTotals];

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 1);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const today = todayParis();
  const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
  await post('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Hors saison',
    startDate: addDays(today, -30),
    endDate: addDays(today, 30),
    pricePerNight: 2000,
  });
  const stay = await bookStay(t, c, c.places[0], addDays(today, -1), addDays(today, 2));
  // A 20 % article charged to the stay from the till: the bill then has two VAT rates and the tourist tax.
  const till = await openTill(t, { code: 'MUG', label: 'Mug', price: 1200, rateBp: 2000 });
  await post('/rest/sales/sell', {
    cashRegisterId: till.register,
    lines: [{ articleId: till.article, quantity: 2 }],
    payments: [{ kind: 'stay', amount: 2400 }],
    bookingId: stay.bookingId,
  });
  bill = await post(`/rest/booking/${stay.bookingId}/bill`, { kind: 'final' });
  expect(bill.vatTotals.map((v: any) => v.vatRateBp)).toEqual([1000, 2000]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the preview of a credit note', () => {
  it('by line: the credit note the same body issues, and nothing written', async () => {
    const mugLine = bill.lines.find((l: any) => l.label.includes('Mug') || l.vatRateBp === 2000);
    const body = { reason: 'Mug ébréché', lines: [{ billLineId: mugLine.id, amount: 500 }] };
    const before = await written();
    const r = await t.admin.post(`/rest/bill/${bill.id}/credit-note/preview`, body);
    expect(r.status, r.text).toBe(200);
    const p = r.body;
    expect([p.kind, p.number, p.reason, p.creditedBillId]).toEqual(['credit-note', null, 'Mug ébréché', bill.id]);
    expect(p.creditedBill).toEqual(expect.objectContaining({ id: bill.id, number: bill.number }));
    expect(p.totalInclVat).toBe(-500);
    expect(p.vatTotals).toEqual([{ vatRateBp: 2000, totalExclVat: -417, vatAmount: -83, totalInclVat: -500 }]);
    expect(p.lines).toHaveLength(1);
    expect(await written()).toEqual(before);

    const issued = await postOk(t.admin, `/rest/bill/${bill.id}/credit-note`, body);
    expect(issued.number).toMatch(/\d/);
    expect(issued.lines.map(shape)).toEqual(p.lines.map(shape));
    expect(totals(issued)).toEqual(totals(p));
    expect(issued.reason).toBe(p.reason);
    expect((await written()).bills).toBe(before.bills + 1);
  });

  it('by amount: spread over the rates as the issue spreads it, counted from what remains', async () => {
    const body = { reason: 'Geste commercial', amount: 3000 };
    const before = await written();
    const r = await t.admin.post(`/rest/bill/${bill.id}/credit-note/preview`, body);
    expect(r.status, r.text).toBe(200);
    const p = r.body;
    expect(p.totalInclVat).toBe(-3000);
    // Both rates bear their share; the tourist tax (outside VAT) is left alone.
    expect(p.vatTotals.map((v: any) => v.vatRateBp)).toEqual([1000, 2000]);
    expect(p.vatTotals.reduce((s: number, v: any) => s + v.totalInclVat, 0)).toBe(-3000);
    expect(p.lines.every((l: any) => l.vatRateBp != null)).toBe(true);
    expect(await written()).toEqual(before);

    const issued = await postOk(t.admin, `/rest/bill/${bill.id}/credit-note`, body);
    expect(issued.lines.map(shape)).toEqual(p.lines.map(shape));
    expect(totals(issued)).toEqual(totals(p));
    const view = (await t.admin.get(`/rest/bill/view/${bill.id}`)).body;
    expect(view.remaining).toBe(bill.totalInclVat - 500 - 3000);
  });

  it('refuses what the issue refuses, and writes nothing then either', async () => {
    const before = await written();
    const preview = (id: number, body: unknown) => t.admin.post(`/rest/bill/${id}/credit-note/preview`, body);
    const view = (await t.admin.get(`/rest/bill/view/${bill.id}`)).body;
    expectRefused(
      await preview(bill.id, { reason: 'Trop', amount: view.remaining + 1 }),
      'CREDIT_NOTE_EXCEEDS_INVOICE',
    );
    expectRefused(await preview(bill.id, { reason: '  ', amount: 100 }), 'CREDIT_NOTE_REASON_REQUIRED', 'reason');
    expectRefused(await preview(view.creditNotes[0].id, { reason: 'Avoir' }), 'CREDIT_NOTE_NEEDS_INVOICE');
    const unknown = await preview(999_999_999, { reason: 'Inconnue' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'BILL_NOT_FOUND']);
    // Not logged in: refused before anything is computed.
    const anonymous = await t.client().post(`/rest/bill/${bill.id}/credit-note/preview`, { reason: 'x' });
    expect([401, 403]).toContain(anonymous.status);
    expect(await written()).toEqual(before);
    // The whole remainder, previewed then issued: the invoice is cancelled exactly.
    const all = (await preview(bill.id, { reason: 'Séjour annulé' })).body;
    expect(all.totalInclVat).toBe(-view.remaining);
    const issued = await postOk(t.admin, `/rest/bill/${bill.id}/credit-note`, { reason: 'Séjour annulé' });
    expect(totals(issued)).toEqual(totals(all));
    expect((await t.admin.get(`/rest/bill/view/${bill.id}`)).body.state).toBe('cancelled');
  });
});
