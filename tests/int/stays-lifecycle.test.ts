// The stay life cycle over HTTP: every action of §4 (docs/stays.md#states-and-transitions) from every status through
// the business routes answers what the state machine decides, writes it, keeps the
// places in step and records a French line in the history; the generic routes
// cannot get round it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { act, book, bookingBody, makeCustomer, makePlace, type Ref, staysServer } from './stays-fixtures';
import { ACTIONS, decide, TransitionError, type Action } from '../../api/domain/stays/state-machine';
import { STATUS } from '../../api/domain/stays/status';
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

const S = STATUS;
const history = async (bookingId: number) =>
  (await t.knex('post_history').where({ entity: 'booking', recordId: bookingId, action: 'action' }).orderBy('id')).map(
    (r: any) => r.detail,
  );
const held = async (placeId: number) =>
  Number((await t.knex('place_reservation').where('placeId', placeId).count({ n: '*' }))[0].n);

describe('every action from every status over HTTP', () => {
  const statuses = Object.values(S);
  const paramsFor = (a: Action) => ({
    reason: 'Motif du test',
    date: a === 'early-departure' ? '2029-07-03' : undefined,
    kind: a === 'convert' ? 'option' : undefined,
  });
  it.each(statuses.map((s) => [s] as const))('from status %i', async (status) => {
    const place = await makePlace(t.admin, ref);
    for (const action of ACTIONS) {
      // A fresh confirmed booking, put in the status by hand (as the data could be).
      const b = await book(t.admin, ref, {
        placeId: place.id,
        customerId,
        startDate: '2029-07-01',
        endDate: '2029-07-06',
      });
      await t.knex('occupancy').where('bookingId', b.booking.id).update({ isCancelled: true });
      await t
        .knex('booking')
        .where('id', b.booking.id)
        .update({ statusId: status, cancellation: status === S.CANCELLED ? 'cancelled' : 'none' });
      await t.knex('occupancy').where('bookingId', b.booking.id).update({ isCancelled: false });
      const before = await t.knex('booking').where('id', b.booking.id).first();
      let want: { code?: string; statusId?: number } = {};
      try {
        const d = decide(
          {
            kind: 'booking',
            statusId: status,
            cancellation: before.cancellation,
            customerId,
            optionExpiryDate: null,
            startDate: '2029-07-01',
            endDate: '2029-07-06',
            activeOccupancies: 1,
            occupanciesWithoutPlace: 0,
            partnerOccupancies: 0,
          },
          action,
          paramsFor(action),
          { today: todayParis(), now: new Date().toISOString() },
        );
        want = { statusId: (d.patch.statusId as number) ?? status };
      } catch (e) {
        want = { code: (e as TransitionError).code };
      }
      const r = await act(t.admin, b.booking.id, action, paramsFor(action));
      const after = await t.knex('booking').where('id', b.booking.id).first();
      if (want.code) {
        expect(r.status, `${action} from ${status}: ${r.text}`).toBe(400);
        expect(r.body.code, `${action} from ${status}`).toBe(want.code);
        expect(after.statusId).toBe(status);
      } else {
        expect(r.status, `${action} from ${status}: ${r.text}`).toBe(200);
        expect(after.statusId, `${action} from ${status}`).toBe(want.statusId);
        expect((await history(b.booking.id)).length).toBeGreaterThan(1);
      }
      // Whatever happened, the place is held exactly when the booking holds places.
      const holds = ![9, 10, 11, 14, 15, 16].includes(after.statusId) && after.kind !== 'quote';
      expect(await held(place.id), `${action} from ${status}`).toBe(holds && after.statusId !== S.DELETED ? 1 : 0);
      // Leave the place free for the next round.
      await t.knex('booking').where('id', b.booking.id).update({ statusId: S.CANCELLED, cancellation: 'cancelled' });
    }
  });
});

