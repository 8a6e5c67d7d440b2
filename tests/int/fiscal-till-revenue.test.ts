// Issue 24 points 1 and 3 (docs/statements.md): a till sale charged to a stay is revenue once — on its ticket —
// in the Z, /result, the VAT statement and the FEC; the till's cash is in the takings and
// the FEC; a deposit bill's outside-VAT share is not tourist tax (468600).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';
import { checkTrialBalance } from '../unit/ledger/fec-balance';

let t: TestServer;
let c: Campsite;
const ids: Record<string, number> = {};
const today = todayParis();
const year = today.slice(0, 4);

interface FecRow {
  account: string;
  aux: string;
  piece: string;
  debit: number;
  credit: number;
}
const cents = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);
async function fec(): Promise<FecRow[]> {
  const r = await t.admin.get(`/rest/accounting/fec/${year}`);
  expect(r.status, r.text).toBe(200);
  return r.text
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t'))
    .map((f) => ({ account: f[4], aux: f[6], piece: f[8], debit: cents(f[11]), credit: cents(f[12]) }));
}
const net = (rows: FecRow[], pred: (r: FecRow) => boolean) =>
  rows.filter(pred).reduce((s, r) => s + r.debit - r.credit, 0);

async function sell(lines: unknown[], payments: unknown[], bookingId?: number) {
  return postOk(t.admin, '/rest/sales/sell', { cashRegisterId: ids.reg, lines, payments, bookingId });
}

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id');
  await post('/rest/price-grid-period', {
    priceGridId: grid.id,
    label: 'Hors saison',
    startDate: addDays(today, -30),
    endDate: addDays(today, 30),
    pricePerNight: 2000,
  });
  const tva = async (rate: number) =>
    (await t.knex('tva').where('rate', rate).first('id'))?.id ??
    (await post('/rest/tva', { label: unique(`TVA ${rate} `), rate })).id;
  ids.cash = (await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  ids.type = (await post('/rest/cash-register-type', { label: unique('Accueil ') })).id;
  ids.family = (await post('/rest/article-family', { label: unique('Épicerie ') })).id;
  const article = async (label: string, price: number, rate: number) =>
    (
      await post('/rest/article', {
        code: unique('A'),
        label,
        articleFamilyId: ids.family,
        price,
        tvaId: await tva(rate),
      })
    ).id;
  ids.bread = await article('Pain', 340, 550);
  ids.ice = await article('Glace', 300, 2000);
  ids.reg = (
    await post('/rest/cash-register', {
      label: unique('Boutique '),
      code: unique('B').slice(0, 10),
      cashRegisterTypeId: ids.type,
    })
  ).id;
  await post('/rest/sales/window/open', { cashRegisterId: ids.reg, openingFloat: 0 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a till sale charged to a stay is revenue once, on its ticket', () => {
  it('the Z, /result, the VAT statement and the FEC count the bread once; the customer account settles', async () => {
    const stay = await bookStay(t, c, c.places[0], addDays(today, -1), addDays(today, 1));
    const ticket = await sell(
      [
        { articleId: ids.bread, quantity: 2 },
        { articleId: ids.ice, quantity: 1 },
      ],
      [{ kind: 'stay', amount: 980 }],
      stay.bookingId,
    );
    const bill = await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'final', date: today });
    expect(bill.totalInclVat).toBe(stay.total + 980);
    await postOk(t.admin, '/rest/payment', {
      bookingId: stay.bookingId,
      paymentMethodId: c.card,
      amount: bill.totalInclVat,
      date: today,
    });

    // /result: the ticket is the sale; no « Ventes annexes » from the bill
    const result = (await t.admin.get(`/rest/result?from=${today}&to=${today}`)).body;
    expect(result.byType.map((r: any) => r.lineType)).not.toContain(16);
    expect(result.till.inclVat).toBe(980);
    expect(result.sales.inclVat).toBe(stay.total + 980);
    expect(result.byRate.find((r: any) => r.rateBp === 550).inclVat).toBe(680);

    // VAT statement: the bread's 5,5 % is a goods sale, never a receipt too
    const vat = (await t.admin.get(`/rest/tva-statement-list?year=${year}`)).body;
    const month = vat.months.find((m: any) => m.month === today.slice(0, 7));
    expect(month.rows.filter((r: any) => r.rateBp === 550)).toEqual([
      { rateBp: 550, basis: 'sales', inclVat: 680, exclVat: 645, vat: 35 },
    ]);
    expect(month.rows.find((r: any) => r.basis === 'receipts' && r.rateBp === 2000)).toBeUndefined();

    // FEC: 706055 credited once; the customer's account debited by the ticket and the bill, settled
    const rows = await fec();
    expect(net(rows, (r) => r.account.startsWith('706') && r.account.endsWith('55'))).toBe(-645);
    const aux = rows.find((r) => r.piece === bill.number && r.account.startsWith('411'))!.aux;
    expect(rows.find((r) => r.piece === ticket.number && r.account.startsWith('411'))?.aux).toBe(aux);
    expect(net(rows, (r) => r.account.startsWith('411') && r.aux === aux)).toBe(0);

    // The Z: 6,80 € at 5,5 %, the sales once
    const z = (await postOk(t.admin, '/rest/closure/day', { date: today })).item;
    expect(z.vat.find((v: any) => v.rateBp === 550)).toMatchObject({ inclVat: 680, vat: 35 });
    expect(z.sales).toBe(stay.total + 980);
    expect((await t.admin.get('/rest/fiscal/verify')).body.status).toBe('ok');
  }, 60_000);
});

