// Payments, bank and cash over HTTP on a real database (api/domain/billing): no full card
// number anywhere, cheque fields and the cheque distribution, holiday-voucher commission
// from the « fees » preference, a credit note used as payment, gift vouchers without a
// redeemer, grouped payments, arrhes/acompte VAT, bank deposits (types, month list, slip
// disposition) and their guarantees in plain SQL, the cash fund of a day, expenses,
// injections, starting bases and the cash and bank journal; the « sale » preferences
// followed by the till (customer required, its methods, the ticket footer).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { formatMessage } from '../../common/messages';
import { formatCents } from '../../common/money';
import { startTestServer, type Client, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { createdThroughEdit, expectRefused, unique } from './http-helpers';
import { openTill } from './till-fixtures';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const today = todayParis();

// These payments test other rules on small stays: they are recorded knowingly even beyond
// what the stay owes (the overpayment check has its own file, money-overpayment.test.ts).
const KNOWINGLY = { 'X-Confirm': 'overpayment' };
const pay = (body: Record<string, unknown>) => t.admin.post('/rest/payment', { date: today, ...body }, KNOWINGLY);
async function postOk(client: Client, path: string, body: unknown): Promise<any> {
  const r = await client.post(path, body, KNOWINGLY);
  expect(r.status, `${path} ${r.text}`).toBe(200);
  return r.body;
}
const CHEQUE = { chequeNumber: '0001234', chequeHolder: 'Claire Martin', payingInstitution: 'Banque des Landes' };

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 8);
});
afterAll(async () => {
  await t?.close();
});

describe('card payments keep no card number', () => {
  it('refuses a full card number in any text, and unknown card fields', async () => {
    const { bookingId } = await bookStay(t, c, c.places[0], '2031-07-01', '2031-07-03');
    expectRefused(
      await pay({ bookingId, paymentMethodId: c.card, amount: 1000, notes: 'carte 4111 1111 1111 1111 exp 12/30' }),
      'CARD_NUMBER_FORBIDDEN',
      'notes',
    );
    expectRefused(
      await pay({ bookingId, paymentMethodId: c.card, amount: 1000, cardHolder: '5500-0000-0000-0004' }),
      'CARD_NUMBER_FORBIDDEN',
      'cardHolder',
    );
    const full = await pay({
      bookingId,
      paymentMethodId: c.card,
      amount: 1000,
      cardNumber: '4111111111111111',
      cryptogram: '123',
    });
    expect(full.status).toBe(400);
    expectRefused(
      await pay({ bookingId, paymentMethodId: c.card, amount: 1000, cardLast4: '4111111111111111' }),
      'VALIDATION_FAILED',
    );
    // An IBAN or a long reference is not a card number.
    const ok = await pay({
      bookingId,
      paymentMethodId: c.card,
      amount: 1000,
      cardHolder: 'Claire Martin',
      cardLast4: '1111',
      cardExpiry: '12/30',
      notes: 'virement FR7630006000011234567890189',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ cardLast4: '1111', cardExpiry: '12/30', cardHolder: 'Claire Martin' });
    const cols = (
      await t.knex.raw(`SELECT column_name FROM information_schema.columns WHERE table_name = 'payment'`)
    ).rows.map((r: any) => r.column_name);
    expect(cols.filter((n: string) => /card_number|crypto|cvv|pan/.test(n))).toEqual([]);
  });
});