describe('a stay from creation to departure', () => {
  it('creates temporary, confirms, validates, ticks arrived then gone, and writes the history', async () => {
    const place = await makePlace(t.admin, ref);
    const tmp = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      temporary: true,
      startDate: todayParis(),
      endDate: addDays(todayParis(), 7),
    });
    expect(tmp.booking.statusId).toBe(S.TEMPORARY);
    expect(tmp.booking.code).toMatch(/^R\d{6}$/);
    expect(tmp.booking).toMatchObject({ startDate: todayParis(), endDate: addDays(todayParis(), 7), persons: 2 });
    expect(await held(place.id)).toBe(1); // a temporary booking keeps the place while it is keyed in
    expect(tmp.actions).toEqual(
      expect.arrayContaining(['confirm', 'abandon', 'validate', 'cancel', 'convert', 'reset']),
    );
    expect((await act(t.admin, tmp.booking.id, 'confirm')).body.booking.statusId).toBe(S.CONFIRMED);
    expect((await act(t.admin, tmp.booking.id, 'validate')).body.booking.statusId).toBe(S.VALIDATED);
    expect((await act(t.admin, tmp.booking.id, 'depart')).body.code).toBe('NOT_ARRIVED');
    const arrived = await act(t.admin, tmp.booking.id, 'arrive');
    expect(arrived.body.booking.statusId).toBe(S.ARRIVED);
    expect(arrived.body.booking.arrivedAt).toBeTruthy();
    expect((await act(t.admin, tmp.booking.id, 'arrive')).body.code).toBe('ALREADY_ARRIVED');
    const gone = await act(t.admin, tmp.booking.id, 'depart');
    expect(gone.body.booking.statusId).toBe(S.GONE);
    expect((await act(t.admin, tmp.booking.id, 'depart')).body.code).toBe('ALREADY_GONE');
    expect((await act(t.admin, tmp.booking.id, 'cancel', { reason: 'trop tard' })).body.code).toBe(
      'INVALID_TRANSITION',
    );
    expect(await history(tmp.booking.id)).toEqual([
      'Création (temporaire)',
      'Réservation confirmée (définitive)',
      'Séjour validé',
      'Client arrivé',
      'Client parti',
    ]);
    expect(gone.body.history.map((h: any) => h.detail)).toContain('Client parti');
  });

  it('a true booking needs a customer ("customer not initialised") and a place for each occupancy', async () => {
    const place = await makePlace(t.admin, ref);
    const noCustomer = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, { placeId: place.id, startDate: '2029-08-10', endDate: '2029-08-12' }),
    );
    expect(noCustomer.body.code).toBe('CUSTOMER_NOT_INITIALISED');
    const noPlace = await t.admin.post(
      '/rest/booking/create',
      bookingBody(ref, { customerId, startDate: '2029-08-10', endDate: '2029-08-12' }),
    );
    expect(noPlace.body.code).toBe('BOOKING_NEEDS_OCCUPANCY');
    expect(await held(place.id)).toBe(0); // nothing of the refused requests remains
  });

  it('set-state reaches a status through its action, with the same rules', async () => {
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2029-09-01',
      endDate: '2029-09-05',
    });
    expect((await t.admin.post(`/rest/booking/${b.booking.id}/set-state`, { statusId: S.GONE })).body.code).toBe(
      'NOT_ARRIVED',
    );
    expect((await t.admin.post(`/rest/booking/${b.booking.id}/set-state`, { statusId: S.CANCELLED })).body.code).toBe(
      'CANCEL_REASON_REQUIRED',
    );
    expect((await t.admin.post(`/rest/booking/${b.booking.id}/set-state`, { statusId: S.INTEGRATED })).body.code).toBe(
      'INVALID_TRANSITION',
    );
    expect(
      (await t.admin.post(`/rest/booking/${b.booking.id}/set-state`, { statusId: S.REFUSED_COUNTER })).body.errors
        .counterProposal,
    ).toBe('Champ obligatoire');
    const r = await t.admin.post(`/rest/booking/${b.booking.id}/set-state`, {
      statusId: S.REFUSED_COUNTER,
      counterProposal: 'Le chalet voisin',
      reason: 'Complet',
    });
    expect(r.body.booking).toMatchObject({
      statusId: S.REFUSED_COUNTER,
      counterProposal: 'Le chalet voisin',
      refusalReason: 'Complet',
    });
    expect(await held(place.id)).toBe(0);
  });

  it('early departure shortens the stay and frees the nights after', async () => {
    const place = await makePlace(t.admin, ref);
    const d = (n: number) => addDays(todayParis(), n);
    const b = await book(t.admin, ref, { placeId: place.id, customerId, startDate: d(0), endDate: d(7) });
    expect((await act(t.admin, b.booking.id, 'early-departure', { date: d(2) })).body.code).toBe('NOT_ARRIVED');
    await act(t.admin, b.booking.id, 'arrive');
    expect((await act(t.admin, b.booking.id, 'early-departure', { date: d(7) })).body.code).toBe('INCORRECT_DATES');
    const r = await act(t.admin, b.booking.id, 'early-departure', { date: d(3) });
    expect(r.body.booking).toMatchObject({ statusId: S.EARLY_DEPARTURE, earlyDepartureDate: d(3), endDate: d(3) });
    expect(r.body.occupancies[0].endDate).toBe(d(3));
    await book(t.admin, ref, { placeId: place.id, customerId, startDate: d(3), endDate: d(7) });
    expect((await act(t.admin, b.booking.id, 'depart')).body.code).toBe('ALREADY_GONE');
  });

  it('options: converted to a booking, downgraded back, and expired at their date', async () => {
    const place = await makePlace(t.admin, ref);
    const o = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      kind: 'option',
      startDate: '2029-10-01',
      endDate: '2029-10-04',
    });
    expect(o.booking.optionExpiryDate).toBe(addDays(todayParis(), 7));
    expect((await act(t.admin, o.booking.id, 'arrive')).body.code).toBe('INVALID_TRANSITION');
    expect((await act(t.admin, o.booking.id, 'convert', { kind: 'booking' })).body.booking.kind).toBe('booking');
    const down = await act(t.admin, o.booking.id, 'convert', { kind: 'option', date: '2029-01-01' });
    expect(down.body.booking).toMatchObject({ kind: 'option', optionExpiryDate: '2029-01-01' });
    expect((await act(t.admin, o.booking.id, 'convert', { kind: 'quote' })).body.code).toBe('INVALID_TRANSITION');
    // Due today: past its date. The tile counts it; expiry releases the place.
    await t
      .knex('booking')
      .where('id', o.booking.id)
      .update({ optionExpiryDate: addDays(todayParis(), -1) });
    const tiles = await t.admin.get('/rest/home/tiles');
    const tile = tiles.body.tiles.find((x: any) => x.key === 'expired-options');
    expect(tile.count).toBeGreaterThanOrEqual(1);
    const list = await t.admin.post('/rest/booking/list', { dueOptions: true });
    expect(list.body.items.map((x: any) => x.id)).toContain(o.booking.id);
    const r = await t.admin.post('/rest/booking/expire-options');
    expect(r.body.expired).toBeGreaterThanOrEqual(1);
    expect((await t.knex('booking').where('id', o.booking.id).first()).statusId).toBe(S.EXPIRED);
    expect(await held(place.id)).toBe(0);
    // Still to follow up (its stay is to come): counted and listed, now as expired.
    expect((await t.admin.get('/rest/home/tiles')).body.tiles.find((x: any) => x.key === 'expired-options').count).toBe(
      tile.count,
    );
    const after = (await t.admin.post('/rest/booking/list', { dueOptions: true })).body.items.find(
      (x: any) => x.id === o.booking.id,
    );
    expect(after.statusId).toBe(S.EXPIRED);
    // Once its stay has begun, there is nothing left to follow up.
    await t
      .knex('occupancy')
      .where('bookingId', o.booking.id)
      .update({ startDate: '2020-10-01', endDate: '2020-10-04' });
    await t.knex('booking').where('id', o.booking.id).update({ startDate: '2020-10-01', endDate: '2020-10-04' });
    expect((await t.admin.get('/rest/home/tiles')).body.tiles.find((x: any) => x.key === 'expired-options').count).toBe(
      tile.count - 1,
    );
  });

  it('a quote holds nothing until it is converted; the DELETED reset keeps the number', async () => {
    const place = await makePlace(t.admin, ref);
    const q1 = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      kind: 'quote',
      startDate: '2029-11-01',
      endDate: '2029-11-05',
    });
    const q2 = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      kind: 'quote',
      startDate: '2029-11-02',
      endDate: '2029-11-04',
    });
    expect(await held(place.id)).toBe(0);
    expect((await act(t.admin, q1.booking.id, 'convert', { kind: 'booking' })).status).toBe(200);
    expect((await act(t.admin, q2.booking.id, 'convert', { kind: 'passage' })).body.code).toBe(
      'PLACE_HAS_OTHER_EQUIPMENT',
    );
    expect((await act(t.admin, q1.booking.id, 'reset', {})).body.code).toBe('DELETE_REASON_REQUIRED');
    const reset = await act(t.admin, q1.booking.id, 'reset', { reason: 'Saisi deux fois' });
    expect(reset.body.booking).toMatchObject({
      statusId: S.DELETED,
      code: q1.booking.code,
      deleteReason: 'Saisi deux fois',
      startDate: null,
    });
    expect(reset.body.occupancies).toEqual([]);
    expect((await act(t.admin, q2.booking.id, 'convert', { kind: 'passage' })).status).toBe(200);
  });

  it('merges a temporary booking into another one of the same customer', async () => {
    const p1 = await makePlace(t.admin, ref);
    const p2 = await makePlace(t.admin, ref);
    const main = await book(t.admin, ref, {
      placeId: p1.id,
      customerId,
      startDate: '2029-12-01',
      endDate: '2029-12-05',
    });
    const extra = await book(t.admin, ref, {
      placeId: p2.id,
      customerId: null,
      temporary: true,
      startDate: '2029-12-01',
      endDate: '2029-12-03',
    });
    const other = await makeCustomer(t.admin);
    const foreign = await book(t.admin, ref, {
      placeId: p2.id,
      customerId: other.id,
      startDate: '2029-12-10',
      endDate: '2029-12-12',
    });
    expect(
      (await t.admin.post(`/rest/booking/${main.booking.id}/merge`, { fromBookingId: foreign.booking.id })).body.code,
    ).toBe('MERGE_DIFFERENT_CUSTOMERS');
    expect(
      (await t.admin.post(`/rest/booking/${main.booking.id}/merge`, { fromBookingId: main.booking.id })).body.code,
    ).toBe('INVALID_TRANSITION');
    const r = await t.admin.post(`/rest/booking/${main.booking.id}/merge`, { fromBookingId: extra.booking.id });
    expect(r.status, r.text).toBe(200);
    expect(r.body.occupancies.map((o: any) => o.placeId).sort()).toEqual([p1.id, p2.id].sort());
    expect(r.body.booking.persons).toBe(4);
    const from = await t.knex('booking').where('id', extra.booking.id).first();
    expect(from).toMatchObject({ statusId: S.DELETED, deleteReason: `Fusionné dans ${main.booking.code}` });
    expect(await history(main.booking.id)).toContain(
      `Fusion : 1 occupation(s) reprise(s) du séjour ${extra.booking.code}`,
    );
    expect(await held(p2.id)).toBe(2);
  });
});