describe("the till's cash and the deposits' outside-VAT share", () => {
  it('a ticket paid in cash: its takings are in the Z and the FEC debits the cash account', async () => {
    const before = (await t.admin.get(`/rest/closure/day/preview?date=${today}`)).body;
    const ticket = await sell([{ articleId: ids.ice, quantity: 2 }], [{ kind: 'cash', amount: 1000 }]);
    expect(ticket.changeGiven).toBe(400);
    const after = (await t.admin.get(`/rest/closure/day/preview?date=${today}`)).body;
    expect(after.paymentsTotal - before.paymentsTotal).toBe(600);
    const cash = await t.knex('payment_method').where('id', ids.cash).first('label');
    expect(after.payments.find((p: any) => p.label === cash.label)?.amount).toBe(600);
    const rows = (await fec()).filter((r) => r.piece === ticket.number);
    expect(rows.filter((r) => r.account === '530000').map((r) => r.debit)).toEqual([600]);
    expect(rows.filter((r) => r.account.startsWith('411'))).toEqual([]);
  }, 60_000);

  it("a deposit bill's outside-VAT share is not tourist tax: 468600 holds the stay's tax only", async () => {
    const stay = await bookStay(t, c, c.places[1], '2031-07-04', '2031-07-08');
    const deposit = await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'deposit', amount: 5000 });
    const outside = deposit.lines
      .filter((l: any) => l.vatRateBp == null)
      .reduce((s: number, l: any) => s + l.amountInclVat, 0);
    expect(outside).toBeGreaterThan(0);
    const final = await postOk(t.admin, `/rest/booking/${stay.bookingId}/bill`, { kind: 'final' });
    expect(final.touristTaxAmount).toBeGreaterThan(0);
    const rows = await fec();
    const ofBills = (account: string) =>
      net(rows, (r) => r.account === account && (r.piece === deposit.number || r.piece === final.number));
    expect(net(rows, (r) => r.account === '468600' && r.piece === deposit.number)).toBe(0);
    expect(ofBills('468600')).toBe(-final.touristTaxAmount);
    expect(ofBills('708000')).toBe(0);
    // paid in full: the customer's account settles (checked on the whole year below)
    await postOk(t.admin, '/rest/payment', {
      bookingId: stay.bookingId,
      paymentMethodId: c.card,
      amount: deposit.totalInclVat + final.totalInclVat,
      date: today,
    });
  }, 60_000);
});

describe("the FEC's trial balance", () => {
  it('every customer account settles, 468600 holds the tourist tax, revenue = the bills and tickets', async () => {
    const r = await t.admin.get(`/rest/accounting/fec/${year}`);
    const result = (await t.admin.get(`/rest/result?from=${year}-01-01&to=${year}-12-31`)).body;
    const taxed = result.byRate.filter((x: any) => x.rateBp != null);
    const touristTax = result.byType.find((x: any) => x.lineType === 2)?.inclVat ?? 0;
    const outside = result.byRate.find((x: any) => x.rateBp == null)?.inclVat ?? 0;
    expect(touristTax).toBeGreaterThan(0);
    expect(
      checkTrialBalance(r.text, {
        touristTax,
        revenue: taxed.reduce((s: number, x: any) => s + x.exclVat, 0),
        vat: taxed.reduce((s: number, x: any) => s + x.vat, 0),
        outsideVat: outside - touristTax,
      }),
    ).toEqual([]);
  }, 60_000);
});