describe('cheques', () => {
  it('needs the §5 fields, and several cheques must add up to the amount expected', async () => {
    const { bookingId } = await bookStay(t, c, c.places[1], '2031-07-05', '2031-07-09');
    expectRefused(
      await pay({ bookingId, paymentMethodId: c.cheque, amount: 5000, chequeNumber: '12' }),
      'CHEQUE_FIELDS_REQUIRED',
      'chequeHolder',
    );
    const later = '2031-08-01';
    const cheques = [
      { amount: 10000, ...CHEQUE, chequeNumber: 'A1' },
      { amount: 10000, ...CHEQUE, chequeNumber: 'A2', doNotRemitBefore: later },
      { amount: 5000, ...CHEQUE, chequeNumber: 'A3', doNotRemitBefore: later },
    ];
    const off = await t.admin.post('/rest/payment/cheques', {
      bookingId,
      paymentMethodId: c.cheque,
      expectedAmount: 30000,
      cheques,
    });
    expect(off.status).toBe(400);
    expect(off.body.code).toBe('CHEQUE_DISTRIBUTION_MISMATCH');
    expect(off.body.message).toBe(
      formatMessage('CHEQUE_DISTRIBUTION_MISMATCH', { total: formatCents(25000), expected: formatCents(30000) }),
    );
    expect(
      Number((await t.knex('payment').where({ bookingId, paymentMethodId: c.cheque }).count({ n: '*' }).first())?.n),
    ).toBe(0);
    const made = await postOk(t.admin, '/rest/payment/cheques', {
      bookingId,
      paymentMethodId: c.cheque,
      expectedAmount: 25000,
      category: 'down-payment',
      downPaymentNature: 'acompte',
      cheques,
    });
    expect(made.map((p: any) => [p.amount, p.chequeNumber, p.doNotRemitBefore, p.downPaymentNature])).toEqual([
      [10000, 'A1', null, 'acompte'],
      [10000, 'A2', later, 'acompte'],
      [5000, 'A3', later, 'acompte'],
    ]);
    // The deferred cheques stay out of a deposit made today.
    const early = await t.admin.post('/rest/bank-deposit/create', {
      paymentMethodId: c.cheque,
      paymentIds: made.map((p: any) => p.id),
    });
    expect(early.body.code).toBe('DEPOSIT_CHEQUE_TOO_EARLY');
    const dep = await postOk(t.admin, '/rest/bank-deposit/create', {
      paymentMethodId: c.cheque,
      paymentIds: [made[0].id],
    });
    expect(dep).toMatchObject({ totalAmount: 10000, paymentCount: 1, depositType: 'cheque', slipType: 'detailed' });
  });
});

