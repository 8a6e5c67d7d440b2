// The demo campsite's year, billed and paid through the API as a reception would: the
// season's stays that are over get their final bill (dated their departure day, in
// order) and are paid in full by card, cash or cheque. Then the statements agree with
// those stays and payments — the tourist-tax register with the bills, the VAT statement
// and the results with the receipts —, the year's FEC passes the structural checker, the
// Z of the day carries every bill and payment, and the ledger verifies (issue 15 (docs/ledger.md): « the
// statements match the stays and payments of the demo data, and the demo year's FEC
// passes the checker »). The demo itself holds no bill: a fiscal record cannot be wiped,
// and the demo can be reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { billOn } from './billing-fixtures';
import { fecFile, postOk } from './http-helpers';
import { checkFec } from '../unit/ledger/fec-checker';
import { STATUS } from '../../common/stay-status';
import { todayParis } from '../../common/dates';

type Row = Record<string, any>;

let t: TestServer;
const today = todayParis();
const year = today.slice(0, 4);
const STAYS = 40;

beforeAll(async () => {
  t = await startTestServer({ demo: true });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const bills: Row[] = [];
const payments: Row[] = [];

describe('the demo year, billed and paid', () => {
  it(`bills ${STAYS} stays of the season that are over and takes their payments`, async () => {
    const stays: Row[] = await t
      .knex('booking as b')
      .join('customer as c', 'c.id', 'b.customerId')
      .where('b.kind', 'booking')
      .whereIn('b.statusId', [STATUS.GONE, STATUS.EARLY_DEPARTURE])
      .where('b.startDate', '>=', `${year}-01-01`)
      .where('b.endDate', '<', today)
      .where('b.totalAmount', '>', 0)
      .whereNotNull('c.address1')
      .whereNotNull('c.postalCode')
      .whereNotNull('c.town')
      .whereNotNull('c.lastName')
      .orderBy([{ column: 'b.endDate' }, { column: 'b.id' }])
      .limit(STAYS)
      .select('b.id', 'b.endDate', 'b.totalAmount', 'b.touristTaxAmount');
    expect(stays).toHaveLength(STAYS);
    const methods: Row[] = await t.knex('payment_method').whereIn('kind', ['card', 'cash', 'cheque']).orderBy('id');
    const method = (kind: string) => methods.find((m) => m.kind === kind)!;
    for (const [i, s] of stays.entries()) {
      const bill = await billOn(t, s.id, { kind: 'final' }, s.endDate);
      // What the stay was priced at is what it is billed.
      expect(bill.totalInclVat, `stay ${s.id}`).toBe(s.totalAmount);
      bills.push(bill);
      const kind = ['card', 'cash', 'cheque'][i % 3];
      const cheque =
        kind === 'cheque'
          ? { chequeNumber: `00${1000 + i}`, chequeHolder: 'Titulaire', payingInstitution: 'Banque' }
          : {};
      const payment = {
        bookingId: s.id,
        paymentMethodId: method(kind).id,
        amount: bill.totalInclVat,
        date: s.endDate,
        ...cheque,
      };
      await postOk(t.admin, '/rest/payment/edit', payment);
      payments.push(payment);
      const balance = (await t.admin.get(`/rest/booking/${s.id}/balance`)).body;
      expect(balance, `stay ${s.id}`).toMatchObject({ billed: bill.totalInclVat, paid: bill.totalInclVat, due: 0 });
    }
    // Numbers follow each other with no gap, in the order of their dates.
    const numbers = bills.map((b) => Number(String(b.number).replace(/\D/g, '')));
    expect(numbers).toEqual(numbers.map((_n, i) => numbers[0] + i));
  });

  it('the tourist-tax register agrees with the bills, stay by stay', async () => {
    // The civil year at once (a statement period lies in one year; the stays do, see above).
    const r = await t.admin.get(`/rest/tax-list?from=${year}-01-01&to=${year}-12-31`);
    expect(r.status, r.text).toBe(200);
    const rows: Row[] = r.body.rows;
    for (const b of bills) {
      const ofStay = rows.filter((r) => r.bookingId === b.bookingId);
      expect(ofStay.length, `stay ${b.bookingId}`).toBeGreaterThan(0);
      const due = ofStay.reduce((s, r) => s + r.amountDue, 0);
      expect(due, `tax due of stay ${b.bookingId}`).toBe(b.touristTaxAmount);
    }
  });

  it('the VAT statement and the results count every receipt', async () => {
    const paid = payments.reduce((s, p) => s + p.amount, 0);
    const billedVat = bills.reduce((s, b) => s + b.totalVat, 0);
    const r = await t.admin.get(`/rest/tva-statement-list?year=${year}`);
    expect(r.status, r.text).toBe(200);
    const months: Row[] = r.body.months;
    const receipts = months.flatMap((m) => m.rows).filter((x: Row) => x.basis === 'receipts');
    const inclVat = receipts.reduce((s: number, x: Row) => s + x.inclVat, 0);
    const outside = months.reduce((s, m) => s + m.outsideVat + m.unallocated, 0);
    expect(inclVat + outside).toBe(paid);
    // A payment's VAT is spread over its stay's rates: at most a cent apart per payment.
    const vat = receipts.reduce((s: number, x: Row) => s + x.vat, 0);
    expect(Math.abs(vat - billedVat)).toBeLessThanOrEqual(payments.length);
    const result = await t.admin.get(`/rest/result?from=${year}-01-01&to=${today}`);
    expect(result.status, result.text).toBe(200);
    expect(result.body.sales.inclVat).toBe(bills.reduce((s, b) => s + b.totalInclVat, 0));
    expect(result.body.received).toBe(paid);
  });

  it('the FEC of the year passes the checker and holds every bill', async () => {
    const { status, name, text } = await fecFile(t, year);
    expect(status).toBe(200);
    expect(name).toMatch(/FEC\d{8}\.txt$/);
    const check = checkFec(name, text, { start: `${year}-01-01`, end: `${year}-12-31` });
    expect(check.problems).toEqual([]);
    for (const b of bills) expect(text, b.number).toContain(b.number);
  });

  it('the Z of the day carries every bill and payment, and the ledger verifies', async () => {
    const z = (await postOk(t.admin, '/rest/closure/day', { date: today })).item;
    expect(z).toMatchObject({
      count: bills.length + payments.length,
      sales: bills.reduce((s, b) => s + b.totalInclVat, 0),
      paymentsTotal: payments.reduce((s, p) => s + p.amount, 0),
    });
    expect(z.perpetual).toBe(z.sales);
    const v = (await t.admin.get('/rest/fiscal/verify')).body;
    expect(v).toMatchObject({ status: 'ok', count: bills.length + payments.length + 1, breaks: [] });
  });
});
