// Idempotent money writes (issue 25 point 6, docs/history.md#issue-25): a bill or a payment sent again with the
// same Idempotency-Key — a retry after a lost answer — gets the first answer and writes
// nothing more; the same key with another request is a 422; a refused request leaves
// no trace, so its retry runs again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayParis } from '../../common/dates';
import { startTestServer, type TestServer } from './harness';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const count = async (table: string, where: Record<string, unknown>) =>
  Number((await t.knex(table).where(where).count({ n: '*' }).first())!.n);

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 3);
});
afterAll(async () => {
  await t?.close();
});

describe('Idempotency-Key', () => {
  it('a bill retried three times is issued once, each retry answering the same bill', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-07-04', '2031-07-08');
    const send = () =>
      t.admin.post(`/rest/booking/${s.bookingId}/bill`, { kind: 'deposit' }, { 'Idempotency-Key': 'bill-A-1' });
    const first = await send();
    expect(first.status, first.text).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await send();
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toMatchObject({ id: first.body.id, number: first.body.number });
    }
    expect(await count('bill', { bookingId: s.bookingId })).toBe(1);
    // without the key, a second deposit bill is a new bill (the key is what makes a retry)
    expect((await t.admin.post(`/rest/booking/${s.bookingId}/bill`, { kind: 'deposit' })).status).toBe(200);
    expect(await count('bill', { bookingId: s.bookingId })).toBe(2);
  });

  it('a payment sent 5 times at once with one key is recorded once', async () => {
    const s = await bookStay(t, c, c.places[1], '2031-07-10', '2031-07-12');
    const body = { bookingId: s.bookingId, paymentMethodId: c.card, amount: 1500, date: todayParis() };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.admin.post('/rest/payment', body, { 'Idempotency-Key': 'pay-B-1' })),
    );
    for (const r of answers) expect([200, 409], r.text).toContain(r.status);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect(await count('payment', { bookingId: s.bookingId })).toBe(1);
    const retry = await t.admin.post('/rest/payment', body, { 'Idempotency-Key': 'pay-B-1' });
    expect(retry.status).toBe(200);
    expect(await count('payment', { bookingId: s.bookingId })).toBe(1);
    // the same key for another payment: refused, nothing written
    const other = await t.admin.post('/rest/payment', { ...body, amount: 1600 }, { 'Idempotency-Key': 'pay-B-1' });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count('payment', { bookingId: s.bookingId })).toBe(1);
  });

  it('a refused request keeps no answer: its retry runs again; keys are per user', async () => {
    const s = await bookStay(t, c, c.places[2], '2031-07-20', '2031-07-22');
    const body = { bookingId: s.bookingId, paymentMethodId: c.card, amount: s.total + 100, date: todayParis() };
    const refused = await t.admin.post('/rest/payment', body, { 'Idempotency-Key': 'pay-C-1' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYMENT_OVERPAYS_CONFIRM');
    // the user confirms: same key, same body, now accepted
    const confirmed = await t.admin.post('/rest/payment', body, {
      'Idempotency-Key': 'pay-C-1',
      'X-Confirm': 'overpayment',
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await count('payment', { bookingId: s.bookingId })).toBe(1);
  });
});