describe('holiday vouchers, credit notes, gift vouchers', () => {
  it('puts the commission of the fees preference on holiday vouchers', async () => {
    const ancv = (
      await postOk(t.admin, '/rest/payment-method', {
        label: unique('ANCV '),
        kind: 'holiday-voucher',
        isBankable: true,
      })
    ).id;
    const { bookingId } = await bookStay(t, c, c.places[2], '2031-07-10', '2031-07-12');
    const p1 = await postOk(t.admin, '/rest/payment', {
      bookingId,
      paymentMethodId: ancv,
      amount: 10000,
      date: today,
      ...CHEQUE,
    });
    expect(p1.commissionAmount).toBe(250); // 2,5 % by default
    const prefs = (await t.admin.get('/rest/finance-preference/current')).body;
    expect(prefs).toMatchObject({ id: 0, holidayVoucherCommissionBp: 250 });
    await createdThroughEdit(t.admin, 'preference/finance', {
      holidayVoucherCommissionBp: 100,
      cashDifferenceTolerance: 200,
    });
    const p2 = await postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: ancv, amount: 5000, date: today });
    expect(p2.commissionAmount).toBe(50);
    expectRefused(
      await pay({ bookingId, paymentMethodId: ancv, amount: 5000, commissionAmount: 6000 }),
      'COMMISSION_EXCEEDS_AMOUNT',
      'commissionAmount',
    );
    const dep = await postOk(t.admin, '/rest/bank-deposit/create', {
      paymentMethodId: ancv,
      paymentIds: [p1.id, p2.id],
    });
    expect(dep).toMatchObject({ depositType: 'holiday-voucher', totalAmount: 15000 });
  });

  it('uses a credit note as payment, never beyond its amount', async () => {
    const { bookingId, total } = await bookStay(t, c, c.places[3], '2031-07-14', '2031-07-16');
    const bill = await postOk(t.admin, `/rest/booking/${bookingId}/bill`, { kind: 'final' });
    const credit = await postOk(t.admin, `/rest/bill/${bill.id}/credit-note`, {
      reason: 'Geste commercial',
      lines: [{ billLineId: bill.lines[0].id, quantity: 1 }],
    });
    const avoir = (await postOk(t.admin, '/rest/payment-method', { label: unique('Avoir '), kind: 'credit-note' })).id;
    const other = await bookStay(t, c, c.places[4], '2031-07-20', '2031-07-22');
    expectRefused(
      await pay({ bookingId: other.bookingId, paymentMethodId: avoir, amount: 100 }),
      'CREDIT_NOTE_PAYMENT_INVALID',
      'creditNoteBillId',
    );
    expectRefused(
      await pay({ bookingId: other.bookingId, paymentMethodId: avoir, amount: 100, creditNoteBillId: bill.id }),
      'CREDIT_NOTE_PAYMENT_INVALID',
      'creditNoteBillId',
    );
    const amount = -credit.totalInclVat;
    // the payment dialog's picker: the customer's credit notes with what is left of each
    expect((await t.admin.get(`/rest/booking/${other.bookingId}/balance`)).body.usableCreditNotes).toEqual([
      expect.objectContaining({ id: credit.id, number: credit.number, remaining: amount }),
    ]);
    const over = await pay({
      bookingId: other.bookingId,
      paymentMethodId: avoir,
      amount: amount + 1,
      creditNoteBillId: credit.id,
    });
    expect(over.body.code).toBe('CREDIT_NOTE_EXHAUSTED');
    expect(
      (
        await pay({
          bookingId: other.bookingId,
          paymentMethodId: avoir,
          amount: amount - 100,
          creditNoteBillId: credit.id,
        })
      ).status,
    ).toBe(200);
    expect(
      (await pay({ bookingId: other.bookingId, paymentMethodId: avoir, amount: 101, creditNoteBillId: credit.id })).body
        .code,
    ).toBe('CREDIT_NOTE_EXHAUSTED');
    expect(
      (await pay({ bookingId: other.bookingId, paymentMethodId: avoir, amount: 100, creditNoteBillId: credit.id }))
        .status,
    ).toBe(200);
    expect((await t.admin.get(`/rest/booking/${other.bookingId}/balance`)).body.usableCreditNotes).toEqual([]);
    expect(total).toBeGreaterThan(0);
  });

  it('refuses a gift voucher while no sales module redeems vouchers', async () => {
    const gift = (await postOk(t.admin, '/rest/payment-method', { label: unique('Bon cadeau '), kind: 'gift' })).id;
    const { bookingId } = await bookStay(t, c, c.places[5], '2031-07-24', '2031-07-26');
    expectRefused(
      await pay({ bookingId, paymentMethodId: gift, amount: 1000 }),
      'GIFT_VOUCHER_CODE_REQUIRED',
      'giftVoucherCode',
    );
    const r = await pay({ bookingId, paymentMethodId: gift, amount: 1000, giftVoucherCode: 'NOPE-1' });
    expect(r.status).toBe(400);
    expect(['GIFT_VOUCHER_UNAVAILABLE', 'GIFT_VOUCHER_NOT_FOUND', 'GIFT_VOUCHER_EXPIRED']).toContain(r.body.code);
  });
});

describe('arrhes and acompte: VAT at payment', () => {
  it("spreads a payment over the stay's VAT rates, to the cent", async () => {
    const { bookingId } = await bookStay(t, c, c.places[6], '2031-08-02', '2031-08-05');
    const p = await postOk(t.admin, '/rest/payment', {
      bookingId,
      paymentMethodId: c.card,
      amount: 3333,
      date: today,
      category: 'down-payment',
      downPaymentNature: 'arrhes',
    });
    const vat = (await t.admin.get(`/rest/payment/vat/${p.id}`)).body;
    expect(vat.downPaymentNature).toBe('arrhes');
    expect(vat.lines.reduce((s: number, l: any) => s + l.amountInclVat, 0)).toBe(3333);
    const ten = vat.lines.find((l: any) => l.vatRateBp === 1000);
    expect(ten.vatAmount).toBe(Math.round((ten.amountInclVat * 1000) / 11000));
    // Not a down payment: the nature is the legal default, meaningless.
    const q = await postOk(t.admin, '/rest/payment', {
      bookingId,
      paymentMethodId: c.card,
      amount: 100,
      date: today,
      downPaymentNature: 'acompte',
    });
    expect(q.downPaymentNature).toBe('arrhes');
  });
});