describe('the generic routes keep to the same rules', () => {
  it('statuses, markers and derived columns are not written through /rest/booking', async () => {
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2030-01-01',
      endDate: '2030-01-03',
    });
    const r = await t.admin.put(`/rest/booking/${b.booking.id}`, {
      statusId: S.GONE,
      cancellation: 'cancelled',
      startDate: '2020-01-01',
      persons: 99,
      code: 'X',
      notes: 'Vue mer',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      statusId: S.CONFIRMED,
      cancellation: 'none',
      startDate: '2030-01-01',
      persons: 2,
      code: b.booking.code,
      notes: 'Vue mer',
    });
    expect((await t.admin.put(`/rest/booking/${b.booking.id}`, { customerId: null })).body.code).toBe(
      'CUSTOMER_NOT_INITIALISED',
    );
    expect((await t.admin.put(`/rest/booking/${b.booking.id}`, { kind: 'quote' })).body.code).toBe(
      'INVALID_TRANSITION',
    );
    // Only a temporary or abandoned booking disappears; the others are reset.
    expect((await t.admin.post(`/rest/booking/delete/${b.booking.id}`)).body.code).toBe('INVALID_TRANSITION');
    await act(t.admin, b.booking.id, 'cancel', { reason: 'Test' });
    expect(
      (await t.admin.put(`/rest/booking/${b.booking.id}`, { customerId: (await makeCustomer(t.admin)).id })).body.code,
    ).toBe('INVALID_TRANSITION');
    expect((await t.admin.put(`/rest/booking/${b.booking.id}`, { notes: 'Annulée par téléphone' })).status).toBe(200);
    const tmp = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      temporary: true,
      startDate: '2030-01-01',
      endDate: '2030-01-03',
    });
    expect((await t.admin.del(`/rest/booking/${tmp.booking.id}`)).status).toBe(200);
    expect(await t.knex('occupancy').where('bookingId', tmp.booking.id).first()).toBeUndefined();
    expect(await held(place.id)).toBe(0);
  });

  it('occupancies of a closed stay cannot change; lock and cancel of one occupancy', async () => {
    const place = await makePlace(t.admin, ref);
    const other = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2030-02-01',
      endDate: '2030-02-05',
    });
    const occ = b.occupancies[0];
    const locked = await t.admin.post(`/rest/occupancy/${occ.id}/lock`, { locked: true });
    expect(locked.body.isLocked).toBe(true);
    expect((await t.admin.put(`/rest/occupancy/${occ.id}`, { placeId: other.id })).body.code).toBe(
      'PLACE_LOCKED_BY_CUSTOMER',
    );
    await t.admin.post(`/rest/occupancy/${occ.id}/lock`, { locked: false });
    expect((await t.admin.put(`/rest/occupancy/${occ.id}`, { placeId: other.id })).status).toBe(200);
    expect((await t.admin.post(`/rest/occupancy/${occ.id}/cancel`, {})).body.code).toBe('CANCEL_REASON_REQUIRED');
    // The last occupancy of a confirmed stay stays: a second one first.
    expect(
      (await t.admin.post(`/rest/occupancy/${occ.id}/cancel`, { reason: 'Un emplacement suffit' })).body.code,
    ).toBe('BOOKING_NEEDS_OCCUPANCY');
    const second = await makePlace(t.admin, ref);
    expect(
      (
        await t.admin.post(`/rest/booking/${b.booking.id}/occupancy`, {
          placeId: second.id,
          startDate: '2030-02-01',
          endDate: '2030-02-05',
        })
      ).status,
    ).toBe(200);
    const c = await t.admin.post(`/rest/occupancy/${occ.id}/cancel`, { reason: 'Un emplacement suffit' });
    expect(c.body).toMatchObject({ isCancelled: true, cancelReason: 'Un emplacement suffit' });
    expect(await held(other.id)).toBe(0);
    expect((await t.admin.put(`/rest/occupancy/${occ.id}`, { endDate: '2030-02-06' })).body.code).toBe(
      'INVALID_TRANSITION',
    );
    expect(await history(b.booking.id)).toEqual(
      expect.arrayContaining([
        'Emplacement verrouillé à la demande du client',
        'Emplacement déverrouillé',
        'Occupation du 2030-02-01 annulée : Un emplacement suffit',
      ]),
    );
    const g = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: todayParis(),
      endDate: addDays(todayParis(), 2),
    });
    await act(t.admin, g.booking.id, 'arrive');
    await act(t.admin, g.booking.id, 'depart');
    const gOcc = g.occupancies[0].id;
    expect((await t.admin.put(`/rest/occupancy/${gOcc}`, { endDate: addDays(todayParis(), 3) })).body.code).toBe(
      'INVALID_TRANSITION',
    );
    expect(
      (await t.admin.post('/rest/occupancy-detail', { occupancyId: gOcc, ageCategoryId: ref.ages.child, quantity: 1 }))
        .body.code,
    ).toBe('INVALID_TRANSITION');
    expect((await t.admin.post(`/rest/occupancy/delete/${gOcc}`)).body.code).toBe('INVALID_TRANSITION');
  });

  it('a confirmed stay keeps its last occupancy and its place ("booking needs occupancy and place")', async () => {
    const [p1, p2] = [await makePlace(t.admin, ref), await makePlace(t.admin, ref)];
    const b = await book(t.admin, ref, { placeId: p1.id, customerId, startDate: '2030-04-01', endDate: '2030-04-05' });
    const occ = b.occupancies[0].id;
    const refused = async (r: { status: number; body: any }) => {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('BOOKING_NEEDS_OCCUPANCY');
      expect(r.body.message).toBe('La réservation doit avoir une occupation et un emplacement');
    };
    await refused(await t.admin.del(`/rest/occupancy/${occ}`));
    await refused(await t.admin.post(`/rest/occupancy/delete/${occ}`));
    await refused(await t.admin.post(`/rest/occupancy/${occ}/cancel`, { reason: 'Plus besoin' }));
    await refused(await t.admin.put(`/rest/occupancy/${occ}`, { placeId: null }));
    const tmp = await book(t.admin, ref, {
      placeId: null,
      customerId,
      temporary: true,
      startDate: '2030-04-01',
      endDate: '2030-04-05',
    });
    await refused(await t.admin.put(`/rest/occupancy/${occ}`, { bookingId: tmp.booking.id }));
    expect(await t.knex('booking').where('id', b.booking.id).first()).toMatchObject({
      statusId: S.CONFIRMED,
      startDate: '2030-04-01',
      endDate: '2030-04-05',
      persons: 2,
    });
    expect(await held(p1.id)).toBe(1);
    // With a second occupancy, one of them may go.
    expect(
      (
        await t.admin.post(`/rest/booking/${b.booking.id}/occupancy`, {
          placeId: p2.id,
          startDate: '2030-04-03',
          endDate: '2030-04-08',
        })
      ).status,
    ).toBe(200);
    expect((await t.admin.del(`/rest/occupancy/${occ}`)).status).toBe(200);
    expect(await t.knex('booking').where('id', b.booking.id).first()).toMatchObject({
      startDate: '2030-04-03',
      endDate: '2030-04-08',
    });
    expect(await held(p1.id)).toBe(0);
    // A stay being keyed in may be emptied.
    const tmpOcc = tmp.occupancies[0].id;
    expect((await t.admin.put(`/rest/occupancy/${tmpOcc}`, { placeId: p1.id })).status).toBe(200);
    expect((await t.admin.put(`/rest/occupancy/${tmpOcc}`, { placeId: null })).status).toBe(200);
    expect((await t.admin.del(`/rest/occupancy/${tmpOcc}`)).status).toBe(200);
    expect(await t.knex('booking').where('id', tmp.booking.id).first()).toMatchObject({
      statusId: S.TEMPORARY,
      startDate: null,
    });
  });
});

