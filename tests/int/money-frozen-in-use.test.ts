// Used records keep what their history depends on (issue 25 point 8, docs/history.md#issue-25): a payment
// method's kind once it has payments, a VAT rate's value once something refers to it,
// an article's VAT once it was sold. Over HTTP the change is a 400 with the message;
// in plain SQL the trigger refuses it too. Unused records still change freely.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk, unique } from './http-helpers';
import { sqlError } from './sql-helpers';
import { bookStay, campsite, COMPANY, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
  await t.knex('establishment').update(COMPANY);
});
afterAll(async () => {
  await t?.close();
});

describe('a payment method in use keeps its kind', () => {
  it('cash with a payment cannot become none; its label still changes; an unused one changes', async () => {
    const cash = (await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' })).id;
    const spare = (await postOk(t.admin, '/rest/payment-method', { label: unique('Divers '), kind: 'cash' })).id;
    const s = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
    await postOk(t.admin, '/rest/payment', {
      bookingId: s.bookingId,
      paymentMethodId: cash,
      amount: 1000,
      date: todayParis(),
    });
    expectRefused(await t.admin.put(`/rest/payment-method/${cash}`, { kind: 'none' }), 'PAYMENT_METHOD_KIND_IN_USE');
    expect(await sqlError(t.knex, `UPDATE payment_method SET kind = 'none' WHERE id = ${cash}`)).toContain(
      'PAYMENT_METHOD_KIND_IN_USE',
    );
    expect((await t.admin.put(`/rest/payment-method/${cash}`, { label: unique('Caisse ') })).status).toBe(200);
    expect((await t.admin.put(`/rest/payment-method/${spare}`, { kind: 'card' })).status).toBe(200);
  });
});

describe('a VAT rate in use keeps its value, a sold article its VAT', () => {
  it('refuses the change over HTTP and in plain SQL', async () => {
    const rate = (await postOk(t.admin, '/rest/tva', { label: unique('TVA 5,5 % '), rate: 550 })).id;
    const other = (await postOk(t.admin, '/rest/tva', { label: unique('TVA 20 % '), rate: 2000 })).id;
    const unused = (await postOk(t.admin, '/rest/tva', { label: unique('TVA 7 % '), rate: 700 })).id;
    const family = (await postOk(t.admin, '/rest/article-family', { label: unique('Épicerie ') })).id;
    const bread = (
      await postOk(t.admin, '/rest/article', {
        code: unique('PAIN'),
        label: 'Baguette',
        articleFamilyId: family,
        price: 130,
        tvaId: rate,
      })
    ).id;
    expectRefused(await t.admin.put(`/rest/tva/${rate}`, { rate: 1000 }), 'VAT_RATE_IN_USE');
    expect(await sqlError(t.knex, `UPDATE tva SET rate = 1000 WHERE id = ${rate}`)).toContain('VAT_RATE_IN_USE');
    expect((await t.admin.put(`/rest/tva/${unused}`, { rate: 850 })).status).toBe(200);
    // not sold yet: the article's VAT may still be corrected
    expect((await t.admin.put(`/rest/article/${bread}`, { tvaId: other })).status).toBe(200);
    expect((await t.admin.put(`/rest/article/${bread}`, { tvaId: rate })).status).toBe(200);
    const type = (await postOk(t.admin, '/rest/cash-register-type', { label: unique('Accueil ') })).id;
    await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' });
    const reg = (
      await postOk(t.admin, '/rest/cash-register', {
        label: unique('Accueil '),
        code: unique('C').slice(0, 10),
        cashRegisterTypeId: type,
      })
    ).id;
    await postOk(t.admin, '/rest/sales/window/open', { cashRegisterId: reg, openingFloat: 0 });
    await postOk(t.admin, '/rest/sales/sell', {
      cashRegisterId: reg,
      lines: [{ articleId: bread, quantity: 1 }],
      payments: [{ kind: 'cash', amount: 130 }],
    });
    expectRefused(await t.admin.put(`/rest/article/${bread}`, { tvaId: other }), 'ARTICLE_VAT_IN_USE');
    expect(await sqlError(t.knex, `UPDATE article SET tva_id = ${other} WHERE id = ${bread}`)).toContain(
      'ARTICLE_VAT_IN_USE',
    );
    expect((await t.admin.put(`/rest/article/${bread}`, { label: 'Baguette tradition' })).status).toBe(200);
  });
});
