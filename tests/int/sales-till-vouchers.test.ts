// Paper holiday vouchers at the till (issue 29 point 7, docs/history.md#issue-29): with a « chèques-vacances papier »
// method, a ticket takes them by count of each denomination — never a bare amount — their sum paying the ticket (no
// change on them). The ticket (view and PDF) and the Z list them by denomination; the database refuses lines that do
// not add up, lines on another kind of tender, and any later change of a ticket's vouchers.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk, unique } from './http-helpers';
import { COMPANY } from './billing-fixtures';

let t: TestServer;
const ids: Record<string, number> = {};
const sell = (payments: unknown[], quantity = 1) =>
  t.admin.post('/rest/sales/sell', {
    cashRegisterId: ids.reg,
    lines: [{ articleId: ids.gas, quantity }],
    payments,
  });
const count = async (table: string) => Number((await t.knex(table).count({ n: '*' }))[0].n);

/** The text of a ticket's PDF as shown (GET), spaces made plain. */
async function ticketText(saleId: number): Promise<string> {
  const r = await fetch(`${t.url}/rest/sales/document/${saleId}`, { headers: { Cookie: t.admin.cookie! } });
  expect(r.status).toBe(200);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await r.arrayBuffer()) })
    .toString()
    .replace(/[\s\u00a0\u202f]+/g, ' ');
}

