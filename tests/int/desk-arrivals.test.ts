// Arrivals and departures at the desk (issue 13, docs/stays.md#preferences): an arrival is recorded from the
// arrival day (less the early-arrival tolerance of the preferences), a departure only
// after the arrival, and both can be undone the same day, with a reason, by a user
// holding the right to correct the past (level 111 on reservations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { act, book, makePlace, type Ref, staysServer } from './stays-fixtures';
import { STATUS as S } from '../../api/domain/stays/status';
import { addDays, todayParis } from '../../common/dates';
import { userWithRights } from './security-helpers';

let t: TestServer;
let ref: Ref;
let customerId: number;
beforeAll(async () => {
  ({ t, ref, customerId } = await staysServer());
});
afterAll(async () => {
  await t?.close();
});

const today = todayParis();
const stay = async (start: string, nights = 7) =>
  (
    await book(t.admin, ref, {
      placeId: (await makePlace(t.admin, ref)).id,
      customerId,
      startDate: start,
      endDate: addDays(start, nights),
    })
  ).booking.id as number;
const setTolerance = async (days: number) => {
  if (!(await t.knex('setting').first('id'))) await t.knex('setting').insert({});
  await t.knex('setting').update({ earlyArrivalDays: days });
};

describe('arrival from the arrival day', () => {
  it('refuses « Arrivé » then « Parti » on a stay months ahead, and offers no button for it', async () => {
    const id = await stay(addDays(today, 228));
    const r = await act(t.admin, id, 'arrive');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('ARRIVAL_TOO_EARLY');
    expect(r.body.message).toMatch(/^Arrivée impossible avant le \d\d\/\d\d\/\d{4}/);
    expect((await act(t.admin, id, 'depart')).body.code).toBe('NOT_ARRIVED');
    expect((await t.knex('booking').where('id', id).first()).statusId).toBe(S.CONFIRMED);
    expect((await t.admin.get(`/rest/booking/${id}/summary`)).body.actions).not.toContain('arrive');
    // Through set-state too.
    expect((await t.admin.post(`/rest/booking/${id}/set-state`, { statusId: S.ARRIVED })).body.code).toBe(
      'ARRIVAL_TOO_EARLY',
    );
  });

  it('accepts an arrival the day before with a tolerance of one day, not without', async () => {
    await setTolerance(0);
    const id = await stay(addDays(today, 1));
    expect((await act(t.admin, id, 'arrive')).body.code).toBe('ARRIVAL_TOO_EARLY');
    await setTolerance(1);
    try {
      expect((await t.admin.get(`/rest/booking/${id}/summary`)).body.actions).toContain('arrive');
      const r = await act(t.admin, id, 'arrive');
      expect(r.status, r.text).toBe(200);
      expect(r.body.booking.statusId).toBe(S.ARRIVED);
    } finally {
      await setTolerance(0);
    }
  });
});

describe('undo the same day, with a reason and the right', () => {
  it('undoes a departure, then the arrival, back to the status before (validated)', async () => {
    const id = await stay(today);
    await act(t.admin, id, 'validate');
    expect((await act(t.admin, id, 'arrive')).body.booking.statusId).toBe(S.ARRIVED);
    const gone = await act(t.admin, id, 'depart');
    expect(gone.body.booking.statusId).toBe(S.GONE);
    expect(gone.body.actions).toContain('undo-departure');
    expect((await act(t.admin, id, 'undo-departure', {})).body.code).toBe('UNDO_REASON_REQUIRED');
    const back = await act(t.admin, id, 'undo-departure', { reason: 'Parti demain finalement' });
    expect(back.status, back.text).toBe(200);
    expect(back.body.booking).toMatchObject({ statusId: S.ARRIVED, goneAt: null });
    const undone = await act(t.admin, id, 'undo-arrival', { reason: 'Mauvais séjour coché' });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.booking).toMatchObject({ statusId: S.VALIDATED, arrivedAt: null });
    const lines = undone.body.history.map((h: any) => h.detail);
    expect(lines).toEqual(
      expect.arrayContaining(['Départ annulé : Parti demain finalement', 'Arrivée annulée : Mauvais séjour coché']),
    );
  });

  it('refuses the undo on another day than the one recorded', async () => {
    const id = await stay(addDays(today, -2), 5);
    await act(t.admin, id, 'arrive');
    await t
      .knex('booking')
      .where('id', id)
      .update({ arrivedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    const r = await act(t.admin, id, 'undo-arrival', { reason: 'Trop tard' });
    expect(r.body.code).toBe('UNDO_NOT_SAME_DAY');
    expect((await t.admin.get(`/rest/booking/${id}/summary`)).body.actions).not.toContain('undo-arrival');
  });

  it('needs the right to correct the past (111): a 011 user records arrivals but cannot undo them', async () => {
    const clerk = await userWithRights(t, {
      rights: { 'booking.booking': { rights: '011' }, 'customer.customer': { rights: '011' } },
    });
    const id = await stay(today);
    expect((await act(clerk.client, id, 'arrive')).status).toBe(200);
    const r = await act(clerk.client, id, 'undo-arrival', { reason: 'Erreur' });
    expect(r.status).toBe(401);
    expect((await t.knex('booking').where('id', id).first()).statusId).toBe(S.ARRIVED);
  });
});
