// The bill lists and the bill rules of issue 14 (docs/billing.md)'s bills half, over HTTP: partner bills
// after the customer bill (and the customer bill not cancelled while one stands), extra
// lines of a registered bill source in a stay's final bill, the deposit bill of a
// payment (« down-payment invoice impossible on billed payment »), /bill-list filters
// and totals, /unbill-document-list, /verif-double-bill, /verif-due-bill,
// /result-credit-list, /vacaf-list and /assurance-list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';
import { registerBillSource, billSources } from '../../api/domain/billing/sources';

let t: TestServer;
let c: Campsite;
const get = async (path: string) => {
  const r = await t.admin.get(path);
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const bill = (bookingId: number, kind: 'deposit' | 'final') =>
  postOk(t.admin, `/rest/booking/${bookingId}/bill`, { kind });
const pay = (bookingId: number, amount: number, extra: Record<string, unknown> = {}) =>
  postOk(t.admin, '/rest/payment/edit', { bookingId, paymentMethodId: c.card, amount, date: '2031-06-01', ...extra });

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 10);
});
afterAll(async () => {
  await t?.close();
});

describe('partner bills', () => {
  it('come after the customer bill, and hold the customer bill until credited', async () => {
    const tva =
      (await t.knex('tva').where('rate', 2000).first('id'))?.id ??
      (await postOk(t.admin, '/rest/tva', { label: unique('TVA 20 % '), rate: 2000 })).id;
    const type = (await postOk(t.admin, '/rest/partner-type', { label: unique('Comité ') })).id;
    const partner = (
      await postOk(t.admin, '/rest/partner', {
        name: unique('CE Airbus '),
        partnerTypeId: type,
        address: '1 rond-point Maurice Bellonte',
        postalCode: '31700',
        town: 'Blagnac',
        commissionRate: 1000,
        tvaId: tva,
      })
    ).id;
    const s = await bookStay(t, c, c.places[0], '2031-07-01', '2031-07-05');
    await t.knex('booking').where('id', s.bookingId).update({ partnerId: partner });
    expectRefused(await t.admin.post(`/rest/booking/${s.bookingId}/partner-bill`, {}), 'BILL_GENERATION_IMPOSSIBLE');
    const final = await bill(s.bookingId, 'final');
    const p = await postOk(t.admin, `/rest/booking/${s.bookingId}/partner-bill`, {});
    expect(p.number).toMatch(/^FP\d{4,}$/);
    expect(p).toMatchObject({ payerType: 'partner', partnerId: partner, kind: 'invoice' });
    // 10 % of the stay without the tourist tax, 20 % VAT included
    const taxes = final.lines
      .filter((l: any) => l.lineType === 2)
      .reduce((a: number, l: any) => a + l.amountInclVat, 0);
    expect(p.totalInclVat).toBe(Math.round((final.totalInclVat - taxes) / 10));
    expect(p.lines[0]).toMatchObject({ lineType: 13, vatRateBp: 2000 });
    expectRefused(await t.admin.post(`/rest/booking/${s.bookingId}/partner-bill`, {}), 'BILL_GENERATION_IMPOSSIBLE');
    expectRefused(
      await t.admin.post(`/rest/bill/${final.id}/credit-note`, { reason: 'Erreur' }),
      'PARTNER_BILL_REMAINS',
    );
    // the guest's balance does not count the partner's bill
    expect(await get(`/rest/booking/${s.bookingId}/balance`)).toMatchObject({
      billed: final.totalInclVat,
      partnerId: partner,
      partnerBillStands: true,
    });
    await postOk(t.admin, `/rest/bill/${p.id}/credit-note`, { reason: 'Erreur de commission' });
    await postOk(t.admin, `/rest/bill/${final.id}/credit-note`, { reason: 'Erreur' });
  });
});

