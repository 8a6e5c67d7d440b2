// A wizard closed without the in-app navigation (closed tab, reload, « Accueil ») sends
// a beacon: its draft is abandoned at once and its place is free again, instead of
// being held for the idle time of the settings (issue 13, docs/stays.md#preferences).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { book, makeCustomer, makePlace, reference, type Ref } from './stays-fixtures';
import { STATUS as S } from '../../api/domain/stays/status';

let t: TestServer;
let ref: Ref;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
});
afterAll(async () => {
  await t?.close();
});

const held = async (placeId: number) =>
  Number((await t.knex('place_reservation').where('placeId', placeId).count({ n: '*' }))[0].n);

describe('releasing a draft', () => {
  it('abandons the draft and frees its place at once, with a history line; twice is harmless', async () => {
    const place = await makePlace(t.admin, ref);
    const draft = await book(t.admin, ref, {
      placeId: place.id,
      temporary: true,
      startDate: '2029-07-01',
      endDate: '2029-07-05',
    });
    expect(await held(place.id)).toBe(1);
    // What navigator.sendBeacon sends: a JSON body, the session cookie, no other header.
    const r = await t.admin.request(
      'POST',
      `/rest/planning/draft/${draft.booking.id}/release`,
      new Blob(['{}'], { type: 'application/json' }) as any,
      { 'Content-Type': 'application/json' },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ status: 'SAVED', released: true });
    expect((await t.knex('booking').where('id', draft.booking.id).first()).statusId).toBe(S.ABANDONED);
    expect(await held(place.id)).toBe(0);
    const lines = (
      await t.knex('post_history').where({ entity: 'booking', recordId: draft.booking.id }).select('detail')
    ).map((h: any) => h.detail);
    expect(lines).toContain('Séjour temporaire abandonné : assistant fermé avant l’enregistrement');
    expect((await t.admin.post(`/rest/planning/draft/${draft.booking.id}/release`, {})).body).toEqual({
      status: 'SAVED',
      released: false,
    });
  });

  it('leaves a saved booking alone', async () => {
    const customer = await makeCustomer(t.admin);
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId: customer.id,
      startDate: '2029-08-01',
      endDate: '2029-08-05',
    });
    expect((await t.admin.post(`/rest/planning/draft/${b.booking.id}/release`, {})).body.released).toBe(false);
    expect((await t.knex('booking').where('id', b.booking.id).first()).statusId).toBe(S.CONFIRMED);
    expect(await held(place.id)).toBe(1);
  });

  it('needs the write right and a session', async () => {
    const place = await makePlace(t.admin, ref);
    const draft = await book(t.admin, ref, {
      placeId: place.id,
      temporary: true,
      startDate: '2029-09-01',
      endDate: '2029-09-05',
    });
    expect((await t.client().post(`/rest/planning/draft/${draft.booking.id}/release`, {})).status).toBe(403);
    expect(await held(place.id)).toBe(1);
  });
});