beforeAll(async () => {
  t = await startTestServer();
  await t.knex('establishment').update(COMPANY);
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const tva20 =
    (await t.knex('tva').where('rate', 2000).first('id'))?.id ??
    (await post('/rest/tva', { label: unique('TVA 20 % '), rate: 2000 })).id;
  ids.cash = (await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
  ids.card = (await post('/rest/payment-method', { label: unique('Carte '), kind: 'card' })).id;
  ids.ancv = (
    await post('/rest/payment-method', {
      label: unique('ANCV papier '),
      kind: 'holiday-voucher',
      isPaperVoucher: true,
    })
  ).id;
  // The only holiday-voucher method of the till: a bare amount would otherwise go to another one.
  await t.knex('payment_method').where('kind', 'holiday-voucher').whereNot('id', ids.ancv).update({ isActive: false });
  const type = (await post('/rest/cash-register-type', { label: unique('Accueil ') })).id;
  const family = (await post('/rest/article-family', { label: unique('Épicerie ') })).id;
  ids.gas = (
    await post('/rest/article', {
      code: unique('GAZ'),
      label: 'Bouteille de gaz',
      articleFamilyId: family,
      price: 3290,
      tvaId: tva20,
    })
  ).id;
  ids.reg = (
    await post('/rest/cash-register', {
      label: unique('Accueil '),
      code: unique('C').slice(0, 10),
      cashRegisterTypeId: type,
    })
  ).id;
  ids.window = (await post('/rest/sales/window/open', { cashRegisterId: ids.reg, openingFloat: 0 })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('paper holiday vouchers at the till', () => {
  it('takes them by count and denomination, shown on the ticket and its PDF', async () => {
    const vouchers = [
      { denomination: 1000, count: 1 },
      { denomination: 2000, count: 1 },
    ];
    const r = await sell([
      { kind: 'holiday-voucher', amount: 3000, vouchers },
      { kind: 'cash', amount: 500 },
    ]);
    expect(r.status, r.text).toBe(200);
    const hv = r.body.payments.find((p: any) => p.kind === 'holiday-voucher');
    expect([hv.amount, hv.paymentMethodId]).toEqual([3000, ids.ancv]);
    expect(hv.vouchers).toEqual([
      { denomination: 2000, count: 1 },
      { denomination: 1000, count: 1 },
    ]);
    expect(r.body.changeGiven).toBe(210);
    expect(await ticketText(r.body.id)).toContain('Chèques-vacances : 1 × 20 € + 1 × 10 € 30,00 €');
    ids.sale = r.body.id;
  });

  it('refuses a bare amount, a count not the amount, vouchers on another tender, change on them', async () => {
    const before = [await count('sale'), await count('payment_voucher')];
    expectRefused(await sell([{ kind: 'holiday-voucher', amount: 3290 }]), 'ANCV_VOUCHERS_MISMATCH', 'payments');
    const total = await sell([
      { kind: 'holiday-voucher', amount: 3000, vouchers: [{ denomination: 2500, count: 1 }] },
      { kind: 'cash', amount: 290 },
    ]);
    expectRefused(total, 'ANCV_VOUCHERS_TOTAL');
    expect(total.body.errors.payments.replace(/\s/g, ' ')).toBe(
      'Les chèques-vacances saisis font 25,00 € et non 30,00 € : le montant est leur somme',
    );
    expectRefused(
      await sell([{ kind: 'card', amount: 3290, vouchers: [{ denomination: 1000, count: 1 }] }]),
      'ANCV_METHOD_REQUIRED',
      'payments',
    );
    // 4 × 10 € for a 32,90 € ticket: holiday vouchers give no change.
    expectRefused(
      await sell([{ kind: 'holiday-voucher', amount: 4000, vouchers: [{ denomination: 1000, count: 4 }] }]),
      'SALE_CHANGE_ONLY_CASH',
    );
    const odd = await sell([{ kind: 'holiday-voucher', amount: 3000, vouchers: [{ denomination: 1500, count: 2 }] }]);
    expect(odd.status).toBe(400);
    expect([await count('sale'), await count('payment_voucher')]).toEqual(before);
  });

  it('counts them in the Z by denomination, kept in the closed Z', async () => {
    const second = await sell(
      [
        { kind: 'holiday-voucher', amount: 6000, vouchers: [{ denomination: 2000, count: 3 }] },
        { kind: 'cash', amount: 580 },
      ],
      2,
    );
    expect(second.status, second.text).toBe(200);
    const z = (await t.admin.get(`/rest/sales/window/${ids.window}/z`)).body;
    expect(z.vouchers).toEqual([
      { denomination: 2000, count: 4 },
      { denomination: 1000, count: 1 },
    ]);
    expect(z.byKind.find((k: any) => k.kind === 'holiday-voucher').expected).toBe(9000);
    const closed = await postOk(t.admin, `/rest/sales/window/${ids.window}/close`, {
      counted: { cash: 870, 'holiday-voucher': 9000 },
    });
    expect(closed.vouchers).toEqual(z.vouchers);
    expect((await t.admin.get(`/rest/sales/window/${ids.window}/z`)).body.vouchers).toEqual(z.vouchers);
  });

  it('refuses in plain SQL lines that do not add up, and any change of a ticket’s vouchers', async () => {
    const pay = await t.knex('sale_payment').where({ saleId: ids.sale, kind: 'holiday-voucher' }).first('id');
    const cash = await t.knex('sale_payment').where({ saleId: ids.sale, kind: 'cash' }).first('id');
    const refused = (q: () => Promise<unknown>, code: string) => expect(q()).rejects.toThrow(code);
    await refused(
      () => t.knex('payment_voucher').where('salePaymentId', pay.id).update({ count: 2 }),
      'NOT_AUTHORISED',
    );
    await refused(() => t.knex('payment_voucher').where('salePaymentId', pay.id).del(), 'NOT_AUTHORISED');
    await refused(
      () => t.knex('payment_voucher').insert({ salePaymentId: pay.id, denomination: 5000, count: 1 }),
      'ANCV_VOUCHERS_MISMATCH',
    );
    await refused(
      () => t.knex('payment_voucher').insert({ salePaymentId: cash.id, denomination: 1000, count: 1 }),
      'ANCV_VOUCHERS_MISMATCH',
    );
    await refused(() => t.knex('payment_voucher').insert({ denomination: 1000, count: 1 }), 'one_payment');
    expect(await t.knex('payment_voucher').where('salePaymentId', pay.id).count({ n: '*' })).toEqual([{ n: 2 }]);
  });
});