describe('bill sources', () => {
  it("a registered source's lines go into the stay's final bill, and it learns the bill", async () => {
    const s = await bookStay(t, c, c.places[1], '2031-07-01', '2031-07-03');
    const marked: number[] = [];
    registerBillSource({
      key: 'test-till',
      lines: async (_trx, ctx) =>
        ctx.bookingId === s.bookingId
          ? [
              {
                lineType: 16,
                label: 'Ticket 42 : pain et croissants',
                quantity: 3,
                unitPriceInclVat: 550,
                amountInclVat: 1650,
                vatRateBp: 550,
                vatAmount: 86,
                startDate: null,
                endDate: null,
              },
            ]
          : [],
      billed: async (_trx, ctx) => {
        marked.push(ctx.billId);
      },
    });
    try {
      const deposit = await bill(s.bookingId, 'deposit');
      expect(deposit.lines.some((l: any) => l.lineType === 16)).toBe(false);
      const final = await bill(s.bookingId, 'final');
      const sale = final.lines.find((l: any) => l.lineType === 16);
      expect(sale).toMatchObject({
        label: 'Ticket 42 : pain et croissants',
        quantity: 3,
        amountInclVat: 1650,
        vatAmount: 86,
      });
      expect(final.totalInclVat + deposit.totalInclVat).toBe(s.total + 1650);
      expect(final.vatTotals.find((v: any) => v.vatRateBp === 550)).toMatchObject({
        totalInclVat: 1650,
        vatAmount: 86,
      });
      expect(marked).toEqual([final.id]);
    } finally {
      registerBillSource({ key: 'test-till', lines: async () => [] });
    }
    expect(billSources().map((x) => x.key)).toContain('stay');
  });
});