describe('grouped payments', () => {
  it('groups free payments under the grouped method; they are frozen, balances unchanged', async () => {
    const a = await bookStay(t, c, c.places[7], '2031-08-10', '2031-08-12');
    const b = await bookStay(t, c, c.places[7], '2031-08-14', '2031-08-16');
    const p1 = await postOk(t.admin, '/rest/payment', {
      bookingId: a.bookingId,
      paymentMethodId: c.card,
      amount: 2000,
      date: today,
    });
    const p2 = await postOk(t.admin, '/rest/payment', {
      bookingId: b.bookingId,
      paymentMethodId: c.card,
      amount: 3000,
      date: today,
    });
    // The reference data may bring a grouped method: out of the way first.
    await t.knex('payment_method').where('kind', 'grouped').update({ isActive: false });
    expect((await t.admin.post('/rest/payment/group', { paymentIds: [p1.id, p2.id] })).body.code).toBe(
      'GROUPED_METHOD_UNDEFINED',
    );
    const grouped = (
      await postOk(t.admin, '/rest/payment-method', { label: unique('Groupé '), kind: 'grouped', isBankable: true })
    ).id;
    expectRefused(
      await pay({ bookingId: a.bookingId, paymentMethodId: grouped, amount: 100 }),
      'GROUP_PAYMENTS_INVALID',
      'paymentMethodId',
    );
    const balanceBefore = (await t.admin.get(`/rest/booking/${a.bookingId}/balance`)).body.paid;
    const g = await postOk(t.admin, '/rest/payment/group', { paymentIds: [p1.id, p2.id] });
    expect(g).toMatchObject({ amount: 5000, paymentMethodId: grouped, bookingId: null });
    expect(g.payments.map((p: any) => [p.isGrouped, p.groupedPaymentId])).toEqual([
      [true, g.id],
      [true, g.id],
    ]);
    expect((await t.admin.get(`/rest/booking/${a.bookingId}/balance`)).body.paid).toBe(balanceBefore);
    expect((await t.admin.post('/rest/payment/group', { paymentIds: [p1.id, p2.id] })).body.code).toBe(
      'GROUP_PAYMENTS_INVALID',
    );
    expect((await t.admin.put(`/rest/payment/${p1.id}`, { amount: 1 })).body.code).toBe('PAYMENT_GROUPED');
    expect((await t.admin.del(`/rest/payment/${p1.id}`)).body.code).toBe('PAYMENT_GROUPED');
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 1 WHERE id = ?', [p1.id])).toMatch('PAYMENT_GROUPED');
    expect(
      await sqlError(t.knex, 'UPDATE payment SET is_grouped = false, grouped_payment_id = NULL WHERE id = ?', [p1.id]),
    ).toMatch('PAYMENT_GROUPED');
    expect(await sqlError(t.knex, 'DELETE FROM payment WHERE id = ?', [g.id])).toMatch('PAYMENT_GROUPED');
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 1 WHERE id = ?', [g.id])).toMatch('PAYMENT_GROUPED');
  });
});

