// Issue 24 (docs/statements.md), e-reporting (CGI 242 nonies M): the B2C flux 10.3 (transactions per day,
// category and rate: TPS1 services billed, TLB1 goods sold at the till) and 10.4 (the
// services' receipts per day and rate) of a month with stays, till tickets (one charged
// to a stay), a deposit bill, a credit note and a refund: their VAT equals the VAT
// statement's, the CSV and the XML say the same. No public XSD of the DGFiP e-reporting
// format was found: the XML is checked well-formed (xmllint) and read back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { addDays, todayParis } from '../../common/dates';

let t: TestServer;
let c: Campsite;
const ids: Record<string, number> = {};
const today = todayParis();
const month = today.slice(0, 7);
const from = `${month}-01`;
const to = addDays(`${addDays(`${month}-28`, 5).slice(0, 7)}-01`, -1);
const post = (path: string, body: unknown) => postOk(t.admin, path, body);
const pay = (bookingId: number, amount: number) =>
  post('/rest/payment', { bookingId, paymentMethodId: c.card, amount, date: today });
const sell = (lines: unknown[], payments: unknown[], bookingId?: number) =>
  post('/rest/sales/sell', { cashRegisterId: ids.reg, lines, payments, bookingId });

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
  // the stay charged at the till is on the campsite today: a price for these days
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
  await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash' });
  const type = (await post('/rest/cash-register-type', { label: unique('Accueil ') })).id;
  const family = (await post('/rest/article-family', { label: unique('Épicerie ') })).id;
  const article = async (label: string, price: number, rate: number) =>
    (await post('/rest/article', { code: unique('A'), label, articleFamilyId: family, price, tvaId: await tva(rate) }))
      .id;
  ids.bread = await article('Pain', 340, 550);
  ids.ice = await article('Glace', 300, 2000);
  ids.reg = (
    await post('/rest/cash-register', {
      label: unique('Boutique '),
      code: unique('B').slice(0, 10),
      cashRegisterTypeId: type,
    })
  ).id;
  await post('/rest/sales/window/open', { cashRegisterId: ids.reg, openingFloat: 0 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const sumVat = (rows: any[]) => rows.reduce((s: number, r: any) => s + r.vat, 0);

describe('the B2C e-reporting (flux 10.3 and 10.4)', () => {
  it('equals the VAT statement of a month with stays, tickets, a deposit, a credit note and a refund', async () => {
    // a stay: a deposit bill paid, a till ticket charged to it, its final bill paid, a line credited, refunded
    const a = await bookStay(t, c, c.places[0], addDays(today, -1), addDays(today, 2));
    const deposit = await post(`/rest/booking/${a.bookingId}/bill`, { kind: 'deposit', amount: 5000 });
    await pay(a.bookingId, deposit.totalInclVat);
    await sell([{ articleId: ids.bread, quantity: 2 }], [{ kind: 'stay', amount: 680 }], a.bookingId);
    const final = await post(`/rest/booking/${a.bookingId}/bill`, { kind: 'final' });
    await pay(a.bookingId, final.totalInclVat);
    const fee = final.lines.find((l: any) => l.lineType === 1 && l.vatAmount > 0);
    expect(fee).toBeDefined();
    const credit = await post(`/rest/bill/${final.id}/credit-note`, {
      reason: 'Emplacement contesté',
      lines: [{ billLineId: fee.id, quantity: 1 }],
    });
    expect(credit.totalInclVat).toBeLessThan(0);
    const due = (await t.admin.get(`/rest/booking/${a.bookingId}/balance`)).body.due;
    expect(due).toBeLessThan(0);
    await post(`/rest/booking/${a.bookingId}/refund`, { paymentMethodId: c.card, amount: -due });
    // another stay: a down payment with no bill yet
    const b = await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-14');
    await pay(b.bookingId, 3000);
    // a ticket at the till, paid in cash, at two rates
    await sell(
      [
        { articleId: ids.bread, quantity: 1 },
        { articleId: ids.ice, quantity: 2 },
      ],
      [{ kind: 'cash', amount: 940 }],
    );

    const r = await t.admin.get(`/rest/e-reporting?from=${from}&to=${to}`);
    expect(r.status, r.text).toBe(200);
    const e = r.body;
    const vat = (await t.admin.get(`/rest/tva-statement-list?year=${month.slice(0, 4)}`)).body.months.find(
      (m: any) => m.month === month,
    );
    // TLB1 = the statement's goods (sales) per rate; 10.4 = its services (receipts) per rate
    const basis = (name: string) =>
      vat.rows
        .filter((x: any) => x.basis === name)
        .map((x: any) => ({ rateBp: x.rateBp, exclVat: x.exclVat, vat: x.vat, inclVat: x.inclVat }))
        .sort((x: any, y: any) => y.rateBp - x.rateBp);
    expect(e.totals.tlb1).toEqual(basis('sales'));
    expect(e.totals.payments).toEqual(basis('receipts'));
    expect(e.totals.tlb1.map((x: any) => x.rateBp)).toEqual([2000, 550]);
    expect(e.totals.payments.length).toBeGreaterThan(0);
    expect(e.totals.vatDue).toBe(vat.vatTotal);
    expect(e.vatStatement).toEqual({ months: [month], vatTotal: vat.vatTotal, matches: true });
    expect(e.outsideVat).toBe(vat.outsideVat);
    expect(e.unallocated).toBe(0);
    // TLB1: the two tickets (bread 2 × 3,40 € + bread 3,40 € + ice 2 × 3,00 €)
    const tlb1 = e.transactions.filter((x: any) => x.category === 'TLB1');
    expect(tlb1.reduce((s: number, x: any) => s + x.count, 0)).toBe(2);
    expect(tlb1.reduce((s: number, x: any) => s + x.inclVat, 0)).toBe(680 + 340 + 600);
    // TPS1: deposit bill, final bill and credit note; the final bill's repeat of the ticket is left out
    const tps1 = e.transactions.filter((x: any) => x.category === 'TPS1');
    expect(tps1.reduce((s: number, x: any) => s + x.count, 0)).toBe(3);
    const billedVat = [deposit, final, credit].reduce(
      (s: number, x: any) =>
        s +
        x.lines.filter((l: any) => ![16, 23].includes(l.lineType)).reduce((u: number, l: any) => u + l.vatAmount, 0),
      0,
    );
    expect(sumVat(e.totals.tps1)).toBe(billedVat);
    for (const x of e.totals.payments) expect(x.vat).toBeGreaterThan(0);

    // the CSV: one line per day, flux, category and rate
    const csv = await t.admin.get(`/rest/e-reporting/export?from=${from}&to=${to}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Date;Flux;Catégorie;Opérations;Taux;Base HT;TVA;TTC');
    const rateRows = (days: any[]) => days.reduce((s: number, d: any) => s + d.rates.length, 0);
    expect(lines.length - 1).toBe(rateRows(e.transactions) + rateRows(e.payments));

    // the XML: well-formed, its categories, counts and amounts those of the JSON
    const xml = await t.admin.get(`/rest/e-reporting/xml?from=${from}&to=${to}`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
    const text = xml.text ?? String(xml.body);
    const dir = mkdtempSync(join(tmpdir(), 'ereport-'));
    writeFileSync(join(dir, 'r.xml'), text);
    execFileSync('xmllint', ['--noout', join(dir, 'r.xml')]);
    expect(text).toContain('<TypeCode>IN</TypeCode>');
    expect(text).toContain(`<Id schemeId="0002">${(await t.knex('establishment').first('siren')).siren}</Id>`);
    expect(text.match(/<CategoryCode>TLB1<\/CategoryCode>/g)?.length).toBe(tlb1.length);
    const counts = [...text.matchAll(/<TransactionsCount>(\d+)<\/TransactionsCount>/g)].map((m) => Number(m[1]));
    expect(counts.reduce((s, n) => s + n, 0)).toBe(5);
    const cents = (s: string) => Math.round(Number(s) * 100);
    const paid = [...text.matchAll(/<Amount>(-?[\d.]+)<\/Amount>/g)].reduce((s, m) => s + cents(m[1]), 0);
    expect(paid).toBe(e.totals.payments.reduce((s: number, x: any) => s + x.inclVat, 0));
    const taxes = [...text.matchAll(/<TaxSubTotal><TaxableAmount>[-\d.]+<\/TaxableAmount><TaxTotal>(-?[\d.]+)</g)];
    expect(taxes.reduce((s, m) => s + cents(m[1]), 0)).toBe(sumVat(e.totals.tps1) + sumVat(e.totals.tlb1));
  }, 120_000);

  it('refuses a period in the wrong order or longer than a year', async () => {
    expect((await t.admin.get(`/rest/e-reporting?from=${to}&to=${from}`)).status).toBe(400);
    expect((await t.admin.get('/rest/e-reporting?from=2030-01-01&to=2031-06-01')).status).toBe(400);
  });
});