describe('deposit bill of a payment', () => {
  it('bills a payment once: a billed payment gets no second deposit bill', async () => {
    const s = await bookStay(t, c, c.places[2], '2031-07-01', '2031-07-04');
    const payment = await pay(s.bookingId, 4000, { category: 'down-payment' });
    const b = await postOk(t.admin, `/rest/payment/${payment.id}/deposit-bill`, {});
    expect(b).toMatchObject({ isDeposit: true, totalInclVat: 4000, bookingId: s.bookingId });
    expect((await t.knex('payment').where('id', payment.id).first('billId')).billId).toBe(b.id);
    expectRefused(
      await t.admin.post(`/rest/payment/${payment.id}/deposit-bill`, {}),
      'DOWN_PAYMENT_INVOICE_IMPOSSIBLE',
    );
    expect(await t.knex('bill').where('bookingId', s.bookingId).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('the lists', () => {
  let over: { bookingId: number; total: number };
  let billed: { bookingId: number; total: number };
  let finalId = 0;
  beforeAll(async () => {
    // ended in the past: to bill; the other billed with a past due date and a part paid
    over = await bookStay(t, c, c.places[3], '2031-07-10', '2031-07-12');
    billed = await bookStay(t, c, c.places[4], '2031-07-10', '2031-07-13');
    await t
      .knex('booking')
      .whereIn('id', [over.bookingId, billed.bookingId])
      .update({ withCancellationInsurance: true });
    const f = await bill(billed.bookingId, 'final');
    finalId = f.id;
    await pay(billed.bookingId, 1000);
    await pay(billed.bookingId, 2500, { payerType: 'holiday-aid', payingInstitution: 'CAF de la Gironde' });
  });

  it('/bill-list: filters by date, kind, customer, state, with the totals of the selection', async () => {
    const all = await get('/rest/bill/list');
    expect(all.totals.count).toBeGreaterThanOrEqual(all.rows.length);
    expect(all.totals.totalInclVat).toBe(all.rows.reduce((a: number, r: any) => a + r.totalInclVat, 0));
    const finals = await get(`/rest/bill/list?kind=final&customer=Martin`);
    expect(finals.rows.map((r: any) => r.id)).toContain(finalId);
    expect(finals.rows.every((r: any) => r.kind === 'invoice' && !r.isDeposit && r.payerType === 'customer')).toBe(
      true,
    );
    const cancelled = await get('/rest/bill/list?state=cancelled');
    expect(cancelled.rows.length).toBeGreaterThan(0);
    expect(cancelled.rows.every((r: any) => r.state === 'cancelled' && r.totalInclVat + r.credited === 0)).toBe(true);
    const notes = await get('/rest/bill/list?kind=credit-note');
    expect(notes.totals.totalInclVat).toBeLessThan(0);
    expect((await get('/rest/bill/list?from=2000-01-01&to=2000-12-31')).totals).toMatchObject({
      count: 0,
      totalInclVat: 0,
    });
    expect((await t.admin.get('/rest/bill/list?from=2031-02-30')).status).toBe(400);
  });

  it('/unbill-document-list: stays over and not billed', async () => {
    const rows = await get('/rest/bill/unbilled?until=2031-12-31');
    const row = rows.find((r: any) => r.bookingId === over.bookingId);
    expect(row).toMatchObject({ billed: 0, paid: 0, toBill: over.total, customerName: 'Claire Martin' });
    expect(rows.some((r: any) => r.bookingId === billed.bookingId)).toBe(false);
    expect((await get('/rest/bill/unbilled?until=2031-07-11')).some((r: any) => r.bookingId === over.bookingId)).toBe(
      false,
    );
  });

  it('/verif-due-bill: past due and not fully paid', async () => {
    const rows = await get('/rest/bill/verif-due?date=2031-12-01');
    const row = rows.find((r: any) => r.bookingId === billed.bookingId);
    expect(row).toMatchObject({ billed: billed.total, paid: 3500, due: billed.total - 3500 });
    expect(row.daysLate).toBeGreaterThan(0);
    expect((await get('/rest/bill/verif-due?date=2000-01-01')).some((r: any) => r.bookingId === billed.bookingId)).toBe(
      false,
    );
  });

  it(
    '/verif-double-bill: deposits billed beyond a price lowered since; no double final bill, no hole in the ' +
      'numbering',
    async () => {
      const s = await bookStay(t, c, c.places[6], '2031-09-01', '2031-09-03');
      await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'deposit', amount: s.total });
      await t
        .knex('booking')
        .where('id', s.bookingId)
        .update({ totalAmount: s.total - 1000 });
      const rows = await get('/rest/bill/verif-double');
      expect(rows.find((r: any) => r.bookingId === s.bookingId)).toMatchObject({
        check: 'deposits-exceed',
        amount: 1000,
        customerName: 'Claire Martin',
      });
      expect(rows.filter((r: any) => r.check === 'double-final' || r.check.startsWith('numbering'))).toEqual([]);
    },
  );

  it('/result-credit-list: credit notes and customers in credit', async () => {
    const s = await bookStay(
      t,
      c,
      c.places[5],
      '2031-08-01',
      '2031-08-03',
      (
        await postOk(t.admin, '/rest/customer', {
          lastName: 'Petit',
          firstName: 'Léa',
          address1: '2 rue Haute',
          postalCode: '75001',
          town: 'Paris',
        })
      ).id,
    );
    const f = await bill(s.bookingId, 'final');
    await pay(s.bookingId, f.totalInclVat);
    const note = await postOk(t.admin, `/rest/bill/${f.id}/credit-note`, {
      reason: 'Geste commercial',
      lines: [{ billLineId: f.lines[0].id, quantity: 1 }],
    });
    const r = await get('/rest/bill/credits');
    expect(r.creditNotes.find((n: any) => n.id === note.id)).toMatchObject({
      invoiceNumber: f.number,
      reason: 'Geste commercial',
      totalInclVat: note.totalInclVat,
    });
    expect(r.balances.find((b: any) => b.customerName === 'Léa Petit')).toMatchObject({ credit: -note.totalInclVat });
    // wholly credited since, the guest is owed all that was paid; a guest merely paid in advance is not listed
    const rest = await postOk(t.admin, `/rest/bill/${f.id}/credit-note`, { reason: 'Séjour annulé' });
    const after = await get('/rest/bill/credits');
    expect(after.balances.find((b: any) => b.customerName === 'Léa Petit')).toMatchObject({
      billed: 0,
      credit: -(note.totalInclVat + rest.totalInclVat),
    });
    const early = await bookStay(
      t,
      c,
      c.places[5],
      '2031-08-05',
      '2031-08-07',
      (
        await postOk(t.admin, '/rest/customer', {
          lastName: 'Avance',
          firstName: 'Jules',
          address1: '2 rue Haute',
          postalCode: '75001',
          town: 'Paris',
        })
      ).id,
    );
    await pay(early.bookingId, 5000);
    expect(
      (await get('/rest/bill/credits')).balances.find((b: any) => b.customerName === 'Jules Avance'),
    ).toBeUndefined();
  });

  it('/vacaf-list and /assurance-list', async () => {
    const v = await get('/rest/payment/vacaf?from=2031-01-01&to=2031-12-31');
    expect(v.rows.find((r: any) => r.bookingId === billed.bookingId)).toMatchObject({
      amount: 2500,
      payingInstitution: 'CAF de la Gironde',
    });
    expect(v.total).toBe(v.rows.reduce((a: number, r: any) => a + r.amount, 0));
    const a = await get('/rest/booking/insured?from=2031-07-01&to=2031-07-31');
    expect(a.rows.map((r: any) => r.bookingId)).toEqual(expect.arrayContaining([over.bookingId, billed.bookingId]));
    expect((await get('/rest/booking/insured?from=2032-01-01&to=2032-12-31')).rows).toEqual([]);
  });
});