describe('bank deposits, guaranteed by the database', () => {
  let deposit: any;
  let payment: any;

  it('remits, lists the month, hands the slip out as the print-mode preference says', async () => {
    const { bookingId } = await bookStay(t, c, c.places[0], '2031-08-20', '2031-08-22');
    payment = await postOk(t.admin, '/rest/payment', {
      bookingId,
      paymentMethodId: c.cheque,
      amount: 4200,
      date: today,
      ...CHEQUE,
    });
    expectRefused(
      await t.admin.post('/rest/bank-deposit', { number: 'X1', date: today, paymentMethodId: c.cheque }),
      'DEPOSIT_CREATE_THROUGH_SCREEN',
    );
    deposit = await postOk(t.admin, '/rest/bank-deposit/create', {
      paymentMethodId: c.cheque,
      paymentIds: [payment.id],
      slipType: 'summary',
    });
    expect(deposit.slipType).toBe('summary');
    const month = (await t.admin.get(`/rest/bank-deposit/month/${today.slice(0, 7)}`)).body;
    expect(month.rows.map((r: any) => r.id)).toContain(deposit.id);
    expect(month.total).toBe(month.rows.reduce((s: number, r: any) => s + r.totalAmount, 0));
    expect((await t.admin.get('/rest/bank-deposit/month/2026-13')).status).toBe(400);
    let pdf = await t.admin.get(`/rest/bank-deposit/document/${deposit.id}`);
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline;/);
    const prefs = (await t.admin.get('/rest/finance-preference/current')).body;
    await postOk(t.admin, '/rest/preference/finance/edit', { ...prefs, documentDisposition: 'attachment' });
    pdf = await t.admin.get(`/rest/bank-deposit/document/${deposit.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('an automatic-remittance method needs a bank account', async () => {
    expectRefused(
      await t.admin.post('/rest/payment-method', {
        label: unique('Prélèvement '),
        kind: 'card',
        isAutoRemittance: true,
      }),
      'AUTO_REMITTANCE_NEEDS_BANK_ACCOUNT',
      'bankAccountId',
    );
    const bank = (await postOk(t.admin, '/rest/bank', { name: unique('Banque des Pins ') })).id;
    const account = (
      await postOk(t.admin, '/rest/bank-account', {
        label: unique('Compte courant '),
        bankId: bank,
        iban: 'FR7630006000011234567890189',
      })
    ).id;
    const auto = (
      await postOk(t.admin, '/rest/payment-method', {
        label: unique('Prélèvement '),
        kind: 'card',
        isAutoRemittance: true,
        bankAccountId: account,
      })
    ).id;
    const { bookingId } = await bookStay(t, c, c.places[6], '2031-09-10', '2031-09-12');
    const p = await postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: auto, amount: 4200, date: today });
    // remitted (not bankable by hand, but automatic) to the method's account
    const dep = await postOk(t.admin, '/rest/bank-deposit/create', { paymentMethodId: auto, paymentIds: [p.id] });
    expect(dep).toMatchObject({ bankAccountId: account, totalAmount: 4200, paymentCount: 1 });
  });

  it('refuses in plain SQL any change of a deposit or of what a deposited payment says', async () => {
    expect(await sqlError(t.knex, 'UPDATE bank_deposit SET total_amount = 1 WHERE id = ?', [deposit.id])).toMatch(
      'DEPOSIT_UNCHANGEABLE',
    );
    expect(await sqlError(t.knex, 'DELETE FROM bank_deposit WHERE id = ?', [deposit.id])).toMatch(
      'DEPOSIT_UNCHANGEABLE',
    );
    expect(await sqlError(t.knex, "UPDATE bank_deposit SET notes = 'ok' WHERE id = ?", [deposit.id])).toBe('no error');
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 1 WHERE id = ?', [payment.id])).toMatch(
      'PAYMENT_DEPOSITED',
    );
    expect(
      await sqlError(t.knex, 'UPDATE payment SET is_deposited = false, bank_deposit_id = NULL WHERE id = ?', [
        payment.id,
      ]),
    ).toMatch('PAYMENT_DEPOSITED');
    expect(await sqlError(t.knex, "UPDATE payment SET cheque_holder = 'X' WHERE id = ?", [payment.id])).toMatch(
      'PAYMENT_DEPOSITED',
    );
    expect(await sqlError(t.knex, 'DELETE FROM payment WHERE id = ?', [payment.id])).toMatch('PAYMENT_DEPOSITED');
    // Locking and changing in one statement; joining a deposit of another method; totals that lie.
    const free = await postOk(t.admin, '/rest/payment', {
      customerId: c.customer,
      paymentMethodId: c.card,
      amount: 700,
      date: today,
    });
    expect(await sqlError(t.knex, 'UPDATE payment SET is_exported = true, amount = 1 WHERE id = ?', [free.id])).toMatch(
      'PAYMENT_EXPORTED',
    );
    expect(
      await sqlError(t.knex, 'UPDATE payment SET is_deposited = true, bank_deposit_id = ? WHERE id = ?', [
        deposit.id,
        free.id,
      ]),
    ).toMatch('DEPOSIT_PAYMENTS_INVALID');
    expect(
      await sqlError(
        t.knex,
        `INSERT INTO bank_deposit (number, date, payment_method_id, total_amount, payment_count) VALUES ` +
          `('FAUX-1', ?, ?, 999, 1)`,
        [today, c.cheque],
      ),
    ).toMatch('DEPOSIT_PAYMENTS_INVALID');
    const cheque2 = await postOk(t.admin, '/rest/payment', {
      customerId: c.customer,
      paymentMethodId: c.cheque,
      amount: 800,
      date: today,
      ...CHEQUE,
    });
    expect(
      await sqlError(t.knex, 'UPDATE payment SET is_deposited = true, bank_deposit_id = ? WHERE id = ?', [
        deposit.id,
        cheque2.id,
      ]),
    ).toMatch('DEPOSIT_PAYMENTS_INVALID');
    // An export is released only by the export's deletion, which says so.
    await t.knex.raw('UPDATE payment SET is_exported = true WHERE id = ?', [free.id]);
    expect(await sqlError(t.knex, 'UPDATE payment SET is_exported = false WHERE id = ?', [free.id])).toMatch(
      'PAYMENT_EXPORTED',
    );
    await t.knex.transaction(async (trx) => {
      await trx.raw("SET LOCAL bivouac.release_export = 'on'");
      await trx.raw('UPDATE payment SET is_exported = false WHERE id = ?', [free.id]);
    });
    expect((await t.knex('payment').where('id', free.id).first('isExported')).isExported).toBe(false);
  });
});

describe('cash fund, expenses, injections, starting base, journal', () => {
  it('counts the till against what is expected, with the tolerance of the result preference', async () => {
    const cash = (
      await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash', isBankable: true })
    ).id;
    const ym = today.slice(0, 7);
    expectRefused(
      await t.admin.post('/rest/starting-base', { yearMonth: ym, paymentMethodId: c.card, amount: 100 }),
      'CASH_METHOD_REQUIRED',
    );
    await postOk(t.admin, '/rest/starting-base', { yearMonth: ym, paymentMethodId: cash, amount: 15000 });
    expect(
      (await t.admin.post('/rest/starting-base', { yearMonth: ym, paymentMethodId: cash, amount: 1 })).status,
    ).toBe(400);
    const bases = (await t.admin.get(`/rest/starting-base/month/${ym}`)).body;
    expect(bases.find((b: any) => b.paymentMethodId === cash).base.amount).toBe(15000);
    const { bookingId } = await bookStay(t, c, c.places[1], '2031-08-24', '2031-08-26');
    const p = await postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: cash, amount: 8000, date: today });
    const expenseType = (await postOk(t.admin, '/rest/expense-type', { label: unique('Fournitures ') })).id;
    await postOk(t.admin, '/rest/cash-movement', {
      kind: 'expense',
      date: today,
      paymentMethodId: cash,
      amount: 1250,
      label: 'Timbres',
      expenseTypeId: expenseType,
    });
    expectRefused(
      await t.admin.post('/rest/cash-movement', {
        kind: 'injection',
        date: today,
        paymentMethodId: cash,
        amount: 500,
        label: 'Apport',
        expenseTypeId: expenseType,
      }),
      'EXPENSE_TYPE_ONLY_FOR_EXPENSES',
    );
    await postOk(t.admin, '/rest/cash-movement', {
      kind: 'injection',
      date: today,
      paymentMethodId: cash,
      amount: 2000,
      label: 'Apport du gérant',
    });
    await postOk(t.admin, '/rest/bank-deposit/create', { paymentMethodId: cash, paymentIds: [p.id] });
    const fund = (await t.admin.get(`/rest/cash-fund/${cash}/${today}`)).body;
    expect(fund).toMatchObject({
      opening: 15000,
      receipts: 8000,
      injections: 2000,
      expenses: 1250,
      deposits: 8000,
      expected: 15750,
      count: null,
    });
    // Counted 1,50 € short: within the 2 € tolerance set above; 3 € short is not.
    let counted = await postOk(t.admin, `/rest/cash-fund/${cash}/${today}`, { countedAmount: 15600 });
    expect(counted).toMatchObject({ difference: -150, withinTolerance: true });
    expect(counted.count.expectedAmount).toBe(15750);
    counted = await postOk(t.admin, `/rest/cash-fund/${cash}/${today}`, { countedAmount: 15450 });
    expect(counted).toMatchObject({ difference: -300, withinTolerance: false });
    expect(Number((await t.knex('cash_count').where({ paymentMethodId: cash }).count({ n: '*' }).first())?.n)).toBe(1);
    expect((await t.admin.get(`/rest/cash-fund/${c.card}/${today}`)).body.code).toBe('CASH_METHOD_REQUIRED');

    const expenses = (await t.admin.get(`/rest/cash-movement/month/expense/${ym}`)).body;
    expect(expenses.rows.map((r: any) => [r.label, r.amount])).toEqual([['Timbres', 1250]]);
    expect(expenses.total).toBe(1250);
    expect((await t.admin.get(`/rest/cash-movement/month/injection/${ym}`)).body.total).toBe(2000);

    const journal = (await t.admin.get(`/rest/cash-and-bank-journal?from=${today}&to=${today}&paymentMethodId=${cash}`))
      .body;
    expect(journal.rows.map((r: any) => [r.type, r.receipt, r.outflow])).toEqual(
      expect.arrayContaining([
        ['payment', 8000, 0],
        ['expense', 0, 1250],
        ['injection', 2000, 0],
        ['deposit', 0, 8000],
      ]),
    );
    expect(journal.totals).toEqual([
      expect.objectContaining({ paymentMethodId: cash, receipts: 10000, outflows: 9250, net: 750 }),
    ]);
    expect((await t.admin.get(`/rest/cash-and-bank-journal?from=${today}&to=2000-01-01`)).status).toBe(400);
  });
});

describe('balances in the lists and at departure', () => {
  it(
    'shows the balance in the booking and departure lists; ' + 'a departure with money due needs acceptBalance',
    async () => {
      // A period priced today, so that a stay arriving today owes something.
      const grid = (await t.knex('price_grid').where('placeTypeId', c.type).first('id')).id;
      const end = new Date(Date.parse(`${today}T12:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10);
      const dayAfter = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
      await postOk(t.admin, '/rest/price-grid-period', {
        priceGridId: grid,
        label: 'Maintenant',
        startDate: today,
        endDate: end,
        pricePerNight: 2000,
      });
      const owing = await bookStay(t, c, c.places[2], today, dayAfter);
      const paid = await bookStay(t, c, c.places[3], today, dayAfter);
      expect(owing.total).toBeGreaterThan(0);
      await postOk(t.admin, '/rest/payment', {
        bookingId: owing.bookingId,
        paymentMethodId: c.card,
        amount: 1000,
        date: today,
      });
      await postOk(t.admin, '/rest/payment', {
        bookingId: paid.bookingId,
        paymentMethodId: c.card,
        amount: paid.total,
        date: today,
      });
      const due = owing.total - 1000;

      const list = (await t.admin.post('/rest/booking/list', { from: today, to: dayAfter, pageSize: 200 })).body.items;
      expect(list.find((r: any) => r.id === owing.bookingId).balanceDue).toBe(due);
      expect(list.find((r: any) => r.id === paid.bookingId).balanceDue).toBe(0);
      const departures = (await t.admin.get(`/rest/booking/departures?date=${dayAfter}`)).body;
      expect(departures.find((r: any) => r.bookingId === owing.bookingId).balanceDue).toBe(due);

      for (const s of [owing, paid])
        expect((await t.admin.post(`/rest/booking/${s.bookingId}/arrive`, {})).status).toBe(200);
      const refused = await t.admin.post(`/rest/booking/${owing.bookingId}/depart`, {});
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'BALANCE_DUE_CONFIRM',
        due,
        message: formatMessage('BALANCE_DUE_CONFIRM', { amount: formatCents(due) }),
      });
      expect((await t.knex('booking').where('id', owing.bookingId).first('goneAt')).goneAt).toBeNull();
      expect((await t.admin.post(`/rest/booking/${owing.bookingId}/depart`, { acceptBalance: true })).status).toBe(200);
      expect((await t.admin.post(`/rest/booking/${paid.bookingId}/depart`, {})).status).toBe(200);
    },
  );
});