describe('every path that ends in DELETED needs the delete right (111)', () => {
  it('reset, set-state to DELETED and merge answer 401 at 011 and change nothing; 111 may', async () => {
    const writer = await userWithRights(t, { rights: { 'booking.booking': { rights: '011' } } });
    const deleter = await userWithRights(t, { rights: { 'booking.booking': { rights: '111' } } });
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2030-04-01',
      endDate: '2030-04-05',
    });
    const extra = await book(t.admin, ref, {
      placeId: null,
      customerId,
      temporary: true,
      startDate: '2030-04-01',
      endDate: '2030-04-03',
    });
    const denied = [
      await act(writer.client, b.booking.id, 'reset', { reason: 'Essai' }),
      await writer.client.post(`/rest/booking/${b.booking.id}/set-state`, { statusId: S.DELETED, reason: 'Essai' }),
      await writer.client.post(`/rest/booking/${b.booking.id}/merge`, { fromBookingId: extra.booking.id }),
    ];
    for (const r of denied) {
      expect(r.status, r.text).toBe(401);
      expect(r.body.message).toBe('401 Droit insuffisant');
    }
    expect(
      (await t.knex('booking').whereIn('id', [b.booking.id, extra.booking.id]).orderBy('id').select('statusId')).map(
        (x: any) => x.statusId,
      ),
    ).toEqual([S.CONFIRMED, S.TEMPORARY]);
    expect(await held(place.id)).toBe(1);
    // Other statuses stay open to 011 through set-state.
    expect(
      (await writer.client.post(`/rest/booking/${b.booking.id}/set-state`, { statusId: S.VALIDATED })).status,
    ).toBe(200);
    const merged = await deleter.client.post(`/rest/booking/${b.booking.id}/merge`, {
      fromBookingId: extra.booking.id,
    });
    expect(merged.status, merged.text).toBe(200);
    const reset = await deleter.client.post(`/rest/booking/${b.booking.id}/set-state`, {
      statusId: S.DELETED,
      reason: 'Doublon',
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.booking.statusId).toBe(S.DELETED);
    expect(await held(place.id)).toBe(0);
  });
});

