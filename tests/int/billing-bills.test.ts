// Bills over HTTP on a real database (api/domain/billing): a stay's deposit bill, then
// its final bill deducting it (deposit + final = the stay's price), the totals per VAT
// rate, the §8 (docs/errors.md#messages) messages for missing legal data, « bill earlier than last », credit notes
// (partial, then full), billed stays frozen (API and plain SQL), the triggers refusing
// any change of an issued bill or a remitted payment (plain SQL), payments with the
// stay's balance and the planning's payment view, the PDF with its legal mentions
// (pdftotext) and its DUPLICATA reprint, and the rights.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { expectRefused, postOk } from './http-helpers';
import { userWithRights } from './security-helpers';
import { billOn, bookStay, campsite, COMPANY, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const NIGHT = 3000,
  TAX = 66,
  FEES = 1500;

const bill = (bookingId: number, body: Record<string, unknown>) =>
  t.admin.post(`/rest/booking/${bookingId}/bill`, body);
const sumBy = (rows: any[], f: (r: any) => number) => rows.reduce((s, r) => s + f(r), 0);

function checkTotals(b: any) {
  expect(b.totalInclVat).toBe(sumBy(b.lines, (l) => l.amountInclVat));
  expect(b.totalVat).toBe(sumBy(b.lines, (l) => l.vatAmount));
  expect(b.totalExclVat).toBe(sumBy(b.lines, (l) => l.amountExclVat));
  for (const v of b.vatTotals) {
    const lines = b.lines.filter((l: any) => l.vatRateBp === v.vatRateBp);
    expect(v.vatAmount).toBe(sumBy(lines, (l) => l.vatAmount));
    expect(v.totalInclVat).toBe(sumBy(lines, (l) => l.amountInclVat));
  }
}

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 8);
});
afterAll(async () => {
  await t?.close();
});