describe('two users at once', () => {
  it('remit or group the same payments: exactly one succeeds, the other is refused', async () => {
    const { bookingId } = await bookStay(t, c, c.places[4], '2031-09-10', '2031-09-12');
    const cheques: any[] = [];
    for (let i = 0; i < 2; i++)
      cheques.push(
        await postOk(t.admin, '/rest/payment', {
          bookingId,
          paymentMethodId: c.cheque,
          amount: 1500,
          date: today,
          ...CHEQUE,
          chequeNumber: `P${i}`,
        }),
      );
    const ids = cheques.map((p) => p.id);
    const deposits = await Promise.all(
      [0, 1].map(() => t.admin.post('/rest/bank-deposit/create', { paymentMethodId: c.cheque, paymentIds: ids })),
    );
    expect(deposits.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(deposits.find((r) => r.status === 400)!.body.code).toBe('DEPOSIT_PAYMENTS_INVALID');
    const cards: any[] = [];
    for (let i = 0; i < 2; i++)
      cards.push(
        await postOk(t.admin, '/rest/payment', { bookingId, paymentMethodId: c.card, amount: 900, date: today }),
      );
    const groups = await Promise.all(
      [0, 1].map(() => t.admin.post('/rest/payment/group', { paymentIds: cards.map((p) => p.id) })),
    );
    expect(groups.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(
      Number(
        (
          await t
            .knex('payment')
            .where('groupedPaymentId', groups.find((r) => r.status === 200)!.body.id)
            .count({ n: '*' })
            .first()
        )?.n,
      ),
    ).toBe(2);
  });
});

describe('the « sale » preferences drive the till', () => {
  it('customer required, the cash and default methods of the till, the ticket footer', async () => {
    const post = (path: string, body: unknown) => postOk(t.admin, path, body);
    const { register: reg, article: bread } = await openTill(t, {
      code: 'PAIN',
      label: 'Baguette',
      price: 130,
      rateBp: 2000,
    });
    await post('/rest/payment-method', { label: unique("Espèces de l'accueil "), kind: 'cash' });
    const till = (await post('/rest/payment-method', { label: unique('Espèces du bar '), kind: 'cash' })).id;
    const terminal = (await post('/rest/payment-method', { label: unique('Carte du bar '), kind: 'card' })).id;
    const sell = (kind: string, extra: Record<string, unknown> = {}) =>
      t.admin.post('/rest/sales/sell', {
        cashRegisterId: reg,
        lines: [{ articleId: bread, quantity: 1 }],
        payments: [{ kind, amount: 130 }],
        ...extra,
      });
    const methodOf = async (saleId: number) =>
      (await t.knex('sale_payment').where('saleId', saleId).first('paymentMethodId')).paymentMethodId;
    const firstOf = async (kind: string) =>
      (await t.knex('payment_method').where({ kind, isActive: true }).orderBy(['order', 'id']).first('id')).id;

    // Until the section is saved: no customer needed, the first active method of each kind.
    let r = await sell('cash');
    expect(r.status, r.text).toBe(200);
    expect(await methodOf(r.body.id)).toBe(await firstOf('cash'));
    expect(await firstOf('cash')).not.toBe(till);

    const prefs = (await t.admin.get('/rest/finance-preference/current')).body;
    await post('/rest/preference/finance/edit', {
      ...prefs,
      saleRequireCustomer: true,
      saleCashPaymentMethodId: till,
      saleDefaultPaymentMethodId: terminal,
      saleTicketFooter: 'Bonnes vacances aux Pins Bleus !',
    });
    const refused = await sell('cash');
    expectRefused(refused, 'SALE_CUSTOMER_REQUIRED');
    expect(refused.body.errors.customerId).toBe('Choisissez le client');
    r = await sell('cash', { customerId: c.customer });
    expect(r.status, r.text).toBe(200);
    expect(await methodOf(r.body.id)).toBe(till);
    const byCard = await sell('card', { customerId: c.customer });
    expect(byCard.status, byCard.text).toBe(200);
    expect(await methodOf(byCard.body.id)).toBe(terminal);
    // A method named by the till still wins.
    const named = await sell('card', {
      customerId: c.customer,
      payments: [{ kind: 'card', amount: 130, paymentMethodId: c.card }],
    });
    expect(await methodOf(named.body.id)).toBe(c.card);

    // The footer is printed on the ticket, as it was at the sale.
    const pdf = Buffer.from(
      await (
        await fetch(`${t.url}/rest/sales/document/${r.body.id}`, { headers: { Cookie: t.admin.cookie! } })
      ).arrayBuffer(),
    );
    expect(execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString()).toContain(
      'Bonnes vacances aux Pins Bleus !',
    );
  });
});
