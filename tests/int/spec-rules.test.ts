// The spec's last rules (§5, issue 30): places selected must match the number expected,
// a note is required, deletion requires a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { campsite, type Campsite } from './billing-fixtures';
import { postOk, unique } from './http-helpers';

let t: TestServer;
let c: Campsite;
beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
});
afterAll(async () => {
  await t?.close();
});

const occ = (placeId: number | null, startDate = '2031-07-01', endDate = '2031-07-05') => ({
  placeId,
  startDate,
  endDate,
  details: [{ ageCategoryId: c.adult, quantity: 2 }],
});

describe('places selected must match the number expected (§5)', () => {
  it('refuses a booking for three places with two or none selected, accepts three', async () => {
    const body = (occupancies: unknown[]) => ({ kind: 'booking', customerId: c.customer, placeCount: 3, occupancies });
    const two = await t.admin.post('/rest/booking/create', body([occ(c.places[0]), occ(c.places[1])]));
    expect(two.status).toBe(400);
    expect(two.body.code).toBe('PLACES_COUNT_MISMATCH');
    expect(two.body.errors.occupancies).toContain('(2 sur 3)');
    const none = await t.admin.post('/rest/booking/create', { ...body([]), temporary: true });
    expect(none.body.code).toBe('SELECT_PLACES');
    expect(await t.knex('booking').where('customerId', c.customer).count({ n: '*' })).toEqual([{ n: 0 }]);
    const three = await postOk(
      t.admin,
      '/rest/booking/create',
      body([occ(c.places[0]), occ(c.places[1]), occ(c.places[2])]),
    );
    expect(three.occupancies).toHaveLength(3);
  });
});

describe('a note is required (§5)', () => {
  it('refusing an online booking needs its note', async () => {
    const imp = await postOk(t.admin, '/rest/booking-import', {
      externalRef: unique('BK-'),
      lastName: 'Refus',
      startDate: '2031-05-02',
      endDate: '2031-05-09',
    });
    for (const body of [{}, { reason: '   ' }]) {
      const r = await t.admin.post(`/rest/booking-import/${imp.id}/refuse`, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'NOTE_REQUIRED', errors: { reason: 'Une note est obligatoire' } });
    }
    expect((await t.knex('booking_import').where('id', imp.id).first()).statusId).toBe(12);
    const ok = await t.admin.post(`/rest/booking-import/${imp.id}/refuse`, { reason: 'Complet' });
    expect(ok.body).toMatchObject({ statusId: 10, refusalReason: 'Complet' });
  });
});

describe('deletion requires a reason (§5)', () => {
  it('a payment is deleted only with its reason, kept in the history', async () => {
    const pay = () =>
      postOk(t.admin, '/rest/payment', {
        customerId: c.customer,
        paymentMethodId: c.card,
        amount: 1200,
        date: '2031-01-10',
        cardLast4: '4242',
      });
    const p = await pay();
    for (const r of [await t.admin.del(`/rest/payment/${p.id}`), await t.admin.post(`/rest/payment/delete/${p.id}`)]) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'DELETE_REASON_REQUIRED', errors: { reason: 'Un motif est obligatoire' } });
    }
    expect(await t.knex('payment').where('id', p.id).first()).toBeTruthy();
    expect((await t.admin.del(`/rest/payment/${p.id}?reason=Saisi deux fois`)).status).toBe(200);
    const q = await pay();
    expect((await t.admin.post(`/rest/payment/delete/${q.id}`, { reason: 'Erreur de client' })).body.status).toBe(
      'DELETED',
    );
    const details = await t
      .knex('post_history')
      .where({ entity: 'payment', action: 'delete' })
      .whereIn('recordId', [p.id, q.id])
      .orderBy('recordId')
      .pluck('detail');
    expect(details).toEqual(['Motif : Saisi deux fois', 'Motif : Erreur de client']);
  });
});
