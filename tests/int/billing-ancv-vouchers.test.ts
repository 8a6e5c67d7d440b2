// Paper holiday vouchers (Chèques-Vacances ANCV) over HTTP on a real database (issue 29 (docs/history.md#issue-29)
// point 7): a payment taken by count and denomination for their sum, refused in French when
// the amount typed is not their sum or a denomination does not exist; the database refuses
// a wrong sum in plain SQL, and a paper-voucher payment without its vouchers; the stay, the
// payment and the deposit slip (to the ANCV) show them as count × denomination.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { formatMessage } from '../../common/messages';
import { formatCents } from '../../common/money';
import { startTestServer, type TestServer } from './harness';
import { sqlError } from './sql-helpers';
import { expectRefused, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
let ancv: number;
const today = todayParis();
const KNOWINGLY = { 'X-Confirm': 'overpayment' };

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  const m = await t.admin.post('/rest/payment-method', {
    label: unique('Chèques-Vacances ANCV '),
    kind: 'holiday-voucher',
    isBankable: true,
    isPaperVoucher: true,
  });
  expect(m.status, m.text).toBe(200);
  ancv = m.body.id;
});
afterAll(async () => {
  await t?.close();
});

describe('paper holiday vouchers', () => {
  it('takes them by count and denomination, refuses a wrong sum in French and in plain SQL', async () => {
    const { bookingId } = await bookStay(t, c, c.places[0], '2031-07-01', '2031-07-04');
    const vouchers = [
      { denomination: 2000, count: 3 },
      { denomination: 1000, count: 1 },
      { denomination: 5000, count: 2 },
    ];
    // The amount shown is not the vouchers' sum (170 €): refused, nothing written.
    const wrong = await t.admin.post(
      '/rest/payment/vouchers',
      { bookingId, paymentMethodId: ancv, amount: 16000, vouchers },
      KNOWINGLY,
    );
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.code).toBe('ANCV_VOUCHERS_TOTAL');
    expect(wrong.body.errors.amount).toBe(
      formatMessage('ANCV_VOUCHERS_TOTAL', { total: formatCents(17000), amount: formatCents(16000) }),
    );
    expect(wrong.body.errors.amount).toMatch(/^Les chèques-vacances saisis font 170,00\s€ et non 160,00\s€/);
    const odd = await t.admin.post('/rest/payment/vouchers', {
      bookingId,
      paymentMethodId: ancv,
      vouchers: [{ denomination: 1500, count: 1 }],
    });
    expect(odd.status).toBe(400);
    // A method that is not paper vouchers.
    expectRefused(
      await t.admin.post('/rest/payment/vouchers', { bookingId, paymentMethodId: c.cheque, vouchers }, KNOWINGLY),
      'ANCV_METHOD_REQUIRED',
      'paymentMethodId',
    );
    // The generic path cannot make a paper-voucher payment without its vouchers.
    const bare = await t.admin.post(
      '/rest/payment',
      { bookingId, paymentMethodId: ancv, amount: 5000, date: today },
      KNOWINGLY,
    );
    expect(bare.status, bare.text).toBe(400);
    expect(bare.body.message).toBe(formatMessage('ANCV_VOUCHERS_MISMATCH'));
    expect((await t.knex('payment').where({ bookingId })).length).toBe(0);

    const ok = await t.admin.post(
      '/rest/payment/vouchers',
      { bookingId, paymentMethodId: ancv, amount: 17000, date: today, vouchers },
      KNOWINGLY,
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ amount: 17000, commissionAmount: 425 });
    const id = ok.body.id;
    expect(
      await t.knex('payment_voucher').where({ paymentId: id }).orderBy('denomination').select('denomination', 'count'),
    ).toEqual([
      { denomination: 1000, count: 1 },
      { denomination: 2000, count: 3 },
      { denomination: 5000, count: 2 },
    ]);

    // Plain SQL: one more voucher, a wrong sum, an unknown denomination, a changed amount.
    expect(
      await sqlError(t.knex, 'INSERT INTO payment_voucher (payment_id, denomination, count) VALUES (?, 2500, 1)', [id]),
    ).toContain('ANCV_VOUCHERS_MISMATCH');
    expect(
      await sqlError(t.knex, 'UPDATE payment_voucher SET count = 4 WHERE payment_id = ? AND denomination = 2000', [id]),
    ).toContain('ANCV_VOUCHERS_MISMATCH');
    expect(await sqlError(t.knex, 'UPDATE payment SET amount = 18000 WHERE id = ?', [id])).toContain(
      'ANCV_VOUCHERS_MISMATCH',
    );
    expect(
      await sqlError(t.knex, 'INSERT INTO payment_voucher (payment_id, denomination, count) VALUES (?, 1500, 1)', [id]),
    ).toContain('ck_payment_voucher__denomination');
    expect(
      await sqlError(t.knex, 'UPDATE payment_voucher SET count = 0 WHERE payment_id = ? AND denomination = 1000', [id]),
    ).toContain('ck_payment_voucher__count_min');
    // Changing two lines together, the sum kept, is a consistent change: accepted before remittance.
    expect(
      await sqlError(
        t.knex,
        `UPDATE payment_voucher SET count = CASE denomination WHEN 5000 THEN 1 WHEN 1000 THEN 6 END
         WHERE payment_id = ? AND denomination IN (5000, 1000)`,
        [id],
      ),
    ).toBe('no error');
    // Lines are written with their payment only.
    expectRefused(
      await t.admin.post('/rest/payment-voucher/edit', { paymentId: id, denomination: 2500, count: 1 }),
      'ANCV_VOUCHERS_THROUGH_PAYMENT',
    );

    // The stay and the payment's detail list them.
    const balance = (await t.admin.get(`/rest/booking/${bookingId}/balance`)).body;
    expect(balance.payments.find((p: any) => p.id === id).vouchers).toEqual([
      { denomination: 5000, count: 1 },
      { denomination: 2000, count: 3 },
      { denomination: 1000, count: 6 },
    ]);
    expect((await t.admin.get(`/rest/payment-voucher/payment/${id}`)).body).toHaveLength(3);

    // Remitted to the ANCV: the slip lists them by count × denomination; then they never change.
    const dep = await t.admin.post('/rest/bank-deposit/create', { paymentMethodId: ancv, paymentIds: [id] });
    expect(dep.status, dep.text).toBe(200);
    expect(dep.body.vouchers).toEqual([
      { denomination: 5000, count: 1 },
      { denomination: 2000, count: 3 },
      { denomination: 1000, count: 6 },
    ]);
    const pdf = Buffer.from(
      await (
        await fetch(`${t.url}/rest/bank-deposit/document/${dep.body.id}`, { headers: { Cookie: t.admin.cookie! } })
      ).arrayBuffer(),
    );
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
    expect(text).toContain("Bordereau de remise de chèques-vacances à l'ANCV");
    expect(text).toContain('1 × 50 € + 3 × 20 € + 6 × 10 € (10 chèques-');
    expect(text).toMatch(/20,00\s€\s+3\s+60,00\s€/);
    expect(
      await sqlError(t.knex, 'UPDATE payment_voucher SET count = 1 WHERE payment_id = ? AND denomination = 1000', [id]),
    ).toContain('PAYMENT_DEPOSITED');
    expect(await sqlError(t.knex, 'DELETE FROM payment_voucher WHERE payment_id = ?', [id])).toContain(
      'PAYMENT_DEPOSITED',
    );
  });

  it('takes paper vouchers only on a holiday-voucher method', async () => {
    expectRefused(
      await t.admin.post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash', isPaperVoucher: true }),
      'PAPER_VOUCHER_KIND',
      'isPaperVoucher',
    );
  });
});