describe('the booking summary says what this user may do', () => {
  it('by the stay’s state and the user’s rights, conversions spelled out, the last occupancy kept', async () => {
    const place = await makePlace(t.admin, ref);
    const b = await book(t.admin, ref, {
      placeId: place.id,
      customerId,
      startDate: '2029-08-01',
      endDate: '2029-08-06',
    });
    const id = b.booking.id;
    const occupancyId = b.occupancies[0].id;
    const admin = (await t.admin.get(`/rest/booking/${id}/summary`)).body;
    expect(admin.actions).toContain('reset');
    expect(admin.allowed.actions).toEqual(expect.arrayContaining(['cancel', 'reset', 'convert:option']));
    expect(admin.allowed.actions).not.toContain('convert');
    expect(admin.allowed).toMatchObject({
      merge: true,
      addOccupancy: true,
      changeCustomer: true,
      editNotes: true,
      editPrice: true,
      billable: true,
    });
    // A confirmed stay keeps its last active occupancy.
    expect(admin.allowed.occupancies[occupancyId]).toEqual({ lock: true, edit: true, cancel: false, remove: false });

    const writer = (await userWithRights(t, { rights: { 'booking.booking': { rights: '011' } } })).client;
    const w = (await writer.get(`/rest/booking/${id}/summary`)).body.allowed;
    expect(w.actions).toContain('cancel');
    expect(w.actions).not.toContain('reset');
    expect(w.merge).toBe(false);

    const reader = (await userWithRights(t, { rights: { 'booking.booking': { rights: '001' } } })).client;
    const r = (await reader.get(`/rest/booking/${id}/summary`)).body.allowed;
    expect(r).toMatchObject({
      actions: [],
      merge: false,
      addOccupancy: false,
      changeCustomer: false,
      editNotes: false,
      editPrice: false,
    });
    expect(r.occupancies[occupancyId]).toEqual({ lock: false, edit: false, cancel: false, remove: false });

    // An action answers the summary with what may be done next.
    const cancelled = await act(t.admin, id, 'cancel', { reason: 'Motif du test' });
    expect(cancelled.body.allowed.actions).not.toContain('cancel');
    expect(cancelled.body.allowed).toMatchObject({ addOccupancy: false, merge: false, billable: false });
  });
});