describe('a stay billed in two steps', () => {
  let stay: { bookingId: number; occupancyId: number; total: number };
  let deposit: any, final: any;

  it('issues the deposit bill: the acompte split over the VAT rates, numbered in the invoice series', async () => {
    stay = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
    expect(stay.total).toBe(4 * NIGHT + 2 * 4 * TAX + FEES);
    const r = await bill(stay.bookingId, { kind: 'deposit' });
    expect(r.status, r.text).toBe(200);
    deposit = r.body;
    const expected = (await t.knex('booking').where('id', stay.bookingId).first('downPaymentAmount')).downPaymentAmount;
    expect(deposit).toMatchObject({
      kind: 'invoice',
      isDeposit: true,
      date: todayParis(),
      totalInclVat: expected,
      bookingId: stay.bookingId,
      customerName: 'Claire Martin',
      state: 'issued',
    });
    expect(deposit.number).toMatch(/^FA\d{5}$/);
    expect(deposit.lines.every((l: any) => l.lineType === 15)).toBe(true);
    checkTotals(deposit);
  });

  it('issues the final bill: the whole stay, minus the deposit', async () => {
    const r = await bill(stay.bookingId, { kind: 'final' });
    expect(r.status, r.text).toBe(200);
    final = r.body;
    expect(final.sequence).toBe(deposit.sequence + 1);
    expect(final.depositsDeducted).toBe(deposit.totalInclVat);
    expect(final.totalInclVat + deposit.totalInclVat).toBe(stay.total);
    expect(final.touristTaxAmount).toBe(2 * 4 * TAX);
    // tourist tax: its own line, outside VAT, not in the VAT totals
    const tax = final.lines.find((l: any) => l.lineType === 2);
    expect(tax).toMatchObject({ vatRateBp: null, vatAmount: 0, amountInclVat: 2 * 4 * TAX });
    expect(final.vatTotals.map((v: any) => v.vatRateBp)).not.toContain(null);
    const deduction = final.lines.filter((l: any) => l.lineType === 14);
    expect(sumBy(deduction, (l) => l.amountInclVat)).toBe(-deposit.totalInclVat);
    checkTotals(final);
    // the stay's lines: service dates and the unit price without VAT
    const night = final.lines.find((l: any) => l.lineType === 1);
    expect(night).toMatchObject({ startDate: '2031-07-04', endDate: '2031-07-08', vatRateBp: 1000 });
    expect(night.unitPriceExclVat).toBe(Math.round(night.unitPriceInclVat / 1.1));
  });

  it('refuses a second final bill and a deposit on a billed stay', async () => {
    expectRefused(await bill(stay.bookingId, { kind: 'final' }), 'BILL_ALREADY_FINAL');
    expectRefused(await bill(stay.bookingId, { kind: 'deposit', amount: 100 }), 'BILL_ALREADY_FINAL');
  });

  it('freezes the billed stay, through the API and in the database', async () => {
    let r = await t.admin.put(`/rest/occupancy/${stay.occupancyId}`, { endDate: '2031-07-09' });
    expectRefused(r, 'BILLED_ITEMS_UNCHANGEABLE');
    const detail = await t.knex('occupancy_detail').where('occupancyId', stay.occupancyId).first('id');
    r = await t.admin.put(`/rest/occupancy-detail/${detail.id}`, { quantity: 3 });
    expectRefused(r, 'BILLED_ITEMS_UNCHANGEABLE');
    expect(
      await sqlError(t.knex, 'UPDATE occupancy SET end_date = ? WHERE id = ?', ['2031-07-10', stay.occupancyId]),
    ).toMatch(/BILLED_ITEMS_UNCHANGEABLE/);
    expect(await sqlError(t.knex, 'DELETE FROM occupancy_detail WHERE occupancy_id = ?', [stay.occupancyId])).toMatch(
      /BILLED_ITEMS_UNCHANGEABLE/,
    );
    expect(await sqlError(t.knex, 'UPDATE booking SET status_id = 9 WHERE id = ?', [stay.bookingId])).toMatch(
      /BILLED_ITEMS_UNCHANGEABLE/,
    );
    // what does not change the bill still does: the notes
    r = await t.admin.put(`/rest/occupancy/${stay.occupancyId}`, { notes: 'Près des sanitaires' });
    expect(r.status, r.text).toBe(200);
  });

  it('never lets an issued bill or its lines change, even in plain SQL', async () => {
    expect(await sqlError(t.knex, 'UPDATE bill SET total_incl_vat = 1 WHERE id = ?', [final.id])).toMatch(
      /NOT_AUTHORISED/,
    );
    expect(await sqlError(t.knex, 'DELETE FROM bill WHERE id = ?', [final.id])).toMatch(/NOT_AUTHORISED/);
    expect(await sqlError(t.knex, 'UPDATE bill_line SET amount_incl_vat = 0 WHERE bill_id = ?', [final.id])).toMatch(
      /NOT_AUTHORISED/,
    );
    expect(await sqlError(t.knex, 'DELETE FROM bill_line WHERE bill_id = ?', [final.id])).toMatch(/NOT_AUTHORISED/);
    expect(await sqlError(t.knex, 'TRUNCATE bill_line')).toMatch(/NOT_AUTHORISED/);
    const r = await t.admin.put(`/rest/bill/${final.id}`, { totalInclVat: 1 });
    expect([400, 404, 405]).toContain(r.status);
    expect((await t.knex('bill').where('id', final.id).first('totalInclVat')).totalInclVat).toBe(final.totalInclVat);
    // nor can a demo reset wipe them
    expectRefused(await t.admin.post('/rest/establishment/init-demo', {}), 'DEMO_RESET_PROTECTED');
    expect(await t.knex('bill').where('id', final.id).first('id')).toBeTruthy();
  });

  it('corrects with credit notes: a partial one, then the rest; the stay is open again', async () => {
    const night = final.lines.find((l: any) => l.lineType === 1);
    let r = await t.admin.post(`/rest/bill/${final.id}/credit-note`, {
      reason: 'Une nuit offerte',
      lines: [{ billLineId: night.id, quantity: 1 }],
    });
    expect(r.status, r.text).toBe(200);
    const partial = r.body;
    expect(partial).toMatchObject({ kind: 'credit-note', creditedBillId: final.id, reason: 'Une nuit offerte' });
    expect(partial.number).toMatch(/^AV\d{5}$/);
    expect(partial.totalInclVat).toBe(-night.unitPriceInclVat);
    checkTotals(partial);
    expect((await t.admin.get(`/rest/bill/view/${final.id}`)).body).toMatchObject({
      state: 'partly-credited',
      remaining: final.totalInclVat - night.unitPriceInclVat,
    });
    // more than remains of the line
    expectRefused(
      await t.admin.post(`/rest/bill/${final.id}/credit-note`, {
        reason: 'Trop',
        lines: [{ billLineId: night.id, quantity: night.quantity }],
      }),
      'CREDIT_NOTE_EXCEEDS_INVOICE',
    );
    expectRefused(
      await t.admin.post(`/rest/bill/${final.id}/credit-note`, { reason: ' ' }),
      'CREDIT_NOTE_REASON_REQUIRED',
    );
    expectRefused(
      await t.admin.post(`/rest/bill/${partial.id}/credit-note`, { reason: 'Avoir d’avoir' }),
      'CREDIT_NOTE_NEEDS_INVOICE',
    );
    // a deposit deducted by a standing final bill is not cancelled alone
    expectRefused(
      await t.admin.post(`/rest/bill/${deposit.id}/credit-note`, { reason: 'Acompte' }),
      'BILL_CANNOT_BE_CANCELLED',
    );
    r = await t.admin.post(`/rest/bill/${final.id}/credit-note`, { reason: 'Erreur de dates' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.totalInclVat + partial.totalInclVat).toBe(-final.totalInclVat);
    const view = (await t.admin.get(`/rest/bill/view/${final.id}`)).body;
    expect(view).toMatchObject({ state: 'cancelled', remaining: 0 });
    expect(view.creditNotes).toHaveLength(2);
    r = await t.admin.put(`/rest/occupancy/${stay.occupancyId}`, { endDate: '2031-07-09' });
    expect(r.status, r.text).toBe(200);
    // a new final bill: the new price, still minus the deposit
    r = await bill(stay.bookingId, { kind: 'final' });
    expect(r.status, r.text).toBe(200);
    const total = (await t.knex('booking').where('id', stay.bookingId).first('totalAmount')).totalAmount;
    expect(r.body.totalInclVat + deposit.totalInclVat).toBe(total);
  });
});

describe('what a bill needs', () => {
  it('refuses a stay without price, a quote, and a deposit above the stay', async () => {
    const s = await bookStay(t, c, c.places[1], '2031-06-05', '2031-06-07');
    expectRefused(
      await bill(s.bookingId, { kind: 'deposit', amount: s.total + 1 }),
      'BILL_DEPOSIT_AMOUNT_INVALID',
      'amount',
    );
    expectRefused(await bill(s.bookingId, { kind: 'deposit', amount: 0 }), 'BILL_DEPOSIT_AMOUNT_INVALID');
    expect((await bill(s.bookingId, { kind: 'other' })).status).toBe(400);
    const q = await postOk(t.admin, '/rest/booking/create', {
      kind: 'quote',
      customerId: c.customer,
      occupancies: [
        {
          placeId: c.places[1],
          startDate: '2031-08-05',
          endDate: '2031-08-07',
          details: [{ ageCategoryId: c.adult, quantity: 2 }],
        },
      ],
    });
    expectRefused(await bill(q.booking.id, { kind: 'final' }), 'BILL_STAY_NOT_BILLABLE');
    expect((await bill(999999, { kind: 'final' })).status).toBe(404);
  });

  it('answers the §8 message when the establishment or the customer lacks legal data', async () => {
    const s = await bookStay(t, c, c.places[2], '2031-06-10', '2031-06-12');
    await t.knex('establishment').update({ siren: null });
    expectRefused(await bill(s.bookingId, { kind: 'final' }), 'COMPANY_SIREN_REQUIRED');
    await t.knex('establishment').update({ siren: COMPANY.siren, capital: null });
    expectRefused(await bill(s.bookingId, { kind: 'final' }), 'COMPANY_CAPITAL_REQUIRED');
    await t.knex('establishment').update(COMPANY);
    const bare = (await postOk(t.admin, '/rest/customer', { lastName: 'Sansadresse' })).id;
    const s2 = await bookStay(t, c, c.places[3], '2031-06-10', '2031-06-12', bare);
    expectRefused(await bill(s2.bookingId, { kind: 'final' }), 'CUSTOMER_ADDRESS_REQUIRED', 'address1');
    const de = (await t.knex('country').where('isoCode', 'DE').first('id'))?.id;
    if (de) {
      const gmbh = (
        await postOk(t.admin, '/rest/customer', {
          lastName: 'Weber',
          companyName: 'Weber GmbH',
          isLegalEntity: true,
          address1: 'Hauptstr. 1',
          postalCode: '10115',
          town: 'Berlin',
          countryId: de,
        })
      ).id;
      const s3 = await bookStay(t, c, c.places[4], '2031-06-10', '2031-06-12', gmbh);
      expectRefused(await bill(s3.bookingId, { kind: 'final' }), 'CUSTOMER_VAT_REQUIRED', 'vatNumber');
    }
    // the counter did not move on refusals: the next bill takes the next number
    const before = await t.knex('bill_counter').where('series', 'invoice').first('lastNumber');
    const ok = await bill(s.bookingId, { kind: 'final' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.sequence).toBe(before.lastNumber + 1);
  });

  it('refuses a bill dated before the last one of its series', async () => {
    const s = await bookStay(t, c, c.places[5], '2031-06-14', '2031-06-16');
    // routes only issue bills dated today (money-bill-date.test.ts): the domain, as on an older day of an open year
    const older = `${todayParis().slice(0, 4)}-01-01`;
    await expect(billOn(t, s.bookingId, { kind: 'final' }, older)).rejects.toMatchObject({
      status: 400,
      code: 'BILL_EARLIER_THAN_LAST',
    });
  });

  it('keeps a numbering series’ prefix once it has numbered a bill', async () => {
    const counter = await t.knex('bill_counter').where('series', 'invoice').first('id');
    expectRefused(
      await t.admin.put(`/rest/bill-counter/${counter.id}`, { prefix: 'FACT' }),
      'INVOICE_PREFIX_USED',
      'prefix',
    );
  });
});

describe('payments', () => {
  it('records payments of a stay and answers paid and due; the planning sees them', async () => {
    const s = await bookStay(t, c, c.places[6], '2031-07-20', '2031-07-23');
    let r = await t.admin.post(
      '/rest/payment/edit',
      {
        id: 0,
        bookingId: s.bookingId,
        paymentMethodId: c.card,
        amount: 5000,
        date: '2031-07-01',
        cardHolder: 'C MARTIN',
        cardLast4: '4242',
        cardExpiry: '09/29',
      },
      { returnEditItem: 'true' },
    );
    expect(r.status, r.text).toBe(200);
    const card = r.body.item;
    expect(card.customerId).toBe(c.customer);
    r = await t.admin.post('/rest/payment/edit', {
      id: 0,
      bookingId: s.bookingId,
      paymentMethodId: c.card,
      amount: 100,
      date: '2031-07-01',
      cardNumber: '4242424242424242',
    });
    expect(r.status).toBe(400);
    r = await t.admin.post('/rest/payment/edit', {
      id: 0,
      bookingId: s.bookingId,
      paymentMethodId: c.card,
      amount: 100,
      date: '2031-07-01',
      cardLast4: '4242424242424242',
    });
    expect(r.status).toBe(400);
    let bal = (await t.admin.get(`/rest/booking/${s.bookingId}/balance`)).body;
    expect(bal).toMatchObject({ stayTotal: s.total, paid: 5000, due: s.total - 5000, isBilled: false, overdue: null });
    // past its balance date, all that is due is late
    await t.knex('booking').where('id', s.bookingId).update({ balanceDueDate: '2031-06-20' });
    expect((await t.admin.get(`/rest/booking/${s.bookingId}/balance`)).body.overdue).toEqual(
      todayParis() > '2031-06-20' ? { amount: s.total - 5000, since: '2031-06-20' } : null,
    );
    await t.knex('booking').where('id', s.bookingId).update({ balanceDueDate: '2020-01-01' });
    expect((await t.admin.get(`/rest/booking/${s.bookingId}/balance`)).body.overdue).toEqual({
      amount: s.total - 5000,
      since: '2020-01-01',
    });
    const f = await bill(s.bookingId, { kind: 'final' });
    expect(f.status, f.text).toBe(200);
    const cheque = await postOk(t.admin, '/rest/payment/edit', {
      id: 0,
      bookingId: s.bookingId,
      paymentMethodId: c.cheque,
      amount: s.total - 5000,
      date: '2031-07-23',
      chequeNumber: '0012345',
      chequeHolder: 'Claire Martin',
      chequeBank: 'Banque Postale',
      payingInstitution: 'La Banque Postale',
    });
    bal = (await t.admin.get(`/rest/booking/${s.bookingId}/balance`)).body;
    expect(bal).toMatchObject({ billed: s.total, paid: s.total, due: 0, isBilled: true });
    expect(bal.paid + bal.due).toBe(bal.billed);
    expect(cheque.status).toBe('SAVED');
    // the planning's payment view now has a source: the bar of this stay is paid
    expect((await t.admin.get('/rest/planning/setup')).body.paymentsTracked).toBe(true);
    const w = (await t.admin.get(`/rest/planning/window?from=2031-07-18&to=2031-07-26&placeIds=${c.places[6]}`)).body;
    const at = w.occupancyFields.indexOf('payment');
    const bar = w.occupancies.find((o: any[]) => o[4] === s.bookingId);
    expect(at).toBeGreaterThan(0);
    expect(bar[at]).toBe('paid');
  });

  it('never changes a remitted, exported or grouped payment (API and plain SQL)', async () => {
    const s = await bookStay(t, c, c.places[7], '2031-08-20', '2031-08-22');
    const p = (
      await t.admin.post(
        '/rest/payment/edit',
        {
          id: 0,
          bookingId: s.bookingId,
          paymentMethodId: c.cheque,
          amount: 2000,
          date: '2031-08-01',
          chequeNumber: '77',
          chequeHolder: 'Claire Martin',
          payingInstitution: 'Banque',
        },
        { returnEditItem: 'true' },
      )
    ).body.item;
    await postOk(t.admin, '/rest/bank-deposit/create', {
      paymentMethodId: c.cheque,
      paymentIds: [p.id],
      date: '2031-08-02',
      number: `R-${p.id}`,
    });
    expectRefused(await t.admin.put(`/rest/payment/${p.id}`, { amount: 1000 }), 'PAYMENT_DEPOSITED');
    expectRefused(await t.admin.post(`/rest/payment/delete/${p.id}`), 'PAYMENT_DEPOSITED');
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 1 WHERE id = ?', [p.id])).toMatch(/PAYMENT_DEPOSITED/);
    expect(await sqlError(t.knex, 'DELETE FROM payment WHERE id = ?', [p.id])).toMatch(/PAYMENT_DEPOSITED/);
    const q = (
      await t.admin.post(
        '/rest/payment/edit',
        { id: 0, bookingId: s.bookingId, paymentMethodId: c.card, amount: 300, date: '2031-08-01' },
        { returnEditItem: 'true' },
      )
    ).body.item;
    await t.knex('payment').where('id', q.id).update({ isExported: true });
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 1 WHERE id = ?', [q.id])).toMatch(/PAYMENT_EXPORTED/);
    const g = (
      await t.admin.post(
        '/rest/payment/edit',
        { id: 0, bookingId: s.bookingId, paymentMethodId: c.card, amount: 400, date: '2031-08-01' },
        { returnEditItem: 'true' },
      )
    ).body.item;
    await t.knex('payment').where('id', g.id).update({ isGrouped: true, groupedPaymentId: q.id });
    expect(await sqlError(t.knex, 'DELETE FROM payment WHERE id = ?', [g.id])).toMatch(/PAYMENT_GROUPED/);
    // a payment still at hand changes
    const h = (
      await t.admin.post(
        '/rest/payment/edit',
        { id: 0, bookingId: s.bookingId, paymentMethodId: c.card, amount: 500, date: '2031-08-01' },
        { returnEditItem: 'true' },
      )
    ).body.item;
    const r = await t.admin.put(`/rest/payment/${h.id}`, { amount: 600 });
    expect(r.status, r.text).toBe(200);
  });
});

describe('online bookings', () => {
  it('the amount paid on the channel becomes a payment of the stay when it is integrated', async () => {
    const channel = (await t.knex('access_channel').where('code', 'WEB').first('id')).id;
    const ref = `WEB-${Date.now() % 100000}`;
    const imp = await postOk(t.admin, '/rest/booking-import', {
      accessChannelId: channel,
      externalRef: ref,
      lastName: 'Internaute',
      firstName: 'Zoé',
      placeTypeId: c.type,
      startDate: '2031-06-20',
      endDate: '2031-06-24',
      adults: 2,
      amount: 48600,
    });
    await postOk(t.admin, `/rest/booking-import/${imp.id}/accept`, {});
    const done = await postOk(t.admin, `/rest/booking-import/${imp.id}/integrate`, {});
    const payments = await t
      .knex('payment')
      .where('bookingId', done.bookingId)
      .select('amount', 'payerType', 'category', 'notes');
    expect(payments).toEqual([
      { amount: 48600, payerType: 'partner', category: 'down-payment', notes: `Réservation en ligne ${ref}` },
    ]);
    expect((await t.admin.get(`/rest/booking/${done.bookingId}/balance`)).body.paid).toBe(48600);
  });
});

describe('bank deposits', () => {
  it('remits the chosen cheques under a unique number; they no longer change', async () => {
    const s = await bookStay(t, c, c.places[3], '2031-09-01', '2031-09-03');
    const pay = async (amount: number, extra: Record<string, unknown> = {}) =>
      (
        await t.admin.post(
          '/rest/payment/edit',
          {
            id: 0,
            bookingId: s.bookingId,
            paymentMethodId: c.cheque,
            amount,
            date: '2031-08-25',
            chequeHolder: 'Claire Martin',
            payingInstitution: 'Banque',
            ...extra,
          },
          // more than this stay owes, knowingly (money-overpayment.test.ts)
          { returnEditItem: 'true', 'X-Confirm': 'overpayment' },
        )
      ).body.item.id as number;
    const a = await pay(3000, { chequeNumber: '101' }),
      b = await pay(4500, { chequeNumber: '102' });
    const later = await pay(2000, { chequeNumber: '103', doNotRemitBefore: '2031-09-15' });
    const cardPay = (
      await t.admin.post(
        '/rest/payment/edit',
        { id: 0, bookingId: s.bookingId, paymentMethodId: c.card, amount: 100, date: '2031-08-25' },
        { returnEditItem: 'true', 'X-Confirm': 'overpayment' },
      )
    ).body.item.id;
    const offered = (await t.admin.get(`/rest/bank-deposit/candidates/${c.cheque}`)).body.map((p: any) => p.id);
    expect(offered).toEqual(expect.arrayContaining([a, b, later]));
    expect(offered).not.toContain(cardPay);
    expectRefused(
      await t.admin.post('/rest/bank-deposit/create', {
        paymentMethodId: c.cheque,
        paymentIds: [a, cardPay],
        date: '2031-09-01',
      }),
      'DEPOSIT_PAYMENTS_INVALID',
      'paymentIds',
    );
    expectRefused(
      await t.admin.post('/rest/bank-deposit/create', {
        paymentMethodId: c.cheque,
        paymentIds: [a, later],
        date: '2031-09-01',
      }),
      'DEPOSIT_CHEQUE_TOO_EARLY',
    );
    expectRefused(
      await t.admin.post('/rest/bank-deposit/create', {
        paymentMethodId: c.card,
        paymentIds: [cardPay],
        date: '2031-09-01',
      }),
      'DEPOSIT_METHOD_NOT_BANKABLE',
      'paymentMethodId',
    );
    let r = await t.admin.post('/rest/bank-deposit/create', {
      paymentMethodId: c.cheque,
      paymentIds: [a, b],
      date: '2031-09-01',
    });
    expect(r.status, r.text).toBe(200);
    const first = r.body;
    expect(r.body).toMatchObject({ number: 'R203109-001', totalAmount: 7500, paymentCount: 2 });
    expect(r.body.payments.map((p: any) => p.id).sort()).toEqual([a, b].sort());
    expectRefused(await t.admin.put(`/rest/payment/${a}`, { amount: 1 }), 'PAYMENT_DEPOSITED');
    expectRefused(
      await t.admin.post('/rest/bank-deposit/create', {
        paymentMethodId: c.cheque,
        paymentIds: [b],
        date: '2031-09-01',
      }),
      'DEPOSIT_PAYMENTS_INVALID',
    );
    r = await t.admin.post('/rest/bank-deposit/create', {
      paymentMethodId: c.cheque,
      paymentIds: [later],
      date: '2031-09-15',
      number: 'R203109-001',
    });
    expectRefused(r, 'DEPOSIT_NUMBER_USED', 'number');
    expect((await t.knex('payment').where('id', later).first('isDeposited')).isDeposited).toBe(false);
    r = await t.admin.post('/rest/bank-deposit/create', {
      paymentMethodId: c.cheque,
      paymentIds: [later],
      date: '2031-09-15',
    });
    expect(r.body.number).toBe('R203109-002');
    expect((await t.admin.get(`/rest/bank-deposit/view/${r.body.id}`)).body.payments).toHaveLength(1);
    // the deposit slip
    const slip = await fetch(`${t.url}/rest/bank-deposit/document/${first.id}`, {
      headers: { Cookie: t.admin.cookie! },
    });
    expect(slip.headers.get('content-type')).toMatch(/application\/pdf/);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await slip.arrayBuffer()) })
      .toString()
      .replace(/\s+/g, ' ');
    for (const m of [
      'Bordereau de remise en banque N° R203109-001',
      '101',
      '102',
      '2 paiements',
      'Total remis : 75,00 €',
    ])
      expect(text, m).toContain(m);
  });
});

