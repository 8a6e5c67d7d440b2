// A new bill is dated the day it is issued (rules-fr §2 (docs/billing.md#vat-and-invoice-mentions),
// issue 25 point 5, docs/history.md#issue-25): any other date than today (Europe/Paris) is refused with a clear French
// message, for a stay's bill, a credit note, a partner bill and a payment's deposit bill. A post-dated bill
// would otherwise block every later bill of its series (« bill earlier than last »).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { expectRefused, postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
});
afterAll(async () => {
  await t?.close();
});

describe('a new bill is dated today', () => {
  it('refuses a post-dated or back-dated stay bill, and the series stays usable', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
    const today = todayParis();
    for (const date of ['2031-11-27', addDays(today, 1), addDays(today, -1)]) {
      const r = await t.admin.post(`/rest/booking/${s.bookingId}/bill`, { kind: 'final', date });
      expectRefused(r, 'BILL_DATE_NOT_TODAY');
      expect(r.body.errors.date).toBe(
        `Une facture est datée du jour de son émission : le ${today.split('-').reverse().join('/')}`,
      );
    }
    expect(await t.knex('bill').count({ n: '*' }).first()).toEqual({ n: 0 });
    // the counter did not move: the next bill, dated today, is accepted
    const ok = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final', date: today });
    expect(ok.date).toBe(today);
    const credit = await t.admin.post(`/rest/bill/${ok.id}/credit-note`, { reason: 'Erreur', date: '2031-11-27' });
    expectRefused(credit, 'BILL_DATE_NOT_TODAY', undefined);
    const noDate = await postOk(t.admin, `/rest/bill/${ok.id}/credit-note`, { reason: 'Erreur' });
    expect(noDate.date).toBe(today);
  });

  it('refuses another date for a payment’s deposit bill and a partner bill too', async () => {
    const s = await bookStay(t, c, c.places[1], '2031-08-04', '2031-08-08');
    const p = await postOk(t.admin, '/rest/payment', {
      bookingId: s.bookingId,
      paymentMethodId: c.card,
      amount: 1000,
      date: todayParis(),
    });
    expectRefused(
      await t.admin.post(`/rest/payment/${p.id}/deposit-bill`, { date: addDays(todayParis(), 3) }),
      'BILL_DATE_NOT_TODAY',
    );
    expectRefused(
      await t.admin.post(`/rest/booking/${s.bookingId}/partner-bill`, { date: '2031-11-27' }),
      'BILL_DATE_NOT_TODAY',
    );
  });
});
