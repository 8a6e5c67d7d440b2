// Issue 24 point 4 (docs/statements.md): the VAT statement never drops a rate nor turns one negative (a final
// bill deducting a deposit, then credited), and a closed month's statement never
// changes: a later credit note's effect lands, as a correction, in the month it is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
const today = todayParis();
const M = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
const lastOfM = addDays(`${today.slice(0, 7)}-01`, -1);

const statementOf = async (month: string) => {
  const r = await t.admin.get(`/rest/tva-statement-list?year=${month.slice(0, 4)}`);
  expect(r.status, r.text).toBe(200);
  return r.body.months.find((m: any) => m.month === month);
};
const pay = (bookingId: number, amount: number, date: string) =>
  postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: c.card, amount, date });
/** The rates (bp) a bill's lines carry VAT at. */
const ratesOf = (bill: any) => [
  ...new Set(bill.lines.filter((l: any) => l.vatAmount > 0).map((l: any) => l.vatRateBp)),
];

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the VAT statement', () => {
  it('a closed month never changes; a later credit note corrects the current month', async () => {
    const stay = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
    await pay(stay.bookingId, 10000, `${M}-10`);
    await postOk(t.admin, '/rest/closure/day', { date: lastOfM });
    await postOk(t.admin, '/rest/closure/month', { month: M });
    const closed = await statementOf(M);
    expect(closed.rows.length).toBeGreaterThan(0);

    // the stay is billed, then one of its lines credited: the payment would split otherwise
    const bill = await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'final' });
    const fee = bill.lines.find((l: any) => l.lineType === 1 && l.vatAmount > 0);
    expect(fee).toBeDefined();
    await postOk(t.admin, `/rest/bill/${bill.id}/credit-note`, {
      reason: 'Emplacement contesté',
      lines: [{ billLineId: fee.id }],
    });
    expect(await statementOf(M)).toEqual(closed);

    // the correction lands in the current month, apart from its own operations
    const now = await statementOf(today.slice(0, 7));
    expect(now.rows).toEqual([]);
    const correctedVat = now.corrections.reduce((s: number, r: any) => s + r.vat, 0);
    expect(now.corrections.find((r: any) => r.rateBp === fee.vatRateBp).vat).toBeLessThan(0);
    expect(now.vatTotal).toBe(correctedVat);
  }, 60_000);

  it('a payment after a final bill deducting a deposit, then credited, keeps every rate, none negative', async () => {
    const stay = await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-14');
    await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'deposit', amount: 5000 });
    const final = await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'final' });
    expect(final.lines.some((l: any) => l.lineType === 14)).toBe(true);
    await postOk(t.admin, `/rest/bill/${final.id}/credit-note`, { reason: 'Séjour modifié' });
    const before = await statementOf(today.slice(0, 7));
    await pay(stay.bookingId, 6000, today);
    const after = await statementOf(today.slice(0, 7));
    expect(after.unallocated).toBe(before.unallocated);
    const receipts = after.rows.filter((r: any) => r.basis === 'receipts');
    expect(receipts.map((r: any) => r.rateBp).sort()).toEqual(ratesOf(final).sort());
    for (const r of receipts) expect(r.vat).toBeGreaterThan(0);
    expect(receipts.reduce((s: number, r: any) => s + r.inclVat, 0) + after.outsideVat - before.outsideVat).toBe(6000);
  }, 60_000);
});