describe('the bill as a PDF', () => {
  it('carries every legal mention, and a reprint (POST) is the stored DUPLICATA', async () => {
    const s = await bookStay(t, c, c.places[6], '2031-08-01', '2031-08-04');
    const b = (await bill(s.bookingId, { kind: 'final' })).body;
    const first = await fetch(`${t.url}/rest/bill/document/${b.id}`, {
      method: 'POST',
      headers: { Cookie: t.admin.cookie! },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/application\/pdf/);
    const pdf = Buffer.from(await first.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/pdfaid:part>3</);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
    const flat = text.replace(/\s+/g, ' ');
    for (const mention of [
      COMPANY.corporateName,
      COMPANY.address1,
      `${COMPANY.postalCode} ${COMPANY.town}`,
      `SIREN ${COMPANY.siren}`,
      `SIRET ${COMPANY.siret}`,
      COMPANY.vatNumber,
      'SARL au capital de',
      'RCS Mont-de-Marsan',
      'Claire Martin',
      '5 rue des Lilas',
      '33000 Bordeaux',
      `FACTURE N° ${b.number}`,
      "Date d'émission",
      'du 01/08/2031 au 04/08/2031',
      'Qté',
      'PU HT',
      'TVA',
      '10 %',
      'hors TVA',
      'Taxe de séjour',
      'Total HT',
      'Total TVA',
      'Total TTC',
      'Conditions de paiement',
      'Pénalités de retard',
    ])
      expect(flat, mention).toContain(mention);
    expect(flat).not.toContain('DUPLICATA');
    const again = Buffer.from(
      await (
        await fetch(`${t.url}/rest/bill/document/${b.id}`, { method: 'POST', headers: { Cookie: t.admin.cookie! } })
      ).arrayBuffer(),
    );
    expect(execFileSync('pdftotext', ['-', '-'], { input: again }).toString()).toContain('DUPLICATA');
    const third = Buffer.from(
      await (
        await fetch(`${t.url}/rest/bill/document/${b.id}`, { method: 'POST', headers: { Cookie: t.admin.cookie! } })
      ).arrayBuffer(),
    );
    expect(third.equals(again)).toBe(true);
  });

  it('prints the 40 € recovery indemnity for a business customer', async () => {
    const firm = (
      await postOk(t.admin, '/rest/customer', {
        lastName: 'Durand',
        companyName: 'Durand SAS',
        isLegalEntity: true,
        address1: '1 quai',
        postalCode: '69001',
        town: 'Lyon',
        vatNumber: 'FR12345678901',
      })
    ).id;
    const s = await bookStay(t, c, c.places[5], '2031-08-10', '2031-08-12', firm);
    const b = (await bill(s.bookingId, { kind: 'final' })).body;
    const pdf = Buffer.from(
      await (
        await fetch(`${t.url}/rest/bill/document/${b.id}`, { method: 'POST', headers: { Cookie: t.admin.cookie! } })
      ).arrayBuffer(),
    );
    const flat = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
    expect(flat).toContain('Durand SAS');
    expect(flat).toContain('FR12345678901');
    expect(flat).toContain('40 €');
  });
});

describe('rights', () => {
  it('needs invoice.bill to issue or read a bill', async () => {
    const s = await bookStay(t, c, c.places[4], '2031-08-24', '2031-08-26');
    const reader = (
      await userWithRights(t, { rights: { 'invoice.bill': { rights: '001' }, 'booking.booking': { rights: '111' } } })
    ).client;
    expect((await reader.post(`/rest/booking/${s.bookingId}/bill`, { kind: 'final' })).status).toBe(401);
    expect(await t.knex('bill').where('bookingId', s.bookingId).count({ n: '*' })).toEqual([{ n: 0 }]);
    const b = (await bill(s.bookingId, { kind: 'final' })).body;
    expect((await reader.get(`/rest/bill/view/${b.id}`)).status).toBe(200);
    const none = (await userWithRights(t, { rights: { 'booking.booking': { rights: '111' } } })).client;
    expect((await none.get(`/rest/bill/view/${b.id}`)).status).toBe(401);
    expect((await none.get(`/rest/bill/document/${b.id}`)).status).toBe(401);
    expect((await t.client().post(`/rest/booking/${s.bookingId}/bill`, { kind: 'final' })).status).toBe(403);
  });
});

describe('merging duplicate customers', () => {
  it('refuses to merge away a customer who has bills, and changes nothing', async () => {
    expect(await t.knex('bill').where('customerId', c.customer).first('id')).toBeTruthy();
    const other = await postOk(t.admin, '/rest/customer', { lastName: 'Doublon', firstName: 'Claire' });
    const r = await t.admin.post('/rest/customer/transfer', { fromCustomerId: c.customer, toCustomerId: other.id });
    expect(r.status, r.text).toBe(400);
    expect(r.body.code).toBe('TRANSFER_KEPT_RECORDS');
    expect(await t.knex('customer').where('id', c.customer).first('id')).toBeTruthy();
    expect(await t.knex('booking').where('customerId', other.id).first('id')).toBeUndefined();
  });
});
