// Paying twice (issue 25 point 7, docs/history.md#issue-25): a payment that would make a stay overpaid answers
// 409 PAYMENT_OVERPAYS_CONFIRM with the amounts, unless the request confirms it
// (`X-Confirm: overpayment`, what the payment dialog sends once the user said yes).
// Payments of one stay queue on the stay's row, so of 2 or 10 receptionists recording
// the balance at the same time exactly one is accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const pay = (bookingId: number, amount: number, headers: Record<string, string> = {}) =>
  t.admin.post('/rest/payment', { bookingId, paymentMethodId: c.card, amount, date: todayParis() }, headers);
const paidOf = async (bookingId: number) => (await t.admin.get(`/rest/booking/${bookingId}/balance`)).body;

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
});
afterAll(async () => {
  await t?.close();
});

async function concurrentBalance(n: number, place: number, start: string, end: string) {
  const s = await bookStay(t, c, c.places[place], start, end);
  await postOk(t.admin, '/rest/payment', {
    bookingId: s.bookingId,
    paymentMethodId: c.card,
    amount: 1000,
    date: todayParis(),
  });
  const due = s.total - 1000;
  const answers = await Promise.all(Array.from({ length: n }, () => pay(s.bookingId, due)));
  const ok = answers.filter((r) => r.status === 200);
  const refused = answers.filter((r) => r.status === 409);
  expect(ok.length, answers.map((r) => r.status).join()).toBe(1);
  expect(refused.length).toBe(n - 1);
  for (const r of refused) {
    expect(r.body).toMatchObject({ code: 'PAYMENT_OVERPAYS_CONFIRM', due: 0, amount: due, overpaid: due });
    expect(r.body.message).toMatch(/^Le séjour sera payé deux fois/);
  }
  const balance = await paidOf(s.bookingId);
  expect(balance).toMatchObject({ paid: s.total, due: 0 });
  return s;
}

describe('a payment that would overpay a stay', () => {
  it('2 concurrent balance payments: one accepted, one 409 with the amounts', async () => {
    await concurrentBalance(2, 0, '2031-07-04', '2031-07-08');
  });

  it('10 concurrent balance payments: one accepted, nine 409', async () => {
    await concurrentBalance(10, 1, '2031-07-10', '2031-07-14');
  });

  it('a third identical payment is refused unless confirmed; a part of what is due passes', async () => {
    const s = await bookStay(t, c, c.places[2], '2031-08-04', '2031-08-08');
    expect((await pay(s.bookingId, 500)).status).toBe(200);
    const over = await pay(s.bookingId, s.total);
    expect(over.status, over.text).toBe(409);
    expect(over.body).toMatchObject({ due: s.total - 500, amount: s.total, overpaid: 500 });
    // the same request, confirmed: accepted, the stay is overpaid by 500
    const confirmed = await pay(s.bookingId, s.total, { 'X-Confirm': 'overpayment' });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await paidOf(s.bookingId)).toMatchObject({ due: -500 });
    // through the spec's POST …/edit too
    const edit = await t.admin.post('/rest/payment/edit', {
      id: 0,
      bookingId: s.bookingId,
      paymentMethodId: c.card,
      amount: 100,
      date: todayParis(),
    });
    expect(edit.status).toBe(409);
  });

  it('raising an existing payment’s amount past what is due is refused too', async () => {
    const s = await bookStay(t, c, c.places[3], '2031-08-10', '2031-08-12');
    const p = await postOk(t.admin, '/rest/payment', {
      bookingId: s.bookingId,
      paymentMethodId: c.card,
      amount: 100,
      date: todayParis(),
    });
    expect((await t.admin.put(`/rest/payment/${p.id}`, { amount: s.total })).status).toBe(200);
    const r = await t.admin.put(`/rest/payment/${p.id}`, { amount: s.total + 1 });
    expect(r.status, r.text).toBe(409);
    expect(r.body).toMatchObject({ due: s.total, amount: s.total + 1, overpaid: 1 });
  });
});
